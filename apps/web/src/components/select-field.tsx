import { CURRENCIES } from '@jamii/shared';
import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { t } from '../lib/i18n';
import { AmountField, describedBy, FieldFrame, type TextFieldProps } from './form-fields';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> {
  label: string;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
  className?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select with its error under it; spread react-hook-form's `register()` into it. */
export function SelectField({ label, options, error, className, id, ref, ...select }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <FieldFrame id={selectId} label={label} error={error} className={className}>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, error)}
        className={`block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-gray-900 shadow-xs focus:outline-2 focus:outline-offset-0 ${
          error
            ? 'border-red-600 focus:border-red-600 focus:outline-red-600/30'
            : 'border-gray-300 focus:border-brand-600 focus:outline-brand-600/30'
        }`}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** KES (the default) or USD, for a price on a bid, a service or a job (docs/design.md#money-in-kenya-shillings). */
export function CurrencyField(props: Omit<SelectFieldProps, 'label' | 'options'>) {
  return (
    <SelectField
      label={t('money.currency')}
      options={CURRENCIES.map((code) => ({ value: code, label: t(`money.currency.${code}`) }))}
      {...props}
    />
  );
}

/** A price beside its currency: the amount field (spread `register()` into `amount`) and KES/USD. */
export function PriceFields({
  amount,
  currency,
}: {
  amount: Omit<TextFieldProps, 'type' | 'inputMode' | 'step'>;
  currency: Omit<SelectFieldProps, 'label' | 'options'>;
}) {
  return (
    <div className="grid grid-cols-[1fr_auto] gap-3">
      <AmountField {...amount} />
      <CurrencyField {...currency} />
    </div>
  );
}
