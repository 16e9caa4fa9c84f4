import { describe, expect, it } from 'vitest';
import mobileMetadata from 'libphonenumber-js/metadata.mobile.json' with { type: 'json' };
import { PHONE_MESSAGE, PhoneField, toKenyanE164 } from './phone';
import { formatKenyanPhone, telLink, whatsAppLink } from './phone-format';
import { KENYA_PHONE_METADATA } from './phone-metadata';

describe('toKenyanE164', () => {
  it.each([
    ['0712345678', '+254712345678'],
    ['0712 345 678', '+254712345678'],
    ['0112 345 678', '+254112345678'],
    ['+254712345678', '+254712345678'],
    ['+254 722-123-456', '+254722123456'],
    ['254712345678', '+254712345678'],
    [' (0712) 345678 ', '+254712345678'],
  ])('reads %s as %s', (typed, e164) => {
    expect(toKenyanE164(typed)).toBe(e164);
  });

  it.each([
    '',
    '0202345678',
    '071234567',
    '07123456789',
    '+255712345678',
    '0812345678',
    '07l2345678',
    'x0712345678',
  ])('refuses %s', (typed) => {
    expect(toKenyanE164(typed)).toBeNull();
  });
});

describe('PhoneField', () => {
  it('turns an empty or null phone into null, a valid one into E.164', () => {
    expect(PhoneField.parse('')).toBeNull();
    expect(PhoneField.parse('   ')).toBeNull();
    expect(PhoneField.parse(null)).toBeNull();
    expect(PhoneField.parse('0712 345 678')).toBe('+254712345678');
  });

  it('gives one message for anything else', () => {
    for (const bad of ['12345', 'x'.repeat(41), 712345678, true]) {
      expect(PhoneField.safeParse(bad).error?.issues.map((i) => i.message)).toEqual([PHONE_MESSAGE]);
    }
  });
});

describe('showing a number', () => {
  it('writes it the Kenyan way and links it to call and to WhatsApp', () => {
    expect(formatKenyanPhone('+254712345678')).toBe('0712 345 678');
    expect(formatKenyanPhone('+1 555')).toBe('+1 555');
    expect(telLink('+254712345678')).toBe('tel:+254712345678');
    expect(whatsAppLink('+254712345678')).toBe('https://wa.me/254712345678');
  });
});

describe('KENYA_PHONE_METADATA', () => {
  it('is still the Kenyan part of the library’s mobile metadata', () => {
    expect(KENYA_PHONE_METADATA.countries).toEqual({ KE: mobileMetadata.countries.KE });
    expect(KENYA_PHONE_METADATA.country_calling_codes).toEqual({
      '254': mobileMetadata.country_calling_codes['254'],
    });
    expect(KENYA_PHONE_METADATA.version).toBe(mobileMetadata.version);
  });
});
