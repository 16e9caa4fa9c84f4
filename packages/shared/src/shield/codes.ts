// The shield's levels and reason codes: read by its rules, its schema and the web's warnings.
export const RISK_LEVELS = ['none', 'caution', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const RISK_REASON_CODES = [
  'upfront_fee',
  'mpesa_number',
  'off_platform_contact',
  'unrealistic_pay',
  'abroad_fee',
  'famous_employer',
  'money_transfer',
  'unlicensed_agency',
  'model',
] as const;
export type RiskReason = (typeof RISK_REASON_CODES)[number];
