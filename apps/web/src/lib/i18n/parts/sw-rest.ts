import { sw } from '../sw';
import { part } from './split';

/** Kiswahili: every message but the first screens' (split.ts). */
export const messages = part(sw, 'rest');
