import { useId, type ComponentType } from 'react';
import { TabBar, tabIdFor } from '../../components/tab-bar';
import { BidForm } from '../../features/bids/bid-form';
import { JobForm } from '../../features/jobs/job-form';
import { PostComposer } from '../../features/posts/post-composer';
import { ServiceForm } from '../../features/services/service-form';
import { UploadVideoForm } from '../../features/videos/upload-video-form';
import { t, type PlainMessageKey } from '../../lib/i18n';
import { useUrlTabs } from '../../lib/use-url-tabs';

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

const tabIds = createTabs.map((tab) => tab.id);

/** the specified screens Create (`/create`): one place to create a post, a job, a bid or a service. */
export function Component() {
  const baseId = useId();
  const [activeId, select] = useUrlTabs(tabIds, createTabs[0]?.id);
  const active = createTabs.find((tab) => tab.id === activeId);
  if (!active) return null;
  const { Form } = active;
  const panelId = `${baseId}-panel`;

  return (
    <div className="mx-auto w-full max-w-2xl px-3 py-4 sm:px-4 sm:py-6">
      <title>{t('page.title', { page: t('create.title') })}</title>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('create.title')}</h1>
      <TabBar
        tabs={createTabs.map((tab) => ({ id: tab.id, label: t(tab.label) }))}
        activeId={active.id}
        onSelect={select}
        label={t('create.tabsLabel')}
        idPrefix={baseId}
        panelIdFor={() => panelId}
        className="mt-4"
      />
      <div role="tabpanel" id={panelId} aria-labelledby={tabIdFor(baseId, active.id)} className="pt-4">
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
