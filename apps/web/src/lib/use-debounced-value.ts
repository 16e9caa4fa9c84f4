import { SEARCH_DEBOUNCE_MS } from '@jamii/shared';
import { useEffect, useState } from 'react';

/** `value`, once it has stopped changing for `delay` ms (the specified constants search debounce: 400 ms). */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
