import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setUnauthorizedHandler } from './lib/api';
import { authStore } from './lib/auth';
import { en } from './lib/i18n/en';
import { currentLanguage, installCatalogue } from './lib/i18n';
import { setSocketFactory } from './lib/realtime';
import { fakeSocketFactory } from './test/realtime';
import { DEFAULT_SCREEN_WIDTH, setScreenWidth } from './test/screen';

// findBy* and waitFor wait for what a person would see; their default of one second is a timer that a
// busy 2-core CI machine outruns on a file's first, cold render (lazy chunks, the catalogue). Five
// seconds is only the ceiling: a passing wait still ends as soon as the element appears.
configure({ asyncUtilTimeout: 5000 });

// Screens render in English unless a test switches the language (and the switch is undone after it).
installCatalogue('en', en);

// jsdom has no scrolling; the route tree's scroll restoration calls it on every move.
window.scrollTo = () => {};

// jsdom has the <dialog> element without its methods; this is just enough for the modal components.
if (!HTMLDialogElement.prototype.showModal) {
  Object.defineProperty(HTMLDialogElement.prototype, 'open', {
    get(this: HTMLDialogElement) {
      return this.hasAttribute('open');
    },
    configurable: true,
  });
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

// jsdom has no blob: URLs; image previews only need a string.
URL.createObjectURL ??= () => 'blob:preview';
URL.revokeObjectURL ??= () => {};

// jsdom has no media queries. Width queries are answered from `window.innerWidth` (1024 unless a test
// changes it and fires `resize`), so a test can render the phone layout.
if (!window.matchMedia) {
  const matchesWidth = (query: string): boolean =>
    query.split(' and ').every((part) => {
      const found = /^\(?(min|max)-width:\s*([\d.]+)(px|rem|em)\)?$/.exec(part.trim());
      if (!found) return false;
      const [, bound, size, unit] = found;
      const pixels = Number(size) * (unit === 'px' ? 1 : 16);
      return bound === 'min' ? window.innerWidth >= pixels : window.innerWidth <= pixels;
    });
  window.matchMedia = (query: string): MediaQueryList => {
    const listeners = new Map<EventListenerOrEventListenerObject, () => void>();
    const list = {
      media: query,
      get matches() {
        return matchesWidth(query);
      },
      onchange: null,
      addEventListener(_type: string, listener: EventListenerOrEventListenerObject) {
        let last = matchesWidth(query);
        const onResize = () => {
          if (matchesWidth(query) === last) return;
          last = !last;
          if (typeof listener === 'function') listener(new Event('change'));
          else listener.handleEvent(new Event('change'));
        };
        listeners.set(listener, onResize);
        window.addEventListener('resize', onResize);
      },
      removeEventListener(_type: string, listener: EventListenerOrEventListenerObject) {
        const onResize = listeners.get(listener);
        if (onResize) window.removeEventListener('resize', onResize);
        listeners.delete(listener);
      },
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    };
    return list as unknown as MediaQueryList;
  };
}

// Screens that listen for live events get a socket that never touches the network.
setSocketFactory(fakeSocketFactory());

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  setUnauthorizedHandler(null);
  authStore.reset();
  if (currentLanguage() !== 'en') installCatalogue('en', en);
  if (window.innerWidth !== DEFAULT_SCREEN_WIDTH) setScreenWidth(DEFAULT_SCREEN_WIDTH);
});
