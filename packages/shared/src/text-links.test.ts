import { describe, expect, it } from 'vitest';
import { extractMentions, linkifyText } from './text-links';

describe('linkifyText', () => {
  it('makes Kenyan phone numbers tappable in their international form', () => {
    expect(linkifyText('Call 0712 345 678 or +254 722-123-456, or 254110000111.')).toEqual([
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
    expect(linkifyText('Ask @wanjiku_k about it; mail jo@acme.co.ke; id 071234567890')).toEqual([
      { kind: 'text', text: 'Ask ' },
      { kind: 'mention', text: '@wanjiku_k', username: 'wanjiku_k' },
      { kind: 'text', text: ' about it; mail jo@acme.co.ke; id 071234567890' },
    ]);
  });

  it('leaves plain text alone', () => {
    expect(linkifyText('Habari yako?')).toEqual([{ kind: 'text', text: 'Habari yako?' }]);
    expect(linkifyText('')).toEqual([]);
  });

  it('links #topics in posts (lowercase tag), not in messages, not numbers or words inside words', () => {
    expect(linkifyText('Soko #Nairobi leo, bei #1 na C#sharp')).toEqual([
      { kind: 'text', text: 'Soko ' },
      { kind: 'topic', text: '#Nairobi', tag: 'nairobi' },
      { kind: 'text', text: ' leo, bei #1 na C#sharp' },
    ]);
    expect(linkifyText('Soko #Nairobi', { topics: false })).toEqual([
      { kind: 'text', text: 'Soko #Nairobi' },
    ]);
  });

  it('reads a megabyte of text in one linear pass', () => {
    const parts = linkifyText('@a'.repeat(500_000));
    expect(parts.length).toBe(1);
  });
});

describe('extractMentions', () => {
  it('answers each mentioned username once, lowercase, without @, at most the limit', () => {
    expect(extractMentions('Hi @Wanjiku_K and @otieno_dev, @wanjiku_k again; jo@acme.co.ke')).toEqual([
      'wanjiku_k',
      'otieno_dev',
    ]);
    expect(extractMentions('@aa1 @aa2 @aa3', 2)).toEqual(['aa1', 'aa2']);
  });
});
