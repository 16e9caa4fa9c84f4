import { useRef, type KeyboardEvent } from 'react';

export interface TabBarItem<Id extends string> {
  id: Id;
  label: string;
}

interface TabBarProps<Id extends string> {
  tabs: readonly TabBarItem<Id>[];
  activeId: Id;
  onSelect: (id: Id) => void;
  /** The tab list's accessible name. */
  label: string;
  /** From `useId()`: the tabs' ids are `${idPrefix}-${id}-tab` (see `tabIdFor`). */
  idPrefix: string;
  /** The id of the panel a tab controls. */
  panelIdFor: (id: Id) => string;
  /**
   * Underlined tabs across a page (scrolling sideways when they do not fit), a pill switch, or chips
   * that wrap onto more rows, so every tab stays on screen however many there are.
   */
  look?: 'underline' | 'pill' | 'chips';
  className?: string;
}

/** The id a `TabBar` gives a tab, for the panel's `aria-labelledby`. */
export const tabIdFor = (idPrefix: string, id: string): string => `${idPrefix}-${id}-tab`;

const looks = {
  underline: {
    list: 'flex gap-1 overflow-x-auto border-b border-gray-200',
    tab: '-mb-px shrink-0 border-b-2 px-4 py-2.5 text-sm font-semibold focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
    active: 'border-brand-700 text-brand-700',
    inactive: 'border-transparent text-gray-600 hover:text-gray-900',
  },
  pill: {
    list: 'inline-flex rounded-full bg-gray-100 p-1',
    tab: 'min-h-9 rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600',
    active: 'bg-white text-brand-800 shadow-sm',
    inactive: 'text-gray-600 hover:text-gray-900',
  },
  chips: {
    list: 'flex flex-wrap gap-2',
    tab: 'min-h-10 rounded-full px-4 text-sm font-semibold ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    active: 'bg-brand-700 text-white ring-brand-700',
    inactive: 'bg-white text-gray-700 ring-gray-300 hover:bg-gray-50 hover:text-gray-900',
  },
} as const;

/**
 * A WAI-ARIA tab list: only the open tab is in the Tab order; the arrow keys move between tabs and
 * open them. The panel is the caller's.
 */
export function TabBar<Id extends string>({
  tabs,
  activeId,
  onSelect,
  label,
  idPrefix,
  panelIdFor,
  look = 'underline',
  className = '',
}: TabBarProps<Id>) {
  const tabRefs = useRef(new Map<Id, HTMLButtonElement>());
  const styles = looks[look];

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const index = tabs.findIndex((tab) => tab.id === activeId);
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.id);
    tabRefs.current.get(next.id)?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className={`${styles.list} ${className}`}>
      {tabs.map((tab) => {
        const isActive = tab.id === activeId;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) tabRefs.current.set(tab.id, element);
              else tabRefs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabIdFor(idPrefix, tab.id)}
            aria-selected={isActive}
            aria-controls={panelIdFor(tab.id)}
            tabIndex={isActive ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onKeyDown={handleKeyDown}
            className={`${styles.tab} ${isActive ? styles.active : styles.inactive}`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
