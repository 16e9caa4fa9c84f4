import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { FakeXhr, installFakeXhr, lastXhr } from '../../test/fake-xhr';
import {
  flushOutbox,
  isFinalRefusal,
  memoryStorage,
  pendingEntries,
  sendOrKeep,
  setOutboxStorage,
  subscribeOutbox,
  type OutboxEvent,
} from './outbox';
import { ApiError } from '../api';

const fetchMock = stubFetchForEachTest();

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const keyOf = (call: number) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get('Idempotency-Key');
const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

const job = (title: string, userId = 7) => ({
  userId,
  kind: 'job' as const,
  path: '/api/jobs',
  json: { title },
  summary: title,
});

let events: OutboxEvent[] = [];
let unsubscribe = () => {};

beforeEach(() => {
  setOutboxStorage(memoryStorage());
  events = [];
  unsubscribe = subscribeOutbox((event) => events.push(event));
});

afterEach(() => {
  unsubscribe();
  vi.restoreAllMocks();
});

describe('sendOrKeep', () => {
  it('sends at once when online, with an idempotency key, and keeps nothing', async () => {
    fetchMock.mockResolvedValue(json(201, { id: 1 }));

    await expect(sendOrKeep(job('Fundi wa mabomba'))).resolves.toEqual({ queued: false, answer: { id: 1 } });

    expect(keyOf(0)).toMatch(/\S{16,}/);
    expect(await pendingEntries(7)).toEqual([]);
  });

  it('keeps the create on the phone without trying while the browser is offline', async () => {
    offline();

    const result = await sendOrKeep(job('Fundi wa mabomba'));

    expect(result.queued).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect((await pendingEntries(7)).map((entry) => entry.summary)).toEqual(['Fundi wa mabomba']);
    expect(events.map((event) => event.type)).toEqual(['queued']);
  });

  it('keeps it, with the key of its first try, when the connection drops on the way', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    const result = await sendOrKeep(job('Dereva'));

    expect(result.queued).toBe(true);
    const [kept] = await pendingEntries(7);
    expect(kept?.key).toBe(keyOf(0));
  });

  it('throws a refusal of the server as usual and keeps nothing', async () => {
    fetchMock.mockResolvedValue(json(400, { code: 'VALIDATION_FAILED', message: 'Title is required' }));

    await expect(sendOrKeep(job(''))).rejects.toMatchObject({ status: 400 });
    expect(await pendingEntries(7)).toEqual([]);
  });
});

describe('flushOutbox', () => {
  it('sends the kept items oldest first, each with its own first key, and removes each once answered', async () => {
    offline();
    await sendOrKeep(job('Kwanza'));
    await sendOrKeep(job('Pili'));
    const keys = (await pendingEntries(7)).map((entry) => entry.key);
    vi.restoreAllMocks();
    fetchMock.mockImplementation(async () => json(201, { id: 1 }));

    await flushOutbox(7);

    const sent = fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as { title: string });
    expect(sent.map((body) => body.title)).toEqual(['Kwanza', 'Pili']);
    expect([keyOf(0), keyOf(1)]).toEqual(keys);
    expect(await pendingEntries(7)).toEqual([]);
    expect(events.filter((event) => event.type === 'sent').map((event) => event.entry.summary)).toEqual([
      'Kwanza',
      'Pili',
    ]);
  });

  it('keeps everything, in order, when the connection is still down or the server fails', async () => {
    offline();
    await sendOrKeep(job('Kwanza'));
    await sendOrKeep(job('Pili'));
    vi.restoreAllMocks();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    await flushOutbox(7);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((await pendingEntries(7)).map((entry) => entry.summary)).toEqual(['Kwanza', 'Pili']);

    fetchMock.mockResolvedValueOnce(json(503, { code: 'SERVICE_UNAVAILABLE', message: 'Try later' }));
    await flushOutbox(7);
    expect((await pendingEntries(7)).map((entry) => entry.summary)).toEqual(['Kwanza', 'Pili']);
    expect(events.some((event) => event.type === 'sent' || event.type === 'refused')).toBe(false);
  });

  it('drops an item the server refuses for good, says why, and goes on with the next', async () => {
    offline();
    await sendOrKeep(job('Bad'));
    await sendOrKeep(job('Good'));
    vi.restoreAllMocks();
    fetchMock
      .mockResolvedValueOnce(json(403, { code: 'BLOCKED', message: 'You cannot do this' }))
      .mockResolvedValueOnce(json(201, { id: 2 }));

    await flushOutbox(7);

    expect(await pendingEntries(7)).toEqual([]);
    const refused = events.find((event) => event.type === 'refused');
    expect(refused?.type === 'refused' && refused.error.message).toBe('You cannot do this');
  });

  it('tries nothing while the browser says it is offline', async () => {
    offline();
    await sendOrKeep(job('Kwanza'));

    await flushOutbox(7);

    expect(fetchMock).not.toHaveBeenCalled();
    expect(await pendingEntries(7)).toHaveLength(1);
  });

  it('sends only the signed-in member’s items', async () => {
    offline();
    await sendOrKeep(job('Yangu', 7));
    await sendOrKeep(job('Ya mwingine', 8));
    vi.restoreAllMocks();
    fetchMock.mockImplementation(async () => json(201, { id: 1 }));

    await flushOutbox(7);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((await pendingEntries(8)).map((entry) => entry.summary)).toEqual(['Ya mwingine']);
  });

  it('sends a kept post as the same multipart form, with the same key', async () => {
    installFakeXhr();
    offline();
    await sendOrKeep({
      userId: 7,
      kind: 'post',
      path: '/api/posts',
      form: [['content', 'Habari za asubuhi']],
      summary: 'Habari za asubuhi',
    });
    const [kept] = await pendingEntries(7);
    vi.restoreAllMocks();

    const flushed = flushOutbox(7);
    await vi.waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    expect(lastXhr().form.get('content')).toBe('Habari za asubuhi');
    expect(lastXhr().headers['Idempotency-Key']).toBe(kept?.key);
    lastXhr().respond(201, { id: 5 });
    await flushed;

    expect(await pendingEntries(7)).toEqual([]);
  });
});

describe('isFinalRefusal', () => {
  it('is true for a 4xx the route decided, false for what may pass', () => {
    expect(isFinalRefusal(new ApiError(400, 'VALIDATION_FAILED', 'x'))).toBe(true);
    expect(isFinalRefusal(new ApiError(404, 'NOT_FOUND', 'x'))).toBe(true);
    expect(isFinalRefusal(new ApiError(401, 'UNAUTHORIZED', 'x'))).toBe(false);
    expect(isFinalRefusal(new ApiError(429, 'RATE_LIMITED', 'x'))).toBe(false);
    expect(isFinalRefusal(new ApiError(409, 'IDEMPOTENCY_KEY_IN_USE', 'x'))).toBe(false);
    expect(isFinalRefusal(new ApiError(0, 'NETWORK', 'x'))).toBe(false);
    expect(isFinalRefusal(new ApiError(502, 'HTTP_502', 'x'))).toBe(false);
  });
});
