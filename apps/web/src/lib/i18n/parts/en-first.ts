import { en } from '../en';
import { part } from './split';

/** English: the first screens' messages (split.ts). */
export const messages = part(en, 'first');
