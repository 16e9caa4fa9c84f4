import { useId, type ReactNode } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { t } from '../lib/i18n';
import { TextAreaField, TextField } from './form-fields';
import { LocationSuggestions } from './location-suggestions';

interface ProfileFieldValues extends FieldValues {
  name?: string;
  location?: string;
  bio?: string;
}

interface ProfileFieldsProps<T extends ProfileFieldValues> {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** Fields shown between the name and the location (signup's username and email). */
  afterName?: ReactNode;
}

/** A member's public profile fields, the same at signup and in Settings: name, location and bio. */
export function ProfileFields<T extends ProfileFieldValues>({
  register,
  errors,
  afterName,
}: ProfileFieldsProps<T>) {
  const placesId = useId();
  const messageOf = (field: 'name' | 'location' | 'bio'): string | undefined => {
    const message = (errors as FieldErrors<ProfileFieldValues>)[field]?.message;
    return typeof message === 'string' ? message : undefined;
  };
  return (
    <>
      <TextField
        label={t('auth.name')}
        autoComplete="name"
        error={messageOf('name')}
        {...register('name' as Path<T>)}
      />
      {afterName}
      <TextField
        label={t('auth.location')}
        placeholder={t('auth.locationPlaceholder')}
        autoComplete="address-level2"
        list={placesId}
        error={messageOf('location')}
        {...register('location' as Path<T>)}
      />
      <LocationSuggestions id={placesId} />
      <TextAreaField
        label={t('auth.bio')}
        placeholder={t('auth.bioPlaceholder')}
        rows={3}
        error={messageOf('bio')}
        {...register('bio' as Path<T>)}
      />
    </>
  );
}
