import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise each message is written whole to DATA_DIR/outbox. */
export function createMailer(opts: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  // The outbox keeps each message as readable text (no transfer encoding), so a developer can
  // open it and follow the link.
  return {
    async send(mail) {
      await mkdir(opts.outboxDir, { recursive: true });
      const stamp = new Date().toISOString();
      const file = path.join(opts.outboxDir, `${stamp.replace(/[:.]/g, '-')}-${process.hrtime.bigint()}.eml`);
      const headers = [
        `From: ${opts.from}`,
        `To: ${mail.to}`,
        `Subject: ${mail.subject}`,
        `Date: ${new Date(stamp).toUTCString()}`,
        'Content-Type: text/plain; charset=utf-8',
      ];
      await writeFile(file, `${headers.join('\n')}\n\n${mail.text}\n`);
      opts.log.info({ file, subject: mail.subject }, 'email written to the outbox (no SMTP_URL)');
    },
  };
}
