import { en } from '../en';
import { part } from './split';

/** English: every message but the first screens' (split.ts). */
export const messages = part(en, 'rest');
