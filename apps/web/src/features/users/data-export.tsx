import { EXPORT_FILE_NAME } from '@jamii/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { downloadMyData } from './data-export-api';

type ExportState =
  | { step: 'idle' }
  | { step: 'preparing' }
  | { step: 'downloading'; percent: number | null }
  | { step: 'done' }
  | { step: 'failed'; message: string };

/** Hands the browser a finished file to save, under the given name. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the browser may still be reading it for a moment.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Settings: download everything Jamii holds about me (Kenya Data Protection Act 2019: access, portability). */
export function DataExportSection({ memberId, className }: { memberId: number; className: string }) {
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const isBusy = state.step === 'preparing' || state.step === 'downloading';

  async function handleDownload() {
    setState({ step: 'preparing' });
    try {
      const blob = await downloadMyData(memberId, (received, total) =>
        setState({ step: 'downloading', percent: total ? Math.floor((received / total) * 100) : null }),
      );
      saveFile(blob, EXPORT_FILE_NAME);
      setState({ step: 'done' });
    } catch (error) {
      setState({ step: 'failed', message: errorMessage(error, t('dataExport.failed')) });
    }
  }

  return (
    <section aria-labelledby="data-export-title" className={className}>
      <h2 id="data-export-title" className="text-lg font-bold text-gray-900">
        {t('dataExport.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t('dataExport.body')}</p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => void handleDownload()}
          disabled={isBusy}
          className={buttonClasses('primary')}
        >
          {isBusy ? t('dataExport.busy') : t('dataExport.button')}
        </button>
        <Link
          to={paths.privacy}
          className="text-sm font-semibold text-brand-700 underline underline-offset-2"
        >
          {t('privacy.link')}
        </Link>
      </div>
      <div aria-live="polite" className="mt-3 text-sm">
        {state.step === 'preparing' && <p className="text-gray-700">{t('dataExport.preparing')}</p>}
        {state.step === 'downloading' && (
          <>
            <p className="text-gray-700">
              {state.percent === null
                ? t('dataExport.downloading')
                : t('dataExport.progress', { percent: state.percent })}
            </p>
            {state.percent !== null && (
              <progress
                className="mt-2 h-2 w-full max-w-sm accent-brand-600"
                max={100}
                value={state.percent}
                aria-label={t('dataExport.title')}
              />
            )}
          </>
        )}
        {state.step === 'done' && (
          <p className="font-medium text-brand-800">{t('dataExport.done', { file: EXPORT_FILE_NAME })}</p>
        )}
        {state.step === 'failed' && (
          <p role="alert" className="font-medium text-red-700">
            {state.message}
          </p>
        )}
      </div>
    </section>
  );
}
