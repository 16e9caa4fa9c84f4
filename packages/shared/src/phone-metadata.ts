import type { MetadataJson } from 'libphonenumber-js/core';

/**
 * Kenya's slice of libphonenumber-js's `mobile` metadata (phone.test.ts checks it still equals the
 * package's, so an upgrade that changes it fails there): the whole file is 99 KB, this is 0.5 KB, and
 * Jamii only ever reads Kenyan numbers.
 */
export const KENYA_PHONE_METADATA: MetadataJson = {
  version: 4,
  country_calling_codes: { '254': ['KE'] },
  countries: {
    KE: [
      '254',
      '000',
      '(?:[17]\\d\\d|900)\\d{6}|(?:2|80)0\\d{6,7}|[4-6]\\d{6,8}',
      [7, 8, 9, 10],
      [
        ['(\\d{2})(\\d{5,7})', '$1 $2', ['[24-6]'], '0$1'],
        ['(\\d{3})(\\d{6})', '$1 $2', ['[17]'], '0$1'],
        ['(\\d{3})(\\d{3})(\\d{3,4})', '$1 $2 $3', ['[89]'], '0$1'],
      ],
      '0',
      0,
      0,
      0,
      0,
      0,
      [0, ['(?:1(?:0[0-8]|[18]\\d|2[014]|3[05-9]|4[0-6])|7\\d\\d)\\d{6}', [9]]],
    ],
  },
  nonGeographic: {},
} as unknown as MetadataJson;
