import FIRST_SCREEN_KEYS from '../first-screen-keys.json';

// The catalogue in two parts (README, Web performance): the messages the first screens show (the
// landing and login pages, the feed and the jobs list with their frames), which they wait for, and
// the rest, which every other screen and dialog waits for. first-screen-keys.json lists the first part;
// `node scripts/bundle-size.mjs --write-first-keys` writes it from the build, and `npm test` fails if
// a first screen names a message it does not hold.
//
// These part modules pick from the whole catalogue, for the tests and `npm run dev`. The build writes
// each as the messages it holds only (apps/web/split-catalogues.ts), so a first screen downloads
// only its part.
const first = new Set<string>(FIRST_SCREEN_KEYS);

/** A catalogue's first part (the first screens' messages) or the rest. */
export const part = <M>(catalogue: Record<string, M>, which: 'first' | 'rest'): Record<string, M> =>
  Object.fromEntries(Object.entries(catalogue).filter(([key]) => first.has(key) === (which === 'first')));
