import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatKenyanPhone,
  PhoneCodeForm,
  type PhoneCodeFormValues,
  PhoneStartInput,
  type PhoneStartInputValues,
  type PhoneVerifyAnswer,
} from '@jamii/shared';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { buttonClasses } from '../../components/button-styles';
import { TextField } from '../../components/form-fields';
import { ApiError } from '../../lib/api';
import { currentLanguage, localize, t } from '../../lib/i18n';
import { useGuardedSubmit } from '../../lib/use-submit-guard';
import { startPhoneCode, verifyPhoneCode } from './api';

interface PhoneCodeStepsProps {
  /** Signed in: the proved number becomes the member's; signed out: it logs in or signs up. */
  isSignedIn: boolean;
  /** The number the first step starts with (the member's own, in Settings). */
  initialPhone?: string;
  rememberMe?: boolean;
  /** Shown above each step's button (the login's Remember Me). */
  extraFields?: ReactNode;
  /** What the proved code answered; the caller moves on from there. */
  onProved: (answer: PhoneVerifyAnswer, phone: string) => Promise<void> | void;
}

/** What a refused call says: the server's message, else a generic one (offline, 5xx). */
function refusal(error: unknown): string {
  if (error instanceof ApiError && !error.code.startsWith('HTTP_')) return error.message;
  return t('phoneAuth.failed');
}

/** A number as Kenyans write it, kept on one line inside a sentence. */
export const unbrokenPhone = (e164: string) => formatKenyanPhone(e164).replaceAll(' ', '\u00a0');

const textButtonClass =
  'rounded-sm text-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60';

/**
 * Proving a phone number: the number, then the six-digit code texted to it, with a new code on
 * request. The server counts the tries and codes; its refusals show under the field they concern.
 */
export function PhoneCodeSteps({
  isSignedIn,
  initialPhone = '',
  rememberMe,
  extraFields,
  onProved,
}: PhoneCodeStepsProps) {
  const [sent, setSent] = useState<{ phone: string; minutes: number } | null>(null);
  const [notice, setNotice] = useState<{ text: string; isError: boolean } | null>(null);
  const [isResending, setIsResending] = useState(false);
  const phoneForm = useForm<z.input<typeof PhoneStartInput>, unknown, PhoneStartInputValues>({
    resolver: zodResolver(PhoneStartInput),
    defaultValues: { phone: initialPhone },
  });
  const codeForm = useForm<z.input<typeof PhoneCodeForm>, unknown, PhoneCodeFormValues>({
    resolver: zodResolver(PhoneCodeForm),
    defaultValues: { code: '' },
  });

  const ask = (phone: string) =>
    startPhoneCode(isSignedIn ? { phone } : { phone, language: currentLanguage() }, isSignedIn);

  async function handleStart(values: PhoneStartInputValues) {
    try {
      const answer = await ask(values.phone);
      codeForm.reset({ code: '' });
      setNotice(null);
      setSent({ phone: answer.phone, minutes: Math.round(answer.expires_in / 60) });
    } catch (error) {
      const message = (error instanceof ApiError && error.errors?.phone) || refusal(error);
      phoneForm.setError('phone', { type: 'server', message }, { shouldFocus: true });
    }
  }

  async function handleResend() {
    if (!sent) return;
    setIsResending(true);
    try {
      await ask(sent.phone);
      codeForm.reset({ code: '' });
      setNotice({ text: t('phoneAuth.resent'), isError: false });
    } catch (error) {
      setNotice({ text: localize(refusal(error)), isError: true });
    } finally {
      setIsResending(false);
    }
  }

  async function handleVerify(values: PhoneCodeFormValues) {
    if (!sent) return;
    try {
      const answer = await verifyPhoneCode(
        { phone: sent.phone, code: values.code, ...(rememberMe === undefined ? {} : { rememberMe }) },
        isSignedIn,
      );
      await onProved(answer, sent.phone);
    } catch (error) {
      const message = (error instanceof ApiError && error.errors?.code) || refusal(error);
      setNotice(null);
      codeForm.setError('code', { type: 'server', message }, { shouldFocus: true });
    }
  }

  function handleOtherNumber() {
    setSent(null);
    setNotice(null);
  }

  const guardedStart = useGuardedSubmit((event) => phoneForm.handleSubmit(handleStart)(event));
  const guardedVerify = useGuardedSubmit((event) => codeForm.handleSubmit(handleVerify)(event));

  if (!sent) {
    const { errors, isSubmitting } = phoneForm.formState;
    return (
      <form noValidate onSubmit={guardedStart} className="space-y-4">
        <TextField
          label={t('phoneAuth.number')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={t('phone.placeholder')}
          hint={t('phoneAuth.numberHint')}
          error={errors.phone?.message}
          {...phoneForm.register('phone')}
        />
        {extraFields}
        <button type="submit" disabled={isSubmitting} className={`w-full ${buttonClasses('primary', 'lg')}`}>
          {isSubmitting ? t('phoneAuth.sending') : t('phoneAuth.sendCode')}
        </button>
      </form>
    );
  }

  const { errors, isSubmitting } = codeForm.formState;
  return (
    <div className="space-y-4">
      <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
        {t('phoneAuth.sentTo', { number: unbrokenPhone(sent.phone), minutes: sent.minutes })}
      </p>
      <form noValidate onSubmit={guardedVerify} className="space-y-4">
        <TextField
          label={t('phoneAuth.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={20}
          error={errors.code?.message}
          {...codeForm.register('code')}
        />
        {extraFields}
        <button type="submit" disabled={isSubmitting} className={`w-full ${buttonClasses('primary', 'lg')}`}>
          {isSubmitting ? t('phoneAuth.checking') : t('phoneAuth.verify')}
        </button>
      </form>
      {notice && (
        <p
          role={notice.isError ? 'alert' : 'status'}
          className={`text-sm ${notice.isError ? 'text-red-700' : 'text-gray-700'}`}
        >
          {notice.text}
        </p>
      )}
      <div className="flex flex-wrap justify-between gap-3">
        <button
          type="button"
          onClick={() => void handleResend()}
          disabled={isResending}
          className={textButtonClass}
        >
          {isResending ? t('phoneAuth.sending') : t('phoneAuth.resend')}
        </button>
        <button type="button" onClick={handleOtherNumber} className={textButtonClass}>
          {t('phoneAuth.otherNumber')}
        </button>
      </div>
    </div>
  );
}
