import type { ReactNode } from 'react';

export type BannerKind = 'success' | 'error';

/** A message that stays under a form (the specified screens Forgot and Reset password); errors are announced at once. */
export function Banner({ kind, children }: { kind: BannerKind; children: ReactNode }) {
  const isError = kind === 'error';
  return (
    <div
      role={isError ? 'alert' : 'status'}
      data-kind={kind}
      className={`rounded-lg border-l-4 px-4 py-3 text-sm ${
        isError ? 'border-red-600 bg-red-50 text-red-700' : 'border-brand-600 bg-brand-50 text-brand-900'
      }`}
    >
      {children}
    </div>
  );
}
