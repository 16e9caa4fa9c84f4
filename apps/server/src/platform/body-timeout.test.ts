import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { answerJson, slowClient } from '../test/slow-client';
import { useTestApp } from '../test/use-test-app';

// Slow bodies (docs/security.md, "Bodies, uploads and storage quotas"): a body that stops arriving
// for REQUEST_TIMEOUT_MS, or trickles in, is ended with 408 and its connection closed; headers that
// never end likewise. Once were: a JSON body at 1 byte every 20 s stayed open for minutes.

const TIMEOUT_MS = 300;

const jsonHead = (length: number, path = '/api/login') =>
  [
    `POST ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    `Content-Length: ${length}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n');

describe('request timeouts', () => {
  const t = useTestApp({ listen: true, env: { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) } });
  const port = () => (t.app.server.address() as AddressInfo).port;

  it('ends a JSON body that trickles in a byte at a time, with 408', async () => {
    const body = Buffer.from(JSON.stringify({ username: 'someone', password: 'x'.repeat(2000) }));
    // A byte every 40 ms: never silent for the timeout, and a whole body would take 80 s.
    const result = await slowClient({ port: port(), head: jsonHead(body.length), body, everyMs: 40 });
    expect(result.status).toBe(408);
    expect(answerJson(result.answer)).toEqual({
      code: 'REQUEST_TIMEOUT',
      message: 'The request took too long to arrive. Please try again',
    });
    expect(result.answer.toLowerCase()).toContain('connection: close');
    expect(result.finished).toBe(false);
    expect(result.sent).toBeLessThan(body.length / 4);
  });

  it('ends a JSON body that stops halfway, with 408', async () => {
    const body = '{"username":"someone","password":"';
    const result = await slowClient({ port: port(), head: jsonHead(200) + body });
    expect(result.status).toBe(408);
    expect(answerJson(result.answer)).toMatchObject({ code: 'REQUEST_TIMEOUT' });
  });

  it('ends headers that never end, with 408', async () => {
    const result = await slowClient({
      port: port(),
      head: 'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\n',
    });
    expect(result.status).toBe(408);
  });

  it('lets a slow body that keeps coming take longer than the timeout', async () => {
    const body = Buffer.from(JSON.stringify({ username: 'nobody_here', password: 'y'.repeat(6000) }));
    // Half a kilobyte every 100 ms (5 kB a second, a phone on a poor line): four timeouts in all.
    const result = await slowClient({
      port: port(),
      head: jsonHead(body.length),
      body,
      chunkBytes: 512,
      everyMs: 100,
    });
    expect(result.finished).toBe(true);
    expect(result.status).toBe(401);
    expect(answerJson(result.answer)).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });
});
