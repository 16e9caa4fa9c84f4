import { en } from '../en';
import { firstPart } from './split';

/** English: the first screens' messages (split.ts). */
export const messages = firstPart(en);
