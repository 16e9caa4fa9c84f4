import { useId, useRef, type ComponentType, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { BidForm } from '../../features/bids/bid-form';
import { JobForm } from '../../features/jobs/job-form';
import { PostComposer } from '../../features/posts/post-composer';
import { ServiceForm } from '../../features/services/service-form';
import { UploadVideoForm } from '../../features/videos/upload-video-form';
import { t, type PlainMessageKey } from '../../lib/i18n';

interface CreateTab {
  id: string;
  label: PlainMessageKey;
  Form: ComponentType;
  /** The form draws its own card (the post composer does). */
  hasOwnCard?: boolean;
}

/** What `/create` can make, in tab order. One list: a new kind of content adds one line here. */
export const createTabs: readonly CreateTab[] = [
  { id: 'post', label: 'create.tab.post', Form: PostComposer, hasOwnCard: true },
  { id: 'job', label: 'create.tab.job', Form: JobForm },
  { id: 'bid', label: 'create.tab.bid', Form: BidForm },
  { id: 'service', label: 'create.tab.service', Form: ServiceForm },
  { id: 'video', label: 'create.tab.video', Form: UploadVideoForm },
];

const TAB_PARAM = 'tab';

/** SPEC §2 Create (`/create`): one place to create a post, a job, a bid or a service. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const baseId = useId();
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const active = createTabs.find((tab) => tab.id === params.get(TAB_PARAM)) ?? createTabs[0];
  if (!active) return null;
  const { Form } = active;

  function select(id: string) {
    setParams(
      (current) => {
        current.set(TAB_PARAM, id);
        return current;
      },
      { replace: true },
    );
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step || !active) return;
    event.preventDefault();
    const index = createTabs.findIndex((tab) => tab.id === active.id);
    const next = createTabs[(index + step + createTabs.length) % createTabs.length];
    if (!next) return;
    select(next.id);
    tabRefs.current.get(next.id)?.focus();
  }

  return (
    <div className="mx-auto w-full max-w-2xl px-3 py-4 sm:px-4 sm:py-6">
      <title>{t('page.title', { page: t('create.title') })}</title>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('create.title')}</h1>
      <div
        role="tablist"
        aria-label={t('create.tabsLabel')}
        onKeyDown={handleKeyDown}
        className="mt-4 flex gap-1 overflow-x-auto border-b border-gray-200"
      >
        {createTabs.map((tab) => {
          const isActive = tab.id === active.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-${tab.id}-tab`}
              aria-selected={isActive}
              aria-controls={`${baseId}-panel`}
              tabIndex={isActive ? 0 : -1}
              onClick={() => select(tab.id)}
              className={`-mb-px shrink-0 border-b-2 px-4 py-2.5 text-sm font-semibold focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${
                isActive
                  ? 'border-brand-700 text-brand-700'
                  : 'border-transparent text-gray-600 hover:text-gray-900'
              }`}
            >
              {t(tab.label)}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-${active.id}-tab`}
        className="pt-4"
      >
        {active.hasOwnCard ? (
          <Form />
        ) : (
          <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6">
            <Form />
          </div>
        )}
      </div>
    </div>
  );
}
