import { useCallback, useRef, type FormEvent } from 'react';

/**
 * One send at a time. A mutation's `isPending` reaches the screen a moment after the tap (the query
 * library tells React on its next tick), so a double-click on Send fired two requests before the
 * button turned disabled. The guard is taken synchronously, in the tap itself, and released when
 * the work settles: a second tap meanwhile does nothing.
 */
export function useSubmitGuard() {
  const busy = useRef(false);
  return useCallback(<T>(work: () => Promise<T> | T): Promise<T | undefined> => {
    if (busy.current) return Promise.resolve(undefined);
    busy.current = true;
    return Promise.resolve()
      .then(work)
      .finally(() => {
        busy.current = false;
      });
  }, []);
}

/** A form's submit handler that sends once at a time (useSubmitGuard); the page never reloads. */
export function useGuardedSubmit(send: (event: FormEvent) => Promise<unknown> | unknown) {
  const guard = useSubmitGuard();
  return (event: FormEvent) => {
    event.preventDefault();
    void guard(() => send(event));
  };
}
