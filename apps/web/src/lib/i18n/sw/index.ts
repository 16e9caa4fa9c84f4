export { SW_MESSAGES as swMessages } from '@jamii/shared';
import type { Catalogue } from '../en';
import { swA } from './a';
import { swB } from './b';
import { swNew } from './new';

/** The Kiswahili catalogue: the same keys as `en`, the same placeholders (checked by i18n.test.ts). */
export const sw = { ...swA, ...swB, ...swNew } as Catalogue;
