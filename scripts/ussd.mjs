// `npm run ussd -- --phone 0712345678 [--url http://127.0.0.1:3000]`: plays Jamii's USSD menu in the
// terminal against a running server, as Africa's Talking's gateway would call it: each answer is
// added to the session's `text` (answers joined by `*`) and posted as the gateway's form. Type `0`
// to go back, `00` for the first menu; an `END` screen closes the session, as on a phone.
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    phone: { type: 'string', default: '0712345678' },
    url: { type: 'string', default: process.env.JAMII_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}` },
    code: { type: 'string', default: '*384*5566#' },
  },
});

/** The gateway sends numbers as +2547…; the member may type 07…. */
const toE164 = (phone) =>
  phone
    .replace(/\s+/g, '')
    .replace(/^0(?=[17])/, '+254')
    .replace(/^254/, '+254');

const sessionId = `sim-${randomUUID()}`;
const phoneNumber = toE164(values.phone);
const answers = [];
const terminal = createInterface({ input: process.stdin, output: process.stdout });
// Lines are read from an iterator, not by question(): answers piped in (`printf '1\n1\nNakuru\n' |
// npm run ussd`) arrive before they are asked for, and question() would drop them.
const lines = terminal[Symbol.asyncIterator]();

/** The next answer typed (or piped in), or null when the input has ended. */
async function nextAnswer() {
  process.stdout.write('> ');
  const { value, done } = await lines.next();
  if (done) return null;
  if (!process.stdin.isTTY) process.stdout.write(`${value}\n`);
  return value.trim();
}

async function screen() {
  const form = new URLSearchParams({
    sessionId,
    serviceCode: values.code,
    phoneNumber,
    networkCode: '63902',
    text: answers.join('*'),
  });
  const res = await fetch(`${values.url}/api/ussd`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  }).catch((err) => {
    throw new Error(
      `No Jamii server at ${values.url} (${err.cause?.code ?? err.message}): start one with npm start`,
    );
  });
  const body = await res.text();
  if (!res.ok) throw new Error(`The server answered ${res.status}: ${body}`);
  return body;
}

try {
  console.log(`Dialling ${values.code} from ${phoneNumber} (${values.url})\n`);
  for (;;) {
    const body = await screen();
    const done = body.startsWith('END ');
    console.log(`┌${'─'.repeat(30)}\n${body.slice(4)}\n└${'─'.repeat(30)} ${body.length}/182`);
    if (done) break;
    const answer = await nextAnswer();
    if (answer === null) {
      console.log('\nThe input ended: the session is left open, as a phone that stops answering.');
      break;
    }
    answers.push(answer);
  }
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
} finally {
  terminal.close();
}
