import { describe, expect, it } from 'vitest';
import { toKenyanE164 } from './phone';
import { extractMentions, linkifyText, type TextPart } from './text-links';

const phoneParts = (text: string) =>
  linkifyText(text).filter((part): part is Extract<TextPart, { kind: 'phone' }> => part.kind === 'phone');

describe('linkifyText', () => {
  it('makes Kenyan phone numbers tappable in their international form', () => {
    expect(linkifyText('Call 0712 345 678 or +254 722-123-456, or 254110000111.')).toEqual([
      { kind: 'text', text: 'Call ' },
      { kind: 'phone', text: '0712 345 678', tel: '+254712345678', whatsapp: 'https://wa.me/254712345678' },
      { kind: 'text', text: ' or ' },
      {
        kind: 'phone',
        text: '+254 722-123-456',
        tel: '+254722123456',
        whatsapp: 'https://wa.me/254722123456',
      },
      { kind: 'text', text: ', or ' },
      { kind: 'phone', text: '254110000111', tel: '+254110000111', whatsapp: 'https://wa.me/254110000111' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('links the four ways Kenyans write a mobile number, with or without spaces', () => {
    for (const typed of [
      '0712345678',
      '0712 345 678',
      '0112 345 678',
      '+254712345678',
      '+254 712 345 678',
      '254712345678',
    ]) {
      expect(
        phoneParts(`Piga ${typed} leo`).map((p) => p.text),
        typed,
      ).toEqual([typed]);
    }
  });

  it('leaves prices, years, amounts, ids and landlines as text', () => {
    for (const text of [
      'KSh 1,500,000 for 2 years',
      'Founded 2019, open 2020-2025',
      'Pay 0.0712345678 BTC',
      'Order 10712345678 shipped',
      'Ref A0712345678',
      'id 071234567890',
      'Landline 020 234 5678',
      'Serial 0712345678.5',
      'Not a prefix: 0150 123 456',
      '+2540712345678',
    ]) {
      expect(phoneParts(text), text).toEqual([]);
    }
  });

  it('agrees with libphonenumber: every number it links is a valid Kenyan mobile with that E.164', () => {
    // A seeded generator (mulberry32): the same strings every run, thousands of near-phones.
    let seed = 13;
    const random = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) % n;
    };
    const starts = ['0', '+254', '254', '+254 ', '+254-', '1', '00', ''];
    const seps = ['', ' ', '-', '  '];
    let linked = 0;
    for (let i = 0; i < 5000; i += 1) {
      let text = starts[random(starts.length)]! + '7128'[random(4)]!;
      const length = 6 + random(5);
      for (let d = 1; d <= length; d += 1) {
        text += String(random(10));
        if (d % 3 === 2) text += seps[random(seps.length)];
      }
      text = text.trim();
      for (const part of phoneParts(`Tel ${text} sasa`)) {
        linked += 1;
        expect(toKenyanE164(part.text), text).toBe(part.tel);
        expect(part.whatsapp).toBe(`https://wa.me/${part.tel.slice(1)}`);
      }
      const e164 = toKenyanE164(text);
      // A number written one of the four usual ways (groups split by one space or dash) that
      // libphonenumber accepts is linked, whole.
      if (e164 && !text.includes('  ') && /^(?:\+?254|0[17])/.test(text)) {
        expect(
          phoneParts(`Tel ${text} sasa`).map((p) => p.tel),
          text,
        ).toEqual([e164]);
      }
    }
    // The strings did reach the interesting cases.
    expect(linked).toBeGreaterThan(200);
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
