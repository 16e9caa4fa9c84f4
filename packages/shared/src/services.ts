import { z } from 'zod';
import { ModerationStateSchema } from './visibility';
import { CurrencyInput, hasAtMostCents, PRICE_MAX } from './bids';
import { CURRENCIES, DEFAULT_CURRENCY } from './format';
import { Id } from './input';
import { RiskSchema } from './shield';

export const SERVICE_LIMITS = { title: 150, description: 5000, location: 100 } as const;

// Without defaults, so that a PATCH leaves out what it does not change.
const serviceFields = {
  title: z
    .string({ error: 'Service title is required' })
    .trim()
    .min(1, 'Service title is required')
    .max(SERVICE_LIMITS.title, `Service title can be at most ${SERVICE_LIMITS.title} characters`),
  description: z
    .string()
    .trim()
    .max(SERVICE_LIMITS.description, `Description can be at most ${SERVICE_LIMITS.description} characters`),
  price: z.coerce
    .number({ error: 'Price is required' })
    .min(0, 'Price cannot be negative')
    .max(PRICE_MAX, 'Price is too large')
    .refine(hasAtMostCents, 'Price can have at most 2 decimals'),
  location: z
    .string()
    .trim()
    .max(SERVICE_LIMITS.location, `Location can be at most ${SERVICE_LIMITS.location} characters`),
  currency: CurrencyInput,
};

/** A service a member offers, with its price (0 for free), in KES unless USD (DESIGN §8.1). */
export const ServiceInput = z.object({
  ...serviceFields,
  description: serviceFields.description.default(''),
  location: serviceFields.location.default(''),
  currency: serviceFields.currency.default(DEFAULT_CURRENCY),
});
export type ServiceInputValues = z.infer<typeof ServiceInput>;

/** `PATCH /api/services/{id}` by the provider: any of the create fields. */
export const ServicePatchInput = z.object(serviceFields).partial();
export type ServicePatchInputValues = z.infer<typeof ServicePatchInput>;

export const ServiceListQuery = z.object({
  user_id: Id.optional(),
  search: z.string().trim().max(100, 'At most 100 characters').optional(),
});
export type ServiceListQueryValues = z.infer<typeof ServiceListQuery>;

/** A service with its provider (SPEC §3 names). */
export const ServiceSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  currency: z.enum(CURRENCIES),
  user_id: z.number(),
  location: z.string(),
  /** The provider. */
  name: z.string(),
  username: z.string(),
  profile_pic: z.string().nullable(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  /** Who sees it (DESIGN §8.6): hidden or held items reach only their author and admins. */
  moderation: ModerationStateSchema,
  /** The scam shield's verdict (DESIGN §8.6). */
  risk: RiskSchema,
});
export type ServiceDto = z.infer<typeof ServiceSchema>;
