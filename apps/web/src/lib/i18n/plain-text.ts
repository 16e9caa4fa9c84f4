/**
 * A message with no argument and no quoted apostrophe reads as written: no formatter needed. The
 * build leaves these as text and precompiles the others (precompile-messages.ts); `t()` uses the
 * same test.
 */
export const isPlainText = (message: string) => !message.includes('{') && !message.includes("''");
