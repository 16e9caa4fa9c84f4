import { describe, expect, it } from 'vitest';
import { previewText } from './format';

describe('previewText', () => {
  it('keeps a short text, on one line', () => {
    expect(previewText('Soko\n\nla   Gikomba ')).toBe('Soko la Gikomba');
  });

  it('cuts a long text at a word with an ellipsis, within the limit', () => {
    const cut = previewText(`${'neno '.repeat(60)}mwisho`, 200);
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(cut).toMatch(/^(neno )+neno…$/);
  });

  it('cuts a text without spaces at the limit', () => {
    expect(previewText('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
