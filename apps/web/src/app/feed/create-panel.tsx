import { useId, useRef, type ComponentType, type KeyboardEvent } from 'react';
import { BidForm } from '../../features/bids/bid-form';
import { JobForm } from '../../features/jobs/job-form';
import { PostComposer } from '../../features/posts/post-composer';
import { t, type PlainMessageKey } from '../../lib/i18n';
import type { QuickCreateType } from '../paths';

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
  autoFocus: boolean;
}

const formFor: Record<Exclude<QuickCreateType, 'post'>, ComponentType<{ onCreated?: () => void }>> = {
  job: JobForm,
  bid: BidForm,
};

/** SPEC §2 Feed: tabs to create a Post, a Job (or, through Quick Create, a Bid). */
export function CreatePanel({ type, onTypeChange, onCreated, autoFocus }: CreatePanelProps) {
  const baseId = useId();
  const tabRefs = useRef(new Map<QuickCreateType, HTMLButtonElement>());

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const index = options.findIndex((option) => option.type === type);
    const next = options[(index + step + options.length) % options.length];
    if (!next) return;
    onTypeChange(next.type);
    tabRefs.current.get(next.type)?.focus();
  }

  const Form = type === 'post' ? null : formFor[type];
  return (
    <div>
      <div
        role="tablist"
        aria-label={t('feed.create.label')}
        onKeyDown={handleKeyDown}
        className="mb-3 inline-flex rounded-full bg-gray-100 p-1"
      >
        {options.map((option) => {
          const isActive = option.type === type;
          return (
            <button
              key={option.type}
              ref={(element) => {
                if (element) tabRefs.current.set(option.type, element);
                else tabRefs.current.delete(option.type);
              }}
              type="button"
              role="tab"
              id={`${baseId}-${option.type}-tab`}
              aria-selected={isActive}
              aria-controls={`${baseId}-panel`}
              tabIndex={isActive ? 0 : -1}
              onClick={() => onTypeChange(option.type)}
              className={`min-h-9 rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600 ${
                isActive ? 'bg-white text-brand-800 shadow-sm' : 'text-gray-600 hover:text-gray-900'
              }`}
            >
              {t(option.label)}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${type}-tab`}>
        {Form ? (
          <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5">
            <Form onCreated={onCreated} />
          </div>
        ) : (
          <PostComposer autoFocus={autoFocus} />
        )}
      </div>
    </div>
  );
}
