import { en } from '../en';
import { restPart } from './split';

/** English: every message but the first screens' (split.ts). */
export const messages = restPart(en);
