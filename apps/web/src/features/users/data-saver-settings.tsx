import { dataSaverStore, storedDataSaver, useDataSaver } from '../../lib/data-saver';
import { t } from '../../lib/i18n';
import { TitledSection } from '../../components/titled-section';

/**
 * Settings' data saver switch (docs/features/kiswahili.md): kept on this device, saved as it is flipped. Until the
 * member chooses, it follows the browser, and says so when that turned it on.
 */
export function DataSaverSettings() {
  const isOn = useDataSaver();
  const startedOnByItself = isOn && storedDataSaver() === null;
  return (
    <TitledSection headingId="data-saver-title" title={t('dataSaver.title')}>
      <p id="data-saver-explain" className="mt-2 max-w-prose text-sm text-gray-600">
        {t('dataSaver.explain')}
      </p>
      <label className="mt-3 flex min-h-12 items-center justify-between gap-3 text-sm font-semibold text-gray-900">
        {t('dataSaver.switch')}
        <input
          type="checkbox"
          role="switch"
          checked={isOn}
          aria-describedby="data-saver-explain"
          onChange={(event) => dataSaverStore.set(event.target.checked)}
          className="size-5 shrink-0 accent-brand-600"
        />
      </label>
      <p className="text-sm text-gray-600">
        {startedOnByItself ? `${t('dataSaver.startedOn')} ` : ''}
        {t('dataSaver.deviceOnly')}
      </p>
    </TitledSection>
  );
}
