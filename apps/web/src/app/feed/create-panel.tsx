import { useId, type ComponentType } from 'react';
import { TabBar, tabIdFor } from '../../components/tab-bar';
import { BidForm } from '../../features/bids/bid-form';
import { JobForm } from '../../features/jobs/job-form';
import { PostComposer } from '../../features/posts/post-composer';
import { t, type PlainMessageKey } from '../../lib/i18n';
import type { QuickCreateType } from '../../lib/paths';

interface CreateOption {
  type: QuickCreateType;
  label: PlainMessageKey;
}

const options: readonly CreateOption[] = [
  { type: 'post', label: 'feed.create.post' },
  { type: 'job', label: 'feed.create.job' },
  { type: 'bid', label: 'feed.create.bid' },
];

interface CreatePanelProps {
  type: QuickCreateType;
  onTypeChange: (type: QuickCreateType) => void;
  /** A job or bid was created. */
  onCreated: () => void;
  /** Put the cursor in the form (Quick Create). */
  focusOnMount: boolean;
}

const formFor: Record<Exclude<QuickCreateType, 'post'>, ComponentType<{ onCreated?: () => void }>> = {
  job: JobForm,
  bid: BidForm,
};

/** the specified screens Feed: tabs to create a Post, a Job (or, through Quick Create, a Bid). */
export function CreatePanel({ type, onTypeChange, onCreated, focusOnMount }: CreatePanelProps) {
  const baseId = useId();
  const panelId = `${baseId}-panel`;
  const Form = type === 'post' ? null : formFor[type];
  return (
    <div>
      <TabBar
        tabs={options.map((option) => ({ id: option.type, label: t(option.label) }))}
        activeId={type}
        onSelect={onTypeChange}
        label={t('feed.create.label')}
        idPrefix={baseId}
        panelIdFor={() => panelId}
        look="pill"
        className="mb-3"
      />
      <div role="tabpanel" id={panelId} aria-labelledby={tabIdFor(baseId, type)}>
        {Form ? (
          <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5">
            <Form onCreated={onCreated} />
          </div>
        ) : (
          <PostComposer focusOnMount={focusOnMount} />
        )}
      </div>
    </div>
  );
}
