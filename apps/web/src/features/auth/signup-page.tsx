import { zodResolver } from '@hookform/resolvers/zod';
import { PRIVACY_NOTICE_VERSION, SignupInput, type SignupInputValues } from '@jamii/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../lib/paths';
import { buttonClasses } from '../../components/button-styles';
import { TextField } from '../../components/form-fields';
import { NewPasswordFields } from '../../components/new-password-fields';
import { ProfileFields } from '../../components/profile-fields';
import { ApiError, errorMessage } from '../../lib/api';
import { authStore } from '../../lib/auth';
import { currentLanguage, t } from '../../lib/i18n';
import { PROFILE_PICTURE_MAX_SIDE, shrinkImage } from '../../lib/images';
import { useToast } from '../../lib/toast';
import { usePickedImage } from '../../lib/use-picked-image';
import { AuthLayout, authLinkClass } from './auth-layout';
import { UsernameField } from './username-field';
import type { LoginPrefillState } from './login-page';
import { SignupPictureField } from './signup-picture-field';
import { useGuardedSubmit } from '../../lib/use-submit-guard';

type SignupFormInput = z.input<typeof SignupInput>;
type SignupField = keyof SignupFormInput;

const signupFields: readonly SignupField[] = [
  'username',
  'name',
  'email',
  'location',
  'bio',
  'password',
  'confirmPassword',
];
const isSignupField = (field: string): field is SignupField =>
  (signupFields as readonly string[]).includes(field);

const PICTURE_FIELD = 'profile_pic';

/** The multipart body of `POST /api/signup`; the picture is shrunk first (the server keeps no more). */
async function toSignupForm(values: SignupInputValues, picture: File | null): Promise<FormData> {
  const form = new FormData();
  form.set('username', values.username);
  form.set('name', values.name);
  form.set('email', values.email);
  form.set('location', values.location ?? '');
  form.set('bio', values.bio ?? '');
  form.set('password', values.password);
  form.set('confirmPassword', values.confirmPassword);
  form.set('language', currentLanguage());
  // The consent record (docs/features/your-data.md): the privacy notice version this form showed.
  form.set('terms_version', PRIVACY_NOTICE_VERSION);
  if (picture) form.set(PICTURE_FIELD, await shrinkImage(picture, PROFILE_PICTURE_MAX_SIDE));
  return form;
}

export function SignupPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const picture = usePickedImage();
  const [pictureError, setPictureError] = useState<string | null>(null);
  const form = useForm<SignupFormInput, unknown, SignupInputValues>({
    resolver: zodResolver(SignupInput),
    // Errors appear once a field is left, then follow each key press.
    mode: 'onTouched',
    defaultValues: {
      username: '',
      name: '',
      email: '',
      location: '',
      bio: '',
      password: '',
      confirmPassword: '',
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = form;

  function showServerErrors(error: ApiError): boolean {
    let isFirst = true;
    for (const [field, message] of Object.entries(error.errors ?? {})) {
      if (isSignupField(field)) {
        setError(field, { type: 'server', message }, { shouldFocus: isFirst });
        isFirst = false;
      } else if (field === PICTURE_FIELD) {
        setPictureError(message);
        isFirst = false;
      }
    }
    if (isFirst && (error.status === 413 || error.status === 415)) {
      setPictureError(error.message);
      return true;
    }
    return !isFirst;
  }

  async function handleSignup(values: SignupInputValues) {
    const body = await toSignupForm(values, picture.file);
    try {
      const user = await authStore.signup(body);
      toast.success(t('auth.signup.welcome', { name: user.name }));
      const state: LoginPrefillState = { username: user.username };
      await navigate(paths.login, { state });
    } catch (error) {
      if (error instanceof ApiError && showServerErrors(error)) return;
      toast.error(errorMessage(error, t('error.generic')));
    }
  }
  const guardedHandleSignup = useGuardedSubmit((event) => handleSubmit(handleSignup)(event));

  const [name, username] = useWatch({ control, name: ['name', 'username'] });

  return (
    <AuthLayout
      title={t('auth.signup.title')}
      heading={t('auth.signup.heading')}
      intro={t('auth.signup.intro')}
      footer={
        <>
          {t('auth.signup.haveAccount')}{' '}
          <Link to={paths.login} className={authLinkClass}>
            {t('auth.signup.logIn')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={guardedHandleSignup} className="space-y-4">
        <SignupPictureField
          picture={picture}
          name={name}
          username={username}
          error={pictureError}
          onErrorChange={setPictureError}
        />

        <ProfileFields
          register={register}
          errors={errors}
          afterName={
            <>
              <UsernameField error={errors.username?.message} {...register('username')} />
              <TextField
                label={t('auth.email')}
                type="email"
                inputMode="email"
                placeholder={t('auth.emailPlaceholder')}
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                error={errors.email?.message}
                {...register('email')}
              />
            </>
          }
        />
        <NewPasswordFields
          form={form}
          errors={errors}
          labels={{ password: t('auth.password'), confirmPassword: t('auth.confirmPassword') }}
        />
        <p className="text-sm text-gray-600">
          {t('privacy.signupAccept')}{' '}
          <Link to={paths.privacy} className={authLinkClass}>
            {t('privacy.signupLink')}
          </Link>
        </p>
        <button type="submit" disabled={isSubmitting} className={`w-full ${buttonClasses('primary', 'lg')}`}>
          {isSubmitting ? t('common.loading') : t('auth.signup.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
