import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type Nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Queue } from './queue';

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
    const smtpUrl = opts.smtpUrl;
    // nodemailer (some 15 MB of memory) is loaded by the first message, not at start.
    let transport: ReturnType<typeof Nodemailer.createTransport> | undefined;
    return {
      async send(mail) {
        transport ??= (createRequire(import.meta.url)('nodemailer') as typeof Nodemailer).createTransport(
          smtpUrl,
        );
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

/** The job that sends one email; its payload is the Mail. */
export const SEND_EMAIL_JOB = 'email.send';

/**
 * Emails through the job queue (DESIGN §8.8): `send` stores the message and answers; a worker sends
 * it, and a refused SMTP call is tried again with backoff (then dead-lettered). A job that ran but
 * whose worker died before recording it may send its email twice; SMTP offers no way to prevent that.
 */
export function createQueuedMailer(
  queue: { register: Queue['register']; enqueue: Queue['enqueue'] },
  transport: Mailer,
): Mailer {
  queue.register<Mail>(SEND_EMAIL_JOB, (mail) => transport.send(mail), { maxAttempts: 5 });
  return {
    async send(mail) {
      await queue.enqueue(SEND_EMAIL_JOB, mail);
    },
  };
}
