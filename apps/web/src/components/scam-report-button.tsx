import { ErrorCode, type ReportTargetType } from '@jamii/shared';
import { useState } from 'react';
import { useReport } from './report-button';
import { ApiError, errorMessage } from '../lib/api';
import { useAuth } from '../lib/auth';
import { t } from '../lib/i18n';
import { useToast } from '../lib/toast';

// A file of its own: the Jobs, offers and messages screens use it, and the feed's download (which
// holds the report button of posts) should not carry it (docs/web-performance.md).

/**
 * Report scam in one tap (docs/features/moderation.md#scam-reports): no dialog, the reason is scam.
 * Shown to signed-in members for what is not theirs; three members' scam reports hold a job for a
 * moderator. After the tap it says so and stays pressed.
 */
export function ScamReportButton({
  targetType,
  targetId,
  authorId,
}: {
  targetType: ReportTargetType;
  targetId: number;
  authorId: number;
}) {
  const { user } = useAuth();
  const report = useReport();
  const toast = useToast();
  const [done, setDone] = useState(false);
  if (!user || user.id === authorId) return null;

  async function send() {
    try {
      await report.mutateAsync({ target_type: targetType, target_id: targetId, reason: 'scam' });
      toast.success(t('report.scam.thanks'));
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.code === ErrorCode.ALREADY_REPORTED) {
        toast.info(t('report.already'));
        setDone(true);
      } else toast.error(errorMessage(err, t('report.failed')));
    }
  }

  return (
    <button
      type="button"
      disabled={done || report.isPending}
      aria-pressed={done}
      onClick={() => void send()}
      className="rounded-lg px-2 py-1 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:text-gray-600 disabled:hover:bg-transparent"
    >
      {done ? t('report.scam.done') : t('report.scam.button')}
    </button>
  );
}
