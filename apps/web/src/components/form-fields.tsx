import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import { localize, t } from '../lib/i18n';
import { EyeIcon, EyeOffIcon } from './icons';

// 16 px text: a smaller one makes phone browsers zoom into the field.
const controlBase =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-gray-900 shadow-xs placeholder:text-gray-400 focus:outline-2 focus:outline-offset-0 disabled:bg-gray-100';

function controlClasses(hasError: boolean): string {
  return `${controlBase} ${
    hasError
      ? 'border-red-600 focus:border-red-600 focus:outline-red-600/30'
      : 'border-gray-300 focus:border-brand-600 focus:outline-brand-600/30'
  }`;
}

interface FieldFrameProps {
  id: string;
  label: string;
  error: string | undefined;
  hint?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}

/**
 * A field's label above its control (the children), and under it the error, else the hint, with
 * the ids `${id}-error` and `${id}-hint` that `describedBy` names.
 */
export function FieldFrame({ id, label, error, hint, className, children }: FieldFrameProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {localize(error)}
        </p>
      )}
    </div>
  );
}

/** The aria-describedby of a FieldFrame's control: its error, else its hint, else none. */
export function describedBy(
  id: string,
  error: string | undefined,
  hint?: string | undefined,
): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error under it; spread react-hook-form's `register()` into it. */
export function TextField({ label, error, hint, className, id, ref, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldFrame id={inputId} label={label} error={error} hint={hint} className={className}>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={controlClasses(Boolean(error))}
        {...input}
      />
    </FieldFrame>
  );
}

/** A money amount: a number field with cents, at least `min` (0 unless told). */
export function AmountField({ min = '0', ...props }: Omit<TextFieldProps, 'type' | 'inputMode' | 'step'>) {
  return <TextField type="number" inputMode="decimal" min={min} step="0.01" {...props} />;
}

type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A password input with a show/hide toggle (the specified screens Signup). */
export function PasswordField({ label, error, hint, className, id, ref, ...input }: PasswordFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const [isVisible, setIsVisible] = useState(false);
  const Icon = isVisible ? EyeOffIcon : EyeIcon;
  return (
    <FieldFrame id={inputId} label={label} error={error} hint={hint} className={className}>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          type={isVisible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error, hint)}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className={`${controlClasses(Boolean(error))} pr-12`}
          {...input}
        />
        <button
          type="button"
          aria-label={isVisible ? t('form.hidePassword') : t('form.showPassword')}
          aria-controls={inputId}
          onClick={() => setIsVisible((visible) => !visible)}
          className="absolute inset-y-0 right-0 inline-flex w-12 items-center justify-center rounded-r-lg text-gray-500 hover:text-gray-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
        >
          <Icon className="size-5" />
        </button>
      </div>
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, error, hint, className, id, ref, ...textarea }: TextAreaFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldFrame id={inputId} label={label} error={error} hint={hint} className={className}>
      <textarea
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={`${controlClasses(Boolean(error))} resize-y`}
        {...textarea}
      />
    </FieldFrame>
  );
}

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type'> {
  label: string;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ label, className = '', id, ref, ...input }: CheckboxFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        className="size-5 rounded border-gray-300 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        {...input}
      />
      <label htmlFor={inputId} className="text-sm text-gray-800">
        {label}
      </label>
    </div>
  );
}
