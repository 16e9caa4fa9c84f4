import type { ComponentType, SVGProps } from 'react';
import { BriefcaseIcon, GlobeIcon, PlayIcon, TagIcon } from '../../components/icons';
import { t, type MessageKey } from '../../lib/i18n';
import { TitledSection } from '../../components/titled-section';

type FeatureKey = Extract<MessageKey, `landing.feature.${string}`>;

interface Feature {
  title: FeatureKey;
  body: FeatureKey;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const features: readonly Feature[] = [
  { title: 'landing.feature.jobs.title', body: 'landing.feature.jobs.body', Icon: BriefcaseIcon },
  { title: 'landing.feature.bids.title', body: 'landing.feature.bids.body', Icon: TagIcon },
  { title: 'landing.feature.videos.title', body: 'landing.feature.videos.body', Icon: PlayIcon },
  { title: 'landing.feature.quiz.title', body: 'landing.feature.quiz.body', Icon: GlobeIcon },
];

export function FeatureHighlights() {
  return (
    <TitledSection
      headingId="features-heading"
      title={t('landing.featuresTitle')}
      className="mx-auto max-w-6xl px-4 pt-8 pb-12 md:pt-10 md:pb-16"
      headingClassName="text-2xl font-bold tracking-tight md:text-3xl"
    >
      <ul className="mt-6 grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
        {features.map(({ title, body, Icon }) => (
          <li
            key={title}
            className="flex gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:block sm:p-5"
          >
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon className="size-5" />
            </span>
            <div>
              <h3 className="text-lg font-semibold sm:mt-3">{t(title)}</h3>
              <p className="mt-1 text-sm text-gray-600">{t(body)}</p>
            </div>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
