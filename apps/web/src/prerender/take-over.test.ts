import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeOverDrawnPage } from './take-over';

describe('the app takes a drawn page over only when the reader is not in the middle of something', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    delete document.documentElement.dataset.pendingSubmit;
    delete document.documentElement.dataset.pressed;
  });

  function drawnPage() {
    document.body.innerHTML = `<div id="root"><div data-prerendered=""><form>
      <input name="username"><button type="submit">Login</button></form></div></div><input id="outside">`;
    const container = document.getElementById('root')!;
    const input = container.querySelector('input')!;
    const render = vi.fn();
    return { container, input, render };
  }

  const noLanguagePicked = () => Promise.resolve();

  it('draws at once when nothing is going on', async () => {
    const { render } = drawnPage();
    takeOverDrawnPage(render, noLanguagePicked);
    await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(1));
  });

  it('waits while the reader is in a field of the page, and draws once they leave it', async () => {
    const { input, render } = drawnPage();
    input.focus();
    takeOverDrawnPage(render, noLanguagePicked);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(render).not.toHaveBeenCalled();

    document.getElementById('outside')!.focus();
    await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(1));
    input.focus();
    input.blur();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('reads the drawn page no more once it has drawn, whatever retries were already on their way', async () => {
    const { input, render } = drawnPage();
    input.focus();
    const reads: string[] = [];
    const beforeRender = vi.fn(() => {
      reads.push(render.mock.calls.length === 0 ? 'drawn page' : 'the app');
      return Promise.resolve();
    });
    takeOverDrawnPage(render, beforeRender);
    // Two retries on their way at once: the field left, and a press released.
    document.getElementById('outside')!.focus();
    document.dispatchEvent(new Event('pointerup'));
    await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).not.toContain('the app');
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('draws when a form the reader sent waits for the app, even from the field', async () => {
    const { input, render } = drawnPage();
    input.focus();
    takeOverDrawnPage(render, noLanguagePicked);
    document.documentElement.dataset.pendingSubmit = '';
    input.form!.dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));
    await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(1));
  });

  it('waits while a press is held, even one begun before the app ran, so the click keeps its element', async () => {
    const { container, render } = drawnPage();
    // The boot script marks the press (prerender/boot.ts); the release clears it.
    document.documentElement.dataset.pressed = '';
    takeOverDrawnPage(render, noLanguagePicked);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(render).not.toHaveBeenCalled();

    delete document.documentElement.dataset.pressed;
    container.querySelector('button')!.dispatchEvent(new Event('pointerup', { bubbles: true }));
    await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(1));
  });
});
