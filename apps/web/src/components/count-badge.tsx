/** More than this shows as 99+: the badge stays one small circle. */
const BADGE_MAX = 99;

/**
 * The red count on the bell and on Messages. Hidden from screen readers: the link's own name says
 * how many ("Notifications, 3 unread"), so the number is not read twice.
 */
export function CountBadge({
  count,
  className,
  testId,
}: {
  count: number;
  className: string;
  testId: string;
}) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid={testId}
      className={`absolute ${className} inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-bold text-white ring-2 ring-white`}
    >
      {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
    </span>
  );
}
