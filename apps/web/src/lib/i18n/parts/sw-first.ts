import { sw } from '../sw';
import { part } from './split';

/** Kiswahili: the first screens' messages (split.ts), and the table of validation and server messages. */
export const messages = part(sw, 'first');
export { swMessages } from '../sw';
