import { afterEach, describe, expect, it } from 'vitest';
import { prerenderedFocus, prerenderedValue, takePendingSubmit } from './prerendered';

describe('what the reader did on a drawn page before the app took over', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    delete document.documentElement.dataset.pendingSubmit;
  });

  function drawPage(marked: boolean) {
    document.body.innerHTML = `<div id="root"><div ${marked ? 'data-prerendered=""' : ''}><form>
      <input name="username"><input name="password" type="password"><input name="rememberMe" type="checkbox">
    </form></div></div>`;
    const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    return field;
  }

  it('reads typed values, a ticked box and the focused field from the drawn page', () => {
    const field = drawPage(true);
    expect(prerenderedValue('username')).toBeUndefined();
    field('username').value = 'amina';
    field('password').value = 'Mvua-Nyingi-2025!';
    field('rememberMe').checked = true;
    field('password').focus();
    expect(prerenderedValue('username')).toBe('amina');
    expect(prerenderedValue('password')).toBe('Mvua-Nyingi-2025!');
    expect(prerenderedValue('rememberMe')).toBe('on');
    expect(prerenderedValue('email')).toBeUndefined();
    expect(prerenderedFocus()).toBe('password');
  });

  it("reads nothing from the app's own markup", () => {
    const field = drawPage(false);
    field('username').value = 'amina';
    field('username').focus();
    expect(prerenderedValue('username')).toBeUndefined();
    expect(prerenderedFocus()).toBeUndefined();
  });

  it('answers a form sent before the app ran once', () => {
    expect(takePendingSubmit()).toBe(false);
    document.documentElement.dataset.pendingSubmit = '';
    expect(takePendingSubmit()).toBe(true);
    expect(takePendingSubmit()).toBe(false);
  });
});
