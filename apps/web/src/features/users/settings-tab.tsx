import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatKenyanPhone,
  ProfileFormInput,
  type ProfileUpdateInputValues,
  type UserDto,
} from '@jamii/shared';
import { useMutation } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Avatar } from '../../components/avatar';
import { buttonClasses } from '../../components/button-styles';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ProfileFields } from '../../components/profile-fields';
import { CheckboxField, TextField } from '../../components/form-fields';
import { CameraIcon } from '../../components/icons';
import { LanguageSwitch } from '../../components/language-switch';
import { LogoutDialog } from '../../components/logout-dialog';
import { ApiError, errorMessage, storageFullOr } from '../../lib/api';
import { authStore, useLogout } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { PROFILE_PICTURE_MAX_SIDE, shrinkImage } from '../../lib/images';
import { useToast } from '../../lib/toast';
import { usePickedImage } from '../../lib/use-picked-image';
import { deleteAccount, updateProfile, uploadProfilePicture } from './api';
import { DataExportSection } from './data-export';
import { DataSaverSettings } from './data-saver-settings';
import { UssdPinSettings } from './ussd-pin-settings';
import type { ProfileTabProps } from './profile-tab-types';
import { useGuardedSubmit } from '../../lib/use-submit-guard';

const cardClass = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6';
const cardTitleClass = 'text-lg font-bold text-gray-900';

type EditableField = keyof ProfileUpdateInputValues;
const editableFields: readonly EditableField[] = [
  'name',
  'location',
  'bio',
  'headline',
  'skills',
  'phone',
  'show_phone',
];
const isEditableField = (field: string): field is EditableField =>
  (editableFields as readonly string[]).includes(field);

const formValues = (member: UserDto) => ({
  name: member.name,
  location: member.location,
  bio: member.bio,
  headline: member.headline,
  skills: member.skills.join(', '),
  phone: member.phone ? formatKenyanPhone(member.phone) : '',
  show_phone: member.show_phone ?? false,
});

