import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { PasswordField } from './form-fields';

interface NewPasswordValues extends FieldValues {
  password: string;
  confirmPassword: string;
}

interface NewPasswordFieldsProps<T extends NewPasswordValues> {
  form: Pick<UseFormReturn<T>, 'register' | 'trigger' | 'getFieldState'>;
  errors: FieldErrors<T>;
  labels: { password: string; confirmPassword: string };
  placeholders?: { password: string; confirmPassword: string };
  disabled?: boolean;
}

/** A new password and its confirmation (signup, password reset). */
export function NewPasswordFields<T extends NewPasswordValues>({
  form,
  errors,
  labels,
  placeholders,
  disabled,
}: NewPasswordFieldsProps<T>) {
  const confirmField = 'confirmPassword' as Path<T>;
  const messageOf = (field: 'password' | 'confirmPassword'): string | undefined => {
    const message = (errors as FieldErrors<NewPasswordValues>)[field]?.message;
    return typeof message === 'string' ? message : undefined;
  };
  return (
    <>
      <PasswordField
        label={labels.password}
        placeholder={placeholders?.password}
        autoComplete="new-password"
        disabled={disabled}
        error={messageOf('password')}
        {...form.register('password' as Path<T>, {
          // A confirmation already typed is checked again, but an untouched one is not nagged about.
          onChange: () => {
            if (form.getFieldState(confirmField).isTouched) void form.trigger(confirmField);
          },
        })}
      />
      <PasswordField
        label={labels.confirmPassword}
        placeholder={placeholders?.confirmPassword}
        autoComplete="new-password"
        disabled={disabled}
        error={messageOf('confirmPassword')}
        {...form.register(confirmField)}
      />
    </>
  );
}
