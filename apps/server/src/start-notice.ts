import { demoLoginLines, type DemoLogin } from './seed/seed';

/**
 * What `npm start` prints as plain lines once it listens: the address to open and, when this start
 * seeded a new embedded database, the demo accounts with their one-time passwords. A newcomer reads
 * it below the JSON log, where the server's own address is otherwise only a field of a log record.
 */
export function startNotice({ url, logins }: { url?: string; logins: readonly DemoLogin[] }): string {
  const lines = [...(url ? [`Jamii is running: open ${url}`] : []), ...demoLoginLines(logins)];
  return lines.length ? `\n${lines.join('\n')}\n\n` : '';
}
