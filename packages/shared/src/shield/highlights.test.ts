import { describe, expect, it } from 'vitest';
import { assessRisk, matchedWords } from './index';

const words = (text: string) => {
  const { reasons } = assessRisk({ kind: 'job', text, useModel: false });
  return matchedWords(text, reasons).map((m) => [m.reason, text.slice(m.start, m.end)]);
};

describe('the words behind the shield’s reasons, for the held queue', () => {
  it('points at the fee, the M-Pesa number and the WhatsApp push, as written', () => {
    expect(
      words('Pay the Registration Fee of KSh 1,000 to M-Pesa 0712 345 678 then WhatsApp me only.'),
    ).toEqual([
      ['upfront_fee', 'Registration Fee of KSh 1,000'],
      ['mpesa_number', 'M-Pesa 0712 345 678'],
      ['off_platform_contact', 'WhatsApp me only'],
    ]);
  });

  it('leaves alone a clause that says no fee is asked', () => {
    const text = 'We never charge a registration fee. Send KSh 500 for the uniform.';
    expect(words(text)).toEqual([['upfront_fee', 'Send KSh 500 for the uniform']]);
  });

  it('marks only the reasons asked for, and nothing for the model, which has no words', () => {
    const text = 'Pay the registration fee of KSh 1,000 to M-Pesa 0712 345 678.';
    expect(matchedWords(text, ['mpesa_number']).map((m) => m.reason)).toEqual(['mpesa_number']);
    expect(matchedWords(text, ['model'])).toEqual([]);
    expect(matchedWords(text, [])).toEqual([]);
  });
});
