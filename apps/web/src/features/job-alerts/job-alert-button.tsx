import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { lazyComponent } from '../../lib/lazy-component';
import { paths } from '../../lib/paths';
import type { AlertSearch } from './alert-summary';
import type { PushStateReader } from './job-alert-dialog';

// The form downloads when it is first opened: the Jobs list is a first screen.
const JobAlertDialog = lazyComponent(() => import('./job-alert-dialog'));

interface JobAlertButtonProps {
  search: AlertSearch;
  hasUnkeptFilters: boolean;
  readPushState: PushStateReader;
}

/**
 * "Alert me about jobs like these" and a link to My job alerts, under the Jobs screen's filters;
 * members only (a visitor has nowhere to be told).
 */
export function JobAlertButton({ search, hasUnkeptFilters, readPushState }: JobAlertButtonProps) {
  const { user } = useAuth();
  const [isOpen, setIsOpen] = useState(false);
  if (!user) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <button type="button" onClick={() => setIsOpen(true)} className={buttonClasses('secondary')}>
        {t('jobAlerts.create')}
      </button>
      <Link to={paths.jobAlerts} className="text-sm font-semibold text-brand-700 underline">
        {t('jobAlerts.manage')}
      </Link>
      {isOpen && (
        <Suspense fallback={null}>
          <JobAlertDialog
            search={search}
            hasUnkeptFilters={hasUnkeptFilters}
            readPushState={readPushState}
            onClose={() => setIsOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
