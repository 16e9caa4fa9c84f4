import { z } from 'zod';
import { BioField, LocationField, NameField } from './auth';

/** A partial profile edit: an absent field is left as it is; an empty bio or location clears it. */
export const ProfileUpdateInput = z.object({
  name: NameField.optional(),
  bio: BioField.optional(),
  location: LocationField.optional(),
});
export type ProfileUpdateInputValues = z.infer<typeof ProfileUpdateInput>;
