/**
 * A LIKE pattern matching `text` anywhere, with LIKE's own wildcards (% and _) and its escape
 * character (\) taken literally. Use with `like … escape '\'`.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
