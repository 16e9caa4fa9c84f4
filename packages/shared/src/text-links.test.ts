import { describe, expect, it } from 'vitest';
import { linkifyMessage } from './linkify';

describe('linkifyMessage', () => {
  it('makes Kenyan phone numbers tappable in their international form', () => {
    expect(linkifyMessage('Call 0712 345 678 or +254 722-123-456, or 254110000111.')).toEqual([
      { kind: 'text', text: 'Call ' },
      { kind: 'phone', text: '0712 345 678', tel: '+254712345678' },
      { kind: 'text', text: ' or ' },
      { kind: 'phone', text: '+254 722-123-456', tel: '+254722123456' },
      { kind: 'text', text: ', or ' },
      { kind: 'phone', text: '254110000111', tel: '+254110000111' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('links @mentions to the member, but not emails or numbers that are too long', () => {
    expect(linkifyMessage('Ask @wanjiku_k about it; mail jo@acme.co.ke; id 071234567890')).toEqual([
      { kind: 'text', text: 'Ask ' },
      { kind: 'mention', text: '@wanjiku_k', username: 'wanjiku_k' },
      { kind: 'text', text: ' about it; mail jo@acme.co.ke; id 071234567890' },
    ]);
  });

  it('leaves plain text alone', () => {
    expect(linkifyMessage('Habari yako?')).toEqual([{ kind: 'text', text: 'Habari yako?' }]);
    expect(linkifyMessage('')).toEqual([]);
  });
});
