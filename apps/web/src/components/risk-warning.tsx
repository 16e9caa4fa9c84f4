import { RISK_HEADLINE, RISK_REASON_CODES, type Risk, type RiskReason } from '@jamii/shared';
import { t, type PlainMessageKey } from '../lib/i18n';

const REASON_KEYS: Record<RiskReason, PlainMessageKey> = {
  upfront_fee: 'shield.reason.upfront_fee',
  mpesa_number: 'shield.reason.mpesa_number',
  off_platform_contact: 'shield.reason.off_platform_contact',
  unrealistic_pay: 'shield.reason.unrealistic_pay',
  abroad_fee: 'shield.reason.abroad_fee',
  famous_employer: 'shield.reason.famous_employer',
  money_transfer: 'shield.reason.money_transfer',
  unlicensed_agency: 'shield.reason.unlicensed_agency',
  model: 'shield.reason.model',
};
const isKnown = (code: string): code is RiskReason => (RISK_REASON_CODES as readonly string[]).includes(code);

/**
 * The scam shield's warning beside a job, bid, service or post (docs/design.md#trust-and-safety): "Never pay to get a
 * job" (also in Kiswahili) and each reason in plain words. Nothing for `none`. Whether the item is
 * held is the moderation label's to say (components/moderation-label): an admin may approve a
 * `high` item, and then it is no longer held. The shared module owns the codes; the words are in
 * the catalogue.
 */
export function RiskWarning({ risk }: { risk: Risk | undefined }) {
  if (!risk || risk.level === 'none') return null;
  const reasons = risk.reasons.filter(isKnown);
  return (
    <div
      role="note"
      aria-label={t('shield.title')}
      className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900"
      data-testid="risk-warning"
    >
      <p className="font-semibold">
        {t('shield.title')}{' '}
        <span lang="sw" className="font-normal">
          ({RISK_HEADLINE.sw})
        </span>
      </p>
      {reasons.length > 0 && (
        <>
          <p className="mt-1">{t('shield.intro')}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {reasons.map((code) => (
              <li key={code}>{t(REASON_KEYS[code])}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
