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
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { buttonClasses } from './button-styles';
import { ApiError, apiFetch, errorMessage } from '../lib/api';
import { useAuth } from '../lib/auth';
import { t, type PlainMessageKey } from '../lib/i18n';
import { useToast } from '../lib/toast';

/** `POST /api/reports` (DESIGN §8.6). */
function useReport() {
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
 * Report (DESIGN §8.6): a small button beside an item that opens a dialog with the reasons, an
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
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const noteId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReport();
  const toast = useToast();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
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
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!report.isPending) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl bg-white p-0 text-gray-900 shadow-xl backdrop:bg-gray-950/50"
    >
      <form onSubmit={(event) => void submit(event)} className="p-5">
        <h2 id={titleId} className="text-base font-semibold">
          {t('report.title')}
        </h2>
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
        <label htmlFor={noteId} className="mt-3 block text-sm text-gray-700">
          {t('report.noteLabel')}
        </label>
        <textarea
          id={noteId}
          value={note}
          maxLength={REPORT_NOTE_MAX}
          onChange={(e) => setNote(e.target.value)}
          rows={3}
          className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
        />
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="mt-4 flex justify-end gap-3">
          <button
            type="button"
            onClick={onClose}
            disabled={report.isPending}
            className={buttonClasses('secondary')}
          >
            {t('common.cancel')}
          </button>
          <button type="submit" disabled={report.isPending} className={buttonClasses('danger')}>
            {report.isPending ? t('report.sending') : t('report.send')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
