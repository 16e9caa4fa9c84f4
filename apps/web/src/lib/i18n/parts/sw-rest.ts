import { sw } from '../sw';
import { restPart } from './split';

/** Kiswahili: every message but the first screens' (split.ts). */
export const messages = restPart(sw);
