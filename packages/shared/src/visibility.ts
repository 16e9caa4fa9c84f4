import { z } from 'zod';

/**
 * Who sees an item (docs/design.md#trust-and-safety): `visible` to everyone; `hidden` by moderators or `held` by the
 * scam shield, seen only by its author (with a label saying so) and admins.
 */
export const MODERATION_STATES = ['visible', 'hidden', 'held'] as const;
export const ModerationStateSchema = z.enum(MODERATION_STATES);
export type ModerationState = z.infer<typeof ModerationStateSchema>;
