import { lazy, type ComponentType } from 'react';
import { wholeCatalogue } from './i18n';

/**
 * React's `lazy` for the app's components: the component draws once its code and the whole catalogue
 * (lib/i18n) have arrived, since a first screen may open it before the catalogue's second part has
 * (lib/i18n/parts/split.ts). The linter points `lazy` here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React's own `lazy` bounds it so: any props.
export function lazyComponent<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => Promise.all([load(), wholeCatalogue()]).then(([module]) => module));
}
