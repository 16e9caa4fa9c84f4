import { zodResolver } from '@hookform/resolvers/zod';
import { UssdPinInput, type UssdPinInputValues } from '@jamii/shared';
import { useForm } from 'react-hook-form';
import { buttonClasses } from '../../components/button-styles';
import { PasswordField, TextField } from '../../components/form-fields';
import { TitledSection } from '../../components/titled-section';
import { apiFetch, ApiError, errorMessage } from '../../lib/api';
import { localize, t } from '../../lib/i18n';
import { useToast } from '../../lib/toast';
import { useGuardedSubmit } from '../../lib/use-submit-guard';

/** Settings › USSD PIN: what acting from a feature phone takes, set with the account's password. */
export function UssdPinSettings() {
  const toast = useToast();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UssdPinInputValues>({ resolver: zodResolver(UssdPinInput), mode: 'onTouched' });

  async function save(values: UssdPinInputValues) {
    try {
      await apiFetch<void>('/api/auth/ussd-pin', { method: 'PUT', body: values });
      reset({ pin: '', password: '' });
      toast.success(t('ussdPin.saved'));
    } catch (error) {
      const fields = error instanceof ApiError ? (error.errors ?? {}) : {};
      if (fields.password) setError('password', { message: localize(fields.password) });
      else if (fields.pin) setError('pin', { message: localize(fields.pin) });
      else toast.error(errorMessage(error, t('ussdPin.failed')));
    }
  }

  const guardedSave = useGuardedSubmit((event) => handleSubmit(save)(event));

  return (
    <TitledSection headingId="ussd-pin-title" title={t('ussdPin.title')}>
      <p className="mt-2 max-w-prose text-sm text-gray-600">{t('ussdPin.body')}</p>
      <form onSubmit={guardedSave} noValidate className="mt-3 grid max-w-sm gap-3">
        <TextField
          label={t('ussdPin.pin')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          error={errors.pin?.message && localize(errors.pin.message)}
          {...register('pin')}
        />
        <PasswordField
          label={t('ussdPin.password')}
          autoComplete="current-password"
          error={errors.password?.message && localize(errors.password.message)}
          {...register('password')}
        />
        <div>
          <button type="submit" disabled={isSubmitting} className={buttonClasses('primary')}>
            {isSubmitting ? t('common.saving') : t('ussdPin.save')}
          </button>
        </div>
      </form>
    </TitledSection>
  );
}
