/** A 0–100 progress bar (an upload): its name for screen readers, the track's classes, a fill. */
export function ProgressBar({
  label,
  percent,
  className,
  fillTestId,
}: {
  label: string;
  percent: number;
  className: string;
  fillTestId?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={`overflow-hidden rounded-full ${className}`}
    >
      <div
        data-testid={fillTestId}
        className="h-full rounded-full bg-brand-600 transition-[width] duration-200"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
