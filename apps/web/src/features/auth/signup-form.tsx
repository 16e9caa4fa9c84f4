import { zodResolver } from '@hookform/resolvers/zod';
import {
  PhoneSignupInput,
  PRIVACY_NOTICE_VERSION,
  SignupInput,
  type PhoneSignupInputValues,
  type SignupInputValues,
} from '@jamii/shared';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
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
import { authLinkClass } from './auth-layout';
import { UsernameField } from './username-field';
import type { LoginPrefillState } from './login-page';
import { SignupPictureField } from './signup-picture-field';
import { useGuardedSubmit } from '../../lib/use-submit-guard';

type SignupFormInput = z.input<typeof SignupInput>;
type SignupField = keyof SignupFormInput;
/** What the form hands over: an email signup's values, or a phone signup's (its token, no email). */
type SignupValues = SignupInputValues | PhoneSignupInputValues;

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
async function toSignupForm(values: SignupValues, picture: File | null): Promise<FormData> {
  const form = new FormData();
  form.set('username', values.username);
  form.set('name', values.name);
  if ('signup_token' in values) form.set('signup_token', values.signup_token);
  else form.set('email', values.email);
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

/**
 * A phone signup checks the same fields by the shared phone rules, with the token the proved number
 * answered in place of the email (which stays empty and unsent).
 */
function phoneSignupResolver(signupToken: string): Resolver<SignupFormInput, unknown, SignupValues> {
  const check = zodResolver(PhoneSignupInput);
  return (values, context, options) =>
    check({ ...values, signup_token: signupToken }, context, options as never) as ReturnType<
      Resolver<SignupFormInput, unknown, SignupValues>
    >;
}

interface SignupFormProps {
  /** From POST /api/auth/phone/verify: the proved number stands in for the email. */
  signupToken?: string;
  /** Shown under the email field (the way to sign up with a phone); given the email's error. */
  emailAlternative?: (emailError: string | undefined) => ReactNode;
  /** The server refused the token (expired or used): the number has to be proved again. */
  onTokenRefused?: (message: string) => void;
}

/** The signup form (the specified fields), with an email, or with a proved phone number instead. */
export function SignupForm({ signupToken, emailAlternative, onTokenRefused }: SignupFormProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const picture = usePickedImage();
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [resolver] = useState(() =>
    signupToken === undefined
      ? (zodResolver(SignupInput) as Resolver<SignupFormInput, unknown, SignupValues>)
      : phoneSignupResolver(signupToken),
  );
  const form = useForm<SignupFormInput, unknown, SignupValues>({
    resolver,
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
      } else if (field === 'signup_token' && onTokenRefused) {
        onTokenRefused(message);
        isFirst = false;
      }
    }
    if (isFirst && (error.status === 413 || error.status === 415)) {
      setPictureError(error.message);
      return true;
    }
    return !isFirst;
  }

  async function handleSignup(values: SignupValues) {
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
            {signupToken === undefined && (
              <div>
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
                {emailAlternative?.(errors.email?.message)}
              </div>
            )}
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
  );
}
