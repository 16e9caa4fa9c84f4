import { describe, expect, it } from 'vitest';
import { insertAtCaret } from './composer-parts';

describe('insertAtCaret', () => {
  it('puts the text at the cursor with a space before it, and the cursor after it', () => {
    expect(insertAtCaret('Habari', 6, 6, '#')).toEqual({ value: 'Habari #', caret: 8 });
  });

  it('adds no space at the start or after a space, and replaces a selection', () => {
    expect(insertAtCaret('', 0, 0, '😀')).toEqual({ value: '😀', caret: 2 });
    expect(insertAtCaret('Habari ', 7, 7, '#')).toEqual({ value: 'Habari #', caret: 8 });
    expect(insertAtCaret('Habari yako', 7, 11, 'zenu')).toEqual({ value: 'Habari zenu', caret: 11 });
  });
});
