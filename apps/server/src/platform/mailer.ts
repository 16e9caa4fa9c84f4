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
  /** The same message as HTML (notification emails); the text stays the alternative. */
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
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
        // Headers as written: nodemailer would otherwise fold or encode a long List-Unsubscribe.
        const headers = Object.fromEntries(
          Object.entries(mail.headers ?? {}).map(([name, value]) => [name, { prepared: true, value }]),
        );
        await transport.sendMail({ from: opts.from, ...mail, headers });
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
        ...Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
      ];
      await writeFile(file, outboxBody(headers, mail));
      opts.log.info({ file, subject: mail.subject }, 'email written to the outbox (no SMTP_URL)');
    },
  };
}

/** The message as it is kept in the outbox: the text, and the HTML beside it when there is one. */
function outboxBody(headers: string[], mail: Mail) {
  if (!mail.html)
    return `${[...headers, 'Content-Type: text/plain; charset=utf-8'].join('\n')}\n\n${mail.text}\n`;
  const boundary = `jamii-${process.hrtime.bigint()}`;
  return [
    ...headers,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    mail.text,
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    '',
    mail.html,
    `--${boundary}--`,
    '',
  ].join('\n');
}

/** The job that sends one email; its payload is the Mail. */
export const SEND_EMAIL_JOB = 'email.send';

/**
 * Emails through the job queue (docs/design.md#past-one-machine): `send` stores the message and answers; a worker sends
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
