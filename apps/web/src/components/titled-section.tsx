import type { ReactNode } from 'react';

const cardClass = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6';
const cardHeadingClass = 'text-lg font-bold text-gray-900';

interface TitledSectionProps {
  /** The heading's id: the section takes its accessible name from it. */
  headingId: string;
  title: ReactNode;
  /** The section's classes; a white card unless told. */
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}

/** A `<section>` named by its own `<h2>` (a card of a page, a block of the landing page). */
export function TitledSection({
  headingId,
  title,
  className = cardClass,
  headingClassName = cardHeadingClass,
  children,
}: TitledSectionProps) {
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
