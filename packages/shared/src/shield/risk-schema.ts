import { z } from 'zod';
import { RISK_LEVELS } from './codes';

// The shield's one schema, apart from its rules: the feed shows warnings from the rules' texts, and
// its download should not carry zod for them (the JavaScript budget (docs/web-performance.md)).
/** What an item carries (`risk` on jobs, bids, services, posts and messages). */
export const RiskSchema = z.object({
  level: z.enum(RISK_LEVELS),
  /** Reason codes (RISK_REASON_CODES); a client explains the codes it knows and skips others. */
  reasons: z.array(z.string()),
});
export type Risk = z.infer<typeof RiskSchema>;
