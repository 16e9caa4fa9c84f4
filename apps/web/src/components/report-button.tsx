import {
  ErrorCode,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  type ReportDto,
  type ReportInputValues,
  type ReportReason,
  type ReportTargetType,
} from '@jamii/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { DialogTextarea, FormDialog } from './form-dialog';
import { ApiError, apiFetch, errorMessage } from '../lib/api';
import { useAuth } from '../lib/auth';
import { t, type PlainMessageKey } from '../lib/i18n';
import { useToast } from '../lib/toast';

/** `POST /api/reports` (docs/design.md#trust-and-safety). */
export function useReport() {
  return useMutation({
    mutationFn: (input: ReportInputValues) =>
      apiFetch<ReportDto>('/api/reports', { method: 'POST', body: input }),
  });
}

const REASON_LABEL: Record<ReportReason, PlainMessageKey> = {
  spam: 'report.reason.spam',
  scam: 'report.reason.scam',
  harassment: 'report.reason.harassment',
  hate: 'report.reason.hate',
  sexual: 'report.reason.sexual',
  violence: 'report.reason.violence',
  fake: 'report.reason.fake',
  other: 'report.reason.other',
};

/**
 * Report (docs/design.md#trust-and-safety): a small button beside an item that opens a dialog with the reasons, an
 * optional note and Send. Shown to signed-in members for what is not theirs.
 */
export function ReportButton({
  targetType,
  targetId,
  authorId,
  className,
}: {
  targetType: ReportTargetType;
  targetId: number;
  authorId: number;
  className?: string;
}) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!user || user.id === authorId) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={
          className ??
          'rounded-lg px-2 py-1 text-sm font-semibold text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600'
        }
      >
        {t('report.button')}
      </button>
      {open && <ReportDialog targetType={targetType} targetId={targetId} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReportDialog({
  targetType,
  targetId,
  onClose,
}: {
  targetType: ReportTargetType;
  targetId: number;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReport();
  const toast = useToast();

  async function submit() {
    if (!reason) return setError(t('report.chooseReason'));
    try {
      await report.mutateAsync({
        target_type: targetType,
        target_id: targetId,
        reason,
        note: note.trim() || undefined,
      });
      toast.success(t('report.thanks'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === ErrorCode.ALREADY_REPORTED) {
        toast.info(t('report.already'));
        onClose();
      } else setError(errorMessage(err, t('report.failed')));
    }
  }

  return (
    <FormDialog
      title={t('report.title')}
      submitLabel={t('report.send')}
      busyLabel={t('report.sending')}
      isBusy={report.isPending}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <fieldset className="mt-3">
        <legend className="text-sm text-gray-700">{t('report.reasonLegend')}</legend>
        <div className="mt-2 space-y-1">
          {REPORT_REASONS.map((r) => (
            <label
              key={r}
              className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-gray-50"
            >
              <input
                type="radio"
                name="reason"
                value={r}
                checked={reason === r}
                onChange={() => {
                  setReason(r);
                  setError(null);
                }}
                className="size-4 accent-brand-600"
              />
              {t(REASON_LABEL[r])}
            </label>
          ))}
        </div>
      </fieldset>
      <DialogTextarea
        label={t('report.noteLabel')}
        value={note}
        maxLength={REPORT_NOTE_MAX}
        onChange={setNote}
      />
    </FormDialog>
  );
}
