import { z } from 'zod';
import { PRICE_MAX } from './bids';
import { Id } from './input';

export const SERVICE_LIMITS = { title: 150, description: 5000, location: 100 } as const;

/** A service a member offers, with its price (0 for free). */
export const ServiceInput = z.object({
  title: z
    .string({ error: 'Service title is required' })
    .trim()
    .min(1, 'Service title is required')
    .max(SERVICE_LIMITS.title, `Service title can be at most ${SERVICE_LIMITS.title} characters`),
  description: z
    .string()
    .trim()
    .max(SERVICE_LIMITS.description, `Description can be at most ${SERVICE_LIMITS.description} characters`)
    .default(''),
  price: z.coerce
    .number({ error: 'Price is required' })
    .min(0, 'Price cannot be negative')
    .max(PRICE_MAX, 'Price is too large'),
  location: z
    .string()
    .trim()
    .max(SERVICE_LIMITS.location, `Location can be at most ${SERVICE_LIMITS.location} characters`)
    .default(''),
});
export type ServiceInputValues = z.infer<typeof ServiceInput>;

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
  user_id: z.number(),
  location: z.string(),
  /** The provider. */
  name: z.string(),
  username: z.string(),
  profile_pic: z.string().nullable(),
  created_at: z.string(),
});
export type ServiceDto = z.infer<typeof ServiceSchema>;
