import { COUNTY_NAMES } from '@jamii/shared';
import { useId, type ChangeEvent } from 'react';
import { t } from '../lib/i18n';
import { ChevronDownIcon } from './icons';

/**
 * Kenya's 47 counties to narrow a list to one (docs/features/phones-and-places.md), or All counties; named for screen
 * readers by its label, for everyone by its first choice. County names are not translated.
 */
export function CountySelect({
  value,
  onChange,
  className = '',
}: {
  value: string;
  onChange: (county: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('places.countyLabel')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
        className={`block w-full appearance-none truncate rounded-lg border bg-white py-2.5 pr-7 pl-2.5 text-sm text-gray-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 sm:text-base ${
          value ? 'border-brand-600 font-semibold text-brand-800' : 'border-gray-300'
        }`}
      >
        <option value="">{t('places.allCounties')}</option>
        {COUNTY_NAMES.map((county) => (
          <option key={county} value={county}>
            {county}
          </option>
        ))}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-2 size-4 -translate-y-1/2 text-gray-500" />
    </div>
  );
}
