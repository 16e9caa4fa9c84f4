import { explainReason, type MessageDto } from '@jamii/shared';
import type { ReactNode } from 'react';
import { LinkedText } from '../../components/linked-text';
import { currentLanguage, t } from '../../lib/i18n';
import { formatDateTime } from '../../lib/time';

export function MessageText({ body }: { body: string }) {
  return <LinkedText text={body} topics={false} linkClassName="font-medium underline underline-offset-2" />;
}

/** Shown to the recipient only, under a message that asks for money or moves the deal elsewhere. */
// Reasons that mean the message asks the recipient for money.
const ASKS_MONEY = new Set(['upfront_fee', 'mpesa_number', 'abroad_fee', 'money_transfer']);

function RiskWarning({ reasons, report }: { reasons: string[]; report?: ReactNode }) {
  const asksMoney = reasons.some((code) => ASKS_MONEY.has(code));
  // The shield's own words for each reason (one module for the rules and their explanations).
  const known = reasons
    .map((code) => explainReason(code, currentLanguage()))
    .filter((line) => line !== undefined);
  const lines = known.length > 0 ? [...new Set(known)] : [t('messages.risk.generic')];
  return (
    <div
      role="note"
      data-testid="message-risk"
      className="mt-1 max-w-[85%] rounded-lg border border-red-600 bg-red-50 px-3 py-2 text-sm text-gray-900"
    >
      <p className="font-semibold text-red-700">
        {t(asksMoney ? 'messages.risk.fee' : 'messages.risk.title')}
      </p>
      <ul className="mt-1 list-disc pl-5">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {asksMoney && report && <div className="mt-1">{report}</div>}
    </div>
  );
}

/** `kept`: written offline, waiting on the phone for the connection (lib/offline/outbox). */
export type SendState = 'sent' | 'sending' | 'failed' | 'kept';

interface MessageBubbleProps {
  message: Pick<MessageDto, 'body' | 'created_at' | 'risk'>;
  isMine: boolean;
  state?: SendState;
  onRetry?: () => void;
  /** Why a send failed, when the server said (a block); else "Not sent." */
  failure?: string | undefined;
  /** Actions on someone else's message (Report), shown beside its time. */
  actions?: ReactNode;
}

export function MessageBubble({
  message,
  isMine,
  state = 'sent',
  onRetry,
  failure,
  actions,
}: MessageBubbleProps) {
  const showRisk = !isMine && message.risk.level !== 'none';
  // A message asking for money carries its Report button inside the warning.
  const reportInWarning = showRisk && message.risk.reasons.some((code) => ASKS_MONEY.has(code));
  return (
    <li
      data-testid="message"
      data-mine={isMine}
      data-state={state}
      className={`flex flex-col ${isMine ? 'items-end' : 'items-start'}`}
    >
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 break-words whitespace-pre-wrap shadow-sm ${
          isMine
            ? 'rounded-br-md bg-brand-700 text-white'
            : 'rounded-bl-md bg-white text-gray-900 ring-1 ring-gray-900/10'
        } ${state === 'sending' || state === 'kept' ? 'opacity-70' : ''}`}
      >
        <MessageText body={message.body} />
      </div>
      {showRisk && <RiskWarning reasons={message.risk.reasons} report={actions} />}
      <div className="mt-0.5 flex items-center gap-2 px-1 text-xs text-gray-600">
        {state === 'sending' && <span>{t('messages.sending')}</span>}
        {state === 'kept' && <span>{t('outbox.waiting')}</span>}
        {state === 'failed' && (
          <>
            <span role="alert" className="text-red-700">
              {failure ?? t('messages.notSent')}
            </span>
            <button
              type="button"
              onClick={onRetry}
              className="rounded font-semibold text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {t('messages.retry')}
            </button>
          </>
        )}
        {state === 'sent' && <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>}
        {!reportInWarning && actions}
      </div>
    </li>
  );
}
