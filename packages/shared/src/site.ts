import { z } from 'zod';

/** GET /api/site: the public contact details the operator set, shown on the landing page. */
export const SiteInfoSchema = z.object({ contact_email: z.string(), contact_phone: z.string() });
export type SiteInfo = z.infer<typeof SiteInfoSchema>;