function EditProfileForm({ member }: { member: UserDto }) {
  const toast = useToast();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<z.input<typeof ProfileFormInput>, unknown, ProfileUpdateInputValues>({
    resolver: zodResolver(ProfileFormInput),
    mode: 'onTouched',
    defaultValues: formValues(member),
  });

  async function handleSave(values: ProfileUpdateInputValues) {
    try {
      const updated = await updateProfile(member.id, values);
      authStore.setUser(updated);
      reset(formValues(updated));
      toast.success(t('profile.edit.saved'));
    } catch (error) {
      const fieldErrors = Object.entries(error instanceof ApiError ? (error.errors ?? {}) : {});
      const known = fieldErrors.filter(([field]) => isEditableField(field));
      for (const [field, message] of known) setError(field as EditableField, { type: 'server', message });
      if (known.length === 0) toast.error(errorMessage(error, t('error.generic')));
    }
  }
  const guardedHandleSave = useGuardedSubmit((event) => handleSubmit(handleSave)(event));

  return (
    <section aria-labelledby="edit-profile-title" className={cardClass}>
      <h2 id="edit-profile-title" className={cardTitleClass}>
        {t('profile.edit.title')}
      </h2>
      <form noValidate onSubmit={guardedHandleSave} className="mt-4 space-y-4">
        <ProfileFields register={register} errors={errors} />
        <TextField
          label={t('profile.headline')}
          placeholder={t('profile.headlinePlaceholder')}
          error={errors.headline?.message}
          {...register('headline')}
        />
        <TextField
          label={t('profile.skills')}
          hint={t('profile.skillsHint')}
          error={errors.skills?.message}
          {...register('skills')}
        />
        <TextField
          label={t('phone.label')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={t('phone.placeholder')}
          hint={t('phone.hint')}
          error={errors.phone?.message}
          {...register('phone')}
        />
        {member.phone && (
          <p className="text-sm text-gray-700">
            {member.phone_verified ? (
              t('phoneAuth.settings.verifiedNumber', { number: formatKenyanPhone(member.phone) })
            ) : (
              <Link
                to={paths.accountSecurity}
                className="rounded-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                {t('phoneAuth.settings.title')}
              </Link>
            )}
          </p>
        )}
        <CheckboxField label={t('phone.show')} {...register('show_phone')} />
        <button type="submit" disabled={isSubmitting || !isDirty} className={buttonClasses('primary')}>
          {isSubmitting ? t('common.saving') : t('profile.edit.save')}
        </button>
      </form>
    </section>
  );
}

function ProfilePictureForm({ member }: { member: UserDto }) {
  const toast = useToast();
  const picture = usePickedImage();
  const upload = useMutation({
    mutationFn: async (file: File) =>
      uploadProfilePicture(member.id, await shrinkImage(file, PROFILE_PICTURE_MAX_SIDE)),
    onSuccess: async (updated) => {
      toast.success(t('profile.picture.updated'));
      picture.pick(null);
      // the specified API calls: the user is re-fetched after the upload; the answer stands in if that fails.
      if (!(await authStore.refreshUser())) authStore.setUser(updated);
    },
    onError: (error) => toast.error(storageFullOr(error, t('profile.picture.failed'))),
  });

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (file) picture.pick(file);
  }

  return (
    <section aria-labelledby="profile-picture-title" className={cardClass}>
      <h2 id="profile-picture-title" className={cardTitleClass}>
        {t('profile.picture.title')}
      </h2>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Avatar person={{ ...member, profile_pic: picture.previewUrl ?? member.profile_pic }} size="xl" />
        <div className="flex flex-wrap gap-3">
          <input
            id="profile-picture-input"
            type="file"
            accept="image/*"
            className="peer sr-only"
            disabled={upload.isPending}
            onChange={handleChange}
          />
          <label
            htmlFor="profile-picture-input"
            className={`cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 ${buttonClasses('secondary')}`}
          >
            <CameraIcon className="size-4" />
            {t('profile.picture.choose')}
          </label>
          {picture.file && (
            <button
              type="button"
              disabled={upload.isPending}
              onClick={() => picture.file && upload.mutate(picture.file)}
              className={buttonClasses('primary')}
            >
              {upload.isPending ? t('profile.picture.uploading') : t('profile.picture.upload')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

function AccountSection({ member }: { member: UserDto }) {
  const toast = useToast();
  const logout = useLogout();
  const [dialog, setDialog] = useState<'logout' | 'delete' | null>(null);
  const removal = useMutation({
    mutationFn: () => deleteAccount(member.id),
    onSuccess: async () => {
      toast.success(t('profile.delete.done'));
      await logout();
    },
    onError: (error) => {
      setDialog(null);
      toast.error(errorMessage(error, t('error.generic')));
    },
  });

  return (
    <section aria-labelledby="account-title" className={cardClass}>
      <h2 id="account-title" className={cardTitleClass}>
        {t('profile.account.title')}
      </h2>
      <div className="mt-4 space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-gray-600">{t('blocks.settingsHint')}</p>
          <Link to={paths.blockedMembers} className={buttonClasses('secondary')}>
            {t('blocks.settingsLink')}
          </Link>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-gray-600">{t('notificationSettings.settingsHint')}</p>
          <Link to={paths.notificationSettings} className={buttonClasses('secondary')}>
            {t('notificationSettings.settingsLink')}
          </Link>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-gray-600">{t('employer.settingsHint')}</p>
          <Link to={paths.employerVerification} className={buttonClasses('secondary')}>
            {t('employer.settingsLink')}
          </Link>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-gray-600">{t('security.settingsHint')}</p>
          <Link to={paths.accountSecurity} className={buttonClasses('secondary')}>
            {t('security.settingsLink')}
          </Link>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-gray-600">{t('profile.account.logoutBody')}</p>
          <button type="button" onClick={() => setDialog('logout')} className={buttonClasses('secondary')}>
            {t('logout.button')}
          </button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 pt-5">
          <p className="max-w-md text-sm text-gray-600">{t('profile.delete.body')}</p>
          <button type="button" onClick={() => setDialog('delete')} className={buttonClasses('danger')}>
            {t('profile.delete.button')}
          </button>
        </div>
      </div>
      <LogoutDialog open={dialog === 'logout'} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={dialog === 'delete'}
        message={t('profile.delete.confirm')}
        confirmLabel={t('profile.delete.button')}
        busyLabel={t('profile.delete.deleting')}
        isBusy={removal.isPending}
        isDestructive
        onConfirm={() => removal.mutate()}
        onCancel={() => setDialog(null)}
      />
    </section>
  );
}

/** the specified screens Profile settings: edit the profile, change the picture, log out, delete the account. */
function LanguageSection() {
  return (
    <section aria-labelledby="language-title" className={cardClass}>
      <h2 id="language-title" className={cardTitleClass}>
        {t('language.settingsTitle')}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t('language.settingsHint')}</p>
      <LanguageSwitch className="mt-3" />
    </section>
  );
}

export function SettingsTab({ member }: ProfileTabProps) {
  return (
    <div className="space-y-4">
      <EditProfileForm member={member} />
      <ProfilePictureForm member={member} />
      <LanguageSection />
      <DataSaverSettings />
      <UssdPinSettings />
      <DataExportSection memberId={member.id} className={cardClass} />
      <AccountSection member={member} />
    </div>
  );
}
