import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordInput, type ForgotPasswordInputValues } from '@jamii/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../lib/paths';
import { Banner, type BannerKind } from '../../components/banner';
import { buttonClasses } from '../../components/button-styles';
import { TextField } from '../../components/form-fields';
import { t } from '../../lib/i18n';
import { requestPasswordReset } from './api';
import { AuthLayout, authLinkClass } from './auth-layout';
import { useGuardedSubmit } from '../../lib/use-submit-guard';

export function ForgotPasswordPage() {
  const [banner, setBanner] = useState<{ kind: BannerKind; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ForgotPasswordInput>, unknown, ForgotPasswordInputValues>({
    resolver: zodResolver(ForgotPasswordInput),
    defaultValues: { email: '' },
  });

  async function handleSend({ email }: ForgotPasswordInputValues) {
    setBanner(null);
    try {
      const answer = await requestPasswordReset(email);
      setBanner(
        answer.status === 'success'
          ? { kind: 'success', message: answer.message }
          : { kind: 'error', message: t('auth.forgot.notSuccess') },
      );
    } catch {
      setBanner({ kind: 'error', message: t('auth.forgot.failed') });
    }
  }
  const guardedHandleSend = useGuardedSubmit((event) => handleSubmit(handleSend)(event));

  return (
    <AuthLayout
      title={t('auth.forgot.title')}
      heading={t('auth.forgot.heading')}
      intro={t('auth.forgot.intro')}
      footer={
        <Link to={paths.login} className={authLinkClass}>
          {t('auth.backToLogin')}
        </Link>
      }
    >
      <form noValidate onSubmit={guardedHandleSend} className="space-y-4">
        <TextField
          label={t('auth.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email')}
        />
        <button type="submit" disabled={isSubmitting} className={`w-full ${buttonClasses('primary', 'lg')}`}>
          {isSubmitting ? t('auth.forgot.sending') : t('auth.forgot.submit')}
        </button>
      </form>
      {banner && (
        <div className="mt-4">
          <Banner kind={banner.kind}>{banner.message}</Banner>
        </div>
      )}
    </AuthLayout>
  );
}
