import { z } from 'zod';
import { AuthorFields, CurrencyInput, EditedItemFields, moneyAmount } from './bids';
import { CURRENCIES, DEFAULT_CURRENCY } from './format';
import { MemberItemsQuery, optionalText, requiredText } from './input';
import { RiskSchema } from './shield/risk-schema';

export const SERVICE_LIMITS = { title: 150, description: 5000, location: 100 } as const;

// Without defaults, so that a PATCH leaves out what it does not change.
const serviceFields = {
  title: requiredText('Service title', SERVICE_LIMITS.title),
  description: optionalText('Description', SERVICE_LIMITS.description),
  price: moneyAmount('Price', { error: 'Price is required' }),
  location: optionalText('Location', SERVICE_LIMITS.location),
  currency: CurrencyInput,
};

/** A service a member offers, with its price (0 for free), in KES unless USD (docs/design.md#money-in-kenya-shillings). */
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

export const ServiceListQuery = MemberItemsQuery;
export type ServiceListQueryValues = z.infer<typeof ServiceListQuery>;

/** A service with its provider (the specified fields names). */
export const ServiceSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  currency: z.enum(CURRENCIES),
  user_id: z.number(),
  location: z.string(),
  /** The provider. */
  ...AuthorFields,
  ...EditedItemFields,
  /** The scam shield's verdict (docs/design.md#trust-and-safety). */
  risk: RiskSchema,
});
export type ServiceDto = z.infer<typeof ServiceSchema>;
