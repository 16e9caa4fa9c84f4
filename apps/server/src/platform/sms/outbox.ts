import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * With SMS_URL unset each message is a file in DATA_DIR/sms-outbox, named so they list in the
 * order sent; a developer reads the code or the alert there.
 */
export async function writeSmsToOutbox(
  dir: string,
  sms: { to: string; message: string },
  now: Date,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const id = `${now.toISOString().replace(/[:.]/g, '-')}-${process.hrtime.bigint()}`;
  const file = path.join(dir, `${id}.txt`);
  await writeFile(file, `To: ${sms.to}\nDate: ${now.toUTCString()}\n\n${sms.message}\n`);
  return id;
}
