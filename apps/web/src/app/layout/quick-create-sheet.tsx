import { useId, type ComponentType, type SVGProps } from 'react';
import { Link } from 'react-router';
import { CloseButton } from '../../components/close-button';
import { BriefcaseIcon, PencilIcon, TagIcon } from '../../components/icons';
import { useModalDialog } from '../../components/use-modal-dialog';
import { t, type PlainMessageKey } from '../../lib/i18n';
import { paths, type QuickCreateType } from '../../lib/paths';

interface QuickCreateOption {
  type: QuickCreateType;
  label: PlainMessageKey;
  hint: PlainMessageKey;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const options: readonly QuickCreateOption[] = [
  { type: 'post', label: 'quickCreate.post', hint: 'quickCreate.postHint', Icon: PencilIcon },
  { type: 'job', label: 'quickCreate.job', hint: 'quickCreate.jobHint', Icon: BriefcaseIcon },
  { type: 'bid', label: 'quickCreate.bid', hint: 'quickCreate.bidHint', Icon: TagIcon },
];

/**
 * the specified screens Bottom nav: the plus button's Quick Create (Post, Job, Bid → /feed?type=...). A choice
 * replaces the sheet's history entry (see BottomNav), so Back from the form returns to the page, not
 * to the sheet; the sheet closes as its entry goes.
 */
export function QuickCreateSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const modal = useModalDialog(open, onClose);
  const titleId = useId();

  return (
    // A click on the dimmed backdrop closes the sheet; keyboard users close it with Escape (onCancel).
    // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions
    <dialog
      {...modal}
      aria-labelledby={titleId}
      onClick={(event) => event.target === event.currentTarget && onClose()}
      className="mx-0 mt-auto mb-0 w-full max-w-full rounded-t-2xl bg-white p-0 text-gray-900 shadow-xl backdrop:bg-gray-950/50"
    >
      {open && (
        <div className="px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
          <div className="flex items-center justify-between">
            <h2 id={titleId} className="text-lg font-bold">
              {t('quickCreate.title')}
            </h2>
            <CloseButton onClick={onClose} />
          </div>
          <ul className="mt-2 space-y-1">
            {options.map(({ type, label, hint, Icon }) => (
              <li key={type}>
                <Link
                  to={paths.feed(type)}
                  replace
                  className="flex items-center gap-4 rounded-xl px-2 py-3 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className="inline-flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                    <Icon className="size-5" />
                  </span>
                  <span>
                    <span className="block font-semibold">{t(label)}</span>
                    <span className="block text-sm text-gray-600">{t(hint)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </dialog>
  );
}
