import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setUnauthorizedHandler } from './lib/api';
import { authStore } from './lib/auth';
import { setSocketFactory } from './lib/realtime';
import { fakeSocketFactory } from './test/realtime';

// jsdom has no scrolling; the router's ScrollRestoration calls it on every navigation.
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

// Screens that listen for live events get a socket that never touches the network.
setSocketFactory(fakeSocketFactory());

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  setUnauthorizedHandler(null);
  authStore.reset();
});
