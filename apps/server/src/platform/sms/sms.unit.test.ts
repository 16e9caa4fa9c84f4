import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFRICASTALKING_ENDPOINT, ConfigError, parseConfig, parseSmsUrl } from '../../config';
import { startAfricasTalkingStandIn, type AfricasTalkingStandIn } from '../../test/africastalking-stand-in';
import { createSms, SmsProviderError } from '.';

const quiet = pino({ level: 'silent' });

describe('SMS_URL', () => {
  it('unset writes to DATA_DIR/sms-outbox', () => {
    expect(parseSmsUrl(undefined, '/srv/jamii')).toEqual({ driver: 'outbox', dir: '/srv/jamii/sms-outbox' });
    expect(parseConfig({ DATA_DIR: '/srv/jamii' }).sms).toEqual({
      driver: 'outbox',
      dir: '/srv/jamii/sms-outbox',
    });
  });

  it("reads the username as written, the key, the sender and Africa's Talking's host by default", () => {
    expect(parseSmsUrl('africastalking://JamiiKE?apiKey=atsk_1%2B2&from=JAMII', '/d')).toEqual({
      driver: 'africastalking',
      username: 'JamiiKE',
      apiKey: 'atsk_1+2',
      from: 'JAMII',
      endpoint: AFRICASTALKING_ENDPOINT,
    });
    expect(parseSmsUrl('africastalking://sandbox?apiKey=k&endpoint=http://127.0.0.1:9/', '/d')).toMatchObject(
      {
        from: undefined,
        endpoint: 'http://127.0.0.1:9',
      },
    );
  });

  it('names every problem of a bad value', () => {
    expect(parseSmsUrl('https://api.africastalking.com', '/d')).toEqual({
      problems: ['must look like africastalking://USERNAME?apiKey=…&from=… (or be unset)'],
    });
    expect(parseSmsUrl('africastalking://?from=JAMII&key=1&endpoint=ftp://x', '/d')).toEqual({
      problems: [
        "needs the Africa's Talking username (africastalking://USERNAME?…)",
        'unknown parameter "key" (known: apiKey, from, endpoint)',
        "needs the account's API key (…?apiKey=…)",
        'endpoint must be an http:// or https:// address',
      ],
    });
    expect(() => parseConfig({ SMS_URL: 'africastalking://jamii' })).toThrow(
      new ConfigError("Invalid settings:\n  SMS_URL: needs the account's API key (…?apiKey=…)"),
    );
  });
});

describe("SMS through Africa's Talking (the stand-in)", () => {
  let at: AfricasTalkingStandIn;
  beforeAll(async () => {
    at = await startAfricasTalkingStandIn({ from: 'JAMII' });
  });
  afterAll(() => at.stop());

  const client = () => {
    const settings = parseSmsUrl(at.smsUrl, '/unused');
    if ('problems' in settings) throw new Error(settings.problems.join('; '));
    return createSms(settings, quiet);
  };

  it('posts the documented form with the apiKey header and reads the recipient status', async () => {
    const before = at.requests.length;
    const result = await client().send({ to: '0712 345 678', message: 'Habari' });
    expect(result).toMatchObject({ status: 'sent', providerStatus: 'Success', providerStatusCode: 101 });
    expect(result.messageId).toMatch(/^ATXid_/);
    const request = at.requests[before]!;
    expect(request.headers.apikey).toBe(at.apiKey);
    expect(request.headers.accept).toBe('application/json');
    expect(Object.fromEntries(request.form)).toEqual({
      username: at.username,
      to: '+254712345678',
      message: 'Habari',
      from: 'JAMII',
    });
  });

  it('answers failed with the status when the recipient is refused', async () => {
    at.refuse('+254722000111', 406);
    expect(await client().send({ to: '+254 722 000 111', message: 'x' })).toEqual({
      status: 'failed',
      providerStatus: 'UserInBlacklist',
      providerStatusCode: 406,
      messageId: 'None',
    });
  });

  it('throws on a refused request (wrong key) and on an outage, so a queued job retries', async () => {
    const wrong = parseSmsUrl(`africastalking://${at.username}?apiKey=nope&endpoint=${at.endpoint}`, '/d');
    if ('problems' in wrong) throw new Error('bad settings');
    await expect(createSms(wrong, quiet).send({ to: '0712345678', message: 'x' })).rejects.toThrow(
      new SmsProviderError("Africa's Talking answered 401: The supplied authentication is invalid", 401),
    );
    at.failNextRequest(503, 'Service Unavailable');
    await expect(client().send({ to: '0712345678', message: 'x' })).rejects.toThrow(
      "Africa's Talking answered 503: Service Unavailable",
    );
  });

  it('refuses a number that is not a Kenyan mobile before calling anyone', async () => {
    const before = at.requests.length;
    await expect(client().send({ to: '020 222 2222', message: 'x' })).rejects.toThrow(
      'not a Kenyan mobile number',
    );
    expect(at.requests.length).toBe(before);
  });
});

describe('SMS outbox', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'jamii-sms-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one file per message, in the number form Africa’s Talking would get', async () => {
    const sms = createSms({ driver: 'outbox', dir }, quiet, () => new Date('2026-01-05T06:00:00Z'));
    expect(sms.driver).toBe('outbox');
    const first = await sms.send({ to: '0712345678', message: 'Code 123456' });
    await sms.send({ to: '0112345678', message: 'Pili' });
    expect(first).toMatchObject({ status: 'sent', providerStatus: 'Outbox' });
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    expect(readFileSync(path.join(dir, files[0]!), 'utf8')).toBe(
      'To: +254712345678\nDate: Mon, 05 Jan 2026 06:00:00 GMT\n\nCode 123456\n',
    );
    expect(readFileSync(path.join(dir, files[1]!), 'utf8')).toContain('To: +254112345678');
  });
});
