import { sw } from '../sw';
import { firstPart } from './split';

/** Kiswahili: the first screens' messages (split.ts), and the table of validation and server messages. */
export const messages = firstPart(sw);
export { swMessages } from '../sw';
