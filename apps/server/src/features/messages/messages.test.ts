import type { ConversationDto, MessageDto, MessageEvent } from '@jamii/shared';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app';
import { useTestApp } from '../../test/use-test-app';
import { openSocket } from '../../test/sockets';
import { makeBid, makeJob, makeUser } from '../../test/factories';
import { openConversation } from './messages.service';

type Member = Awaited<ReturnType<typeof makeUser>>;

describe('conversations and messages', () => {
  const t = useTestApp({ listen: true });

  const open = (who: Member, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/conversations', headers: who.auth, payload });
  const send = (who: Member, id: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: who.auth, payload });
  const get = (who: Member | null, path: string) =>
    t.app.inject({ method: 'GET', url: path, headers: who?.auth ?? {} });
  const unread = async (who: Member) =>
    ((await get(who, '/api/conversations/unread-count')).json() as { count: number }).count;
  async function pair() {
    const a = await makeUser(t, { name: 'Akinyi Sender' });
    const b = await makeUser(t, { name: 'Baraka Reader' });
    const res = await open(a, { username: b.username });
    expect(res.statusCode).toBe(201);
    return { a, b, conversation: res.json() as ConversationDto };
  }

  it('opens one conversation per pair: 201 once, then 200 with the same id from either side', async () => {
    const a = await makeUser(t, { name: 'Akinyi Otieno' });
    const b = await makeUser(t, { name: 'Baraka Mwangi' });
    const first = await open(a, { username: b.username });
    expect(first.statusCode).toBe(201);
    const body = first.json() as ConversationDto;
    expect(body).toEqual({
      id: expect.any(Number),
      other: { id: b.id, username: b.username, name: 'Baraka Mwangi', profile_pic: null },
      last_message: null,
      unread: 0,
      updated_at: expect.any(String),
      context: null,
    });
    const again = await open(a, { username: b.username.slice(1).toUpperCase() });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(body.id);
    const reverse = await open(b, { username: a.username });
    expect(reverse.statusCode).toBe(200);
    expect(reverse.json()).toMatchObject({ id: body.id, other: { id: a.id, name: 'Akinyi Otieno' } });
  });

  it('gives parallel openings of one pair the same conversation', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? open(a, { username: b.username }) : open(b, { username: a.username }),
      ),
    );
    const ids = new Set(answers.map((r) => r.json().id as number));
    expect(ids.size).toBe(1);
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(9);
    const rows = await t.db
      .selectFrom('conversation_members')
      .selectAll()
      .where('conversation_id', '=', [...ids][0]!)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('refuses oneself (400), an unknown member or context (404), a visitor (401) and a bad body (400)', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    expect((await open(a, { username: a.username })).statusCode).toBe(400);
    const unknown = await open(a, { username: '@nobody_at_all' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    expect(
      (await open(a, { username: b.username, context_type: 'job', context_id: 999999 })).statusCode,
    ).toBe(404);
    expect((await open(a, { username: b.username, context_type: 'job' })).statusCode).toBe(400);
    expect((await open(a, { username: b.username, context_type: 'planet', context_id: 1 })).statusCode).toBe(
      400,
    );
    expect((await open(a, {})).statusCode).toBe(400);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      payload: { username: b.username },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('keeps the latest context a Message button sent', async () => {
    const poster = await makeUser(t);
    const seeker = await makeUser(t);
    const job = await makeJob(t, poster);
    const bid = await makeBid(t, poster);
    const first = await open(seeker, { username: poster.username, context_type: 'job', context_id: job.id });
    expect(first.json().context).toEqual({ type: 'job', id: job.id });
    const second = await open(seeker, { username: poster.username, context_type: 'bid', context_id: bid.id });
    expect(second.json()).toMatchObject({ id: first.json().id, context: { type: 'bid', id: bid.id } });
    const plain = await open(seeker, { username: poster.username });
    expect(plain.json().context).toEqual({ type: 'bid', id: bid.id });
  });

  it('refuses a blocked pair either way: no new conversation and no message (403)', async () => {
    const { a, b, conversation } = await pair();
    const c = await makeUser(t);
    await t.db.insertInto('blocks').values({ blocker_id: b.id, blocked_id: a.id }).execute();
    const opened = await open(a, { username: b.username });
    expect(opened.statusCode).toBe(403);
    expect(opened.json().code).toBe('BLOCKED');
    expect((await open(b, { username: a.username })).statusCode).toBe(403);
    expect((await send(a, conversation.id, { body: 'Habari?' })).statusCode).toBe(403);
    expect((await send(b, conversation.id, { body: 'Habari?' })).statusCode).toBe(403);
    await t.db.insertInto('blocks').values({ blocker_id: c.id, blocked_id: a.id }).execute();
    expect((await open(a, { username: c.username })).statusCode).toBe(403);
    await t.db.deleteFrom('blocks').where('blocked_id', '=', a.id).execute();
    expect((await send(a, conversation.id, { body: 'Habari?' })).statusCode).toBe(201);
  });

  it('sends messages with the contract’s fields; the thread is newest first in keyset pages', async () => {
    const { a, b, conversation } = await pair();
    const sent: MessageDto[] = [];
    for (const body of ['Habari yako?', '  Nzuri sana  ', 'Tuonane kesho']) {
      const res = await send(sent.length % 2 ? b : a, conversation.id, { body });
      expect(res.statusCode).toBe(201);
      sent.push(res.json() as MessageDto);
    }
    expect(sent[0]).toEqual({
      id: expect.any(Number),
      conversation_id: conversation.id,
      sender_id: a.id,
      body: 'Habari yako?',
      created_at: expect.any(String),
      risk: { level: 'none', reasons: [] },
      client_id: null,
    });
    expect(sent[1]!.body).toBe('Nzuri sana');
    const page = await get(b, `/api/conversations/${conversation.id}/messages?limit=2`);
    expect(page.statusCode).toBe(200);
    expect(page.json().map((m: MessageDto) => m.body)).toEqual(['Tuonane kesho', 'Nzuri sana']);
    const cursor = page.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const older = await get(b, `/api/conversations/${conversation.id}/messages?limit=2&cursor=${cursor}`);
    expect(older.json().map((m: MessageDto) => m.body)).toEqual(['Habari yako?']);
    expect(older.headers['x-next-cursor']).toBeUndefined();

    const one = (await get(a, `/api/conversations/${conversation.id}`)).json() as ConversationDto;
    expect(one.last_message).toMatchObject({ id: sent[2]!.id, body: 'Tuonane kesho', sender_id: a.id });
    expect(one.updated_at).toBe(sent[2]!.created_at);
  });

  it('gives a message asking for money its scam-shield verdict, stored and sent as it is', async () => {
    const { a, b, conversation } = await pair();
    const res = await send(a, conversation.id, {
      body: 'Pay the registration fee of KSh 1,500 by M-Pesa to 0712 345 678 first.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().risk).toEqual({ level: 'high', reasons: ['upfront_fee', 'mpesa_number'] });
    const seen = (await get(b, `/api/conversations/${conversation.id}/messages`)).json() as MessageDto[];
    expect(seen[0]!.risk).toEqual({ level: 'high', reasons: ['upfront_fee', 'mpesa_number'] });
    const row = await t.db
      .selectFrom('messages')
      .select(['risk_level', 'risk_reasons', 'moderation'])
      .where('id', '=', seen[0]!.id)
      .executeTakeFirstOrThrow();
    // Warned about, never held: the recipient still reads it.
    expect(row).toEqual({
      risk_level: 'high',
      risk_reasons: ['upfront_fee', 'mpesa_number'],
      moderation: 'visible',
    });
  });

  it('refuses an empty, blank or too long body (400) and accepts exactly 2000 characters', async () => {
    const { a, conversation } = await pair();
    for (const body of ['', '   \n ', 'x'.repeat(2001)]) {
      const res = await send(a, conversation.id, { body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { body: expect.any(String) } });
    }
    expect((await send(a, conversation.id, {})).statusCode).toBe(400);
    expect((await send(a, conversation.id, { body: 'x'.repeat(2000) })).statusCode).toBe(201);
  });

  it('answers participants only: anyone else gets 404 for the conversation, its messages, sending and reading', async () => {
    const { a, conversation } = await pair();
    await send(a, conversation.id, { body: 'Siri yetu' });
    const stranger = await makeUser(t);
    const admin = await makeUser(t, { role: 'admin' });
    for (const who of [stranger, admin]) {
      expect((await get(who, `/api/conversations/${conversation.id}`)).statusCode).toBe(404);
      expect((await get(who, `/api/conversations/${conversation.id}/messages`)).statusCode).toBe(404);
      expect((await send(who, conversation.id, { body: 'Niko hapa' })).statusCode).toBe(404);
      const read = await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/read`,
        headers: who.auth,
      });
      expect(read.statusCode).toBe(404);
      expect((await get(who, '/api/conversations')).json()).toEqual([]);
    }
    expect((await get(a, '/api/conversations/999999')).statusCode).toBe(404);
    expect((await get(a, '/api/conversations/abc')).statusCode).toBe(400);
    expect((await get(null, '/api/conversations')).statusCode).toBe(401);
    expect((await get(null, `/api/conversations/${conversation.id}/messages`)).statusCode).toBe(401);
  });

  it('answers the same message for a repeated client_id, even when the retries race', async () => {
    const { a, b, conversation } = await pair();
    const first = await send(a, conversation.id, { body: 'Nimefika', client_id: 'c-1' });
    expect(first.statusCode).toBe(201);
    expect(first.json().client_id).toBe('c-1');
    const again = await send(a, conversation.id, { body: 'Nimefika', client_id: 'c-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // Another member may use the same client_id: it is the sender's own key.
    expect((await send(b, conversation.id, { body: 'Karibu', client_id: 'c-1' })).statusCode).toBe(201);

    const racing = await Promise.all(
      Array.from({ length: 8 }, () =>
        send(a, conversation.id, { body: 'Mara moja tu', client_id: 'c-race' }),
      ),
    );
    expect(new Set(racing.map((r) => r.json().id)).size).toBe(1);
    expect(racing.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const rows = await t.db
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', conversation.id)
      .execute();
    expect(rows).toHaveLength(3);

    const other = (await open(a, { username: (await makeUser(t)).username })).json() as ConversationDto;
    const reused = await send(a, other.id, { body: 'Nimefika', client_id: 'c-1' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors).toHaveProperty('client_id');
  });

  it('counts unread messages per conversation and in total, and read clears them', async () => {
    const { a, b, conversation } = await pair();
    const c = await makeUser(t);
    const other = (await open(c, { username: b.username })).json() as ConversationDto;
    expect(await unread(b)).toBe(0);
    await send(a, conversation.id, { body: 'Moja' });
    await send(a, conversation.id, { body: 'Mbili' });
    await send(c, other.id, { body: 'Tatu' });
    expect(await unread(b)).toBe(3);
    expect(await unread(a)).toBe(0);
    const list = (await get(b, '/api/conversations')).json() as ConversationDto[];
    expect(list.map((x) => [x.id, x.unread])).toEqual([
      [other.id, 1],
      [conversation.id, 2],
    ]);
    expect(list[1]!.last_message?.body).toBe('Mbili');

    const read = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/read`,
      headers: b.auth,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: conversation.id, unread: 0 });
    expect(await unread(b)).toBe(1);
    // Answering counts as having read the conversation.
    await send(b, other.id, { body: 'Asante' });
    expect(await unread(b)).toBe(0);
    expect(await unread(c)).toBe(1);
  });

  it('lists my conversations most recent first in keyset pages', async () => {
    const me = await makeUser(t);
    const others = [await makeUser(t), await makeUser(t), await makeUser(t)];
    const ids: number[] = [];
    for (const o of others)
      ids.push(((await open(me, { username: o.username })).json() as ConversationDto).id);
    await send(others[0]!, ids[0]!, { body: 'Niko juu sasa' });
    const page = await get(me, '/api/conversations?limit=2');
    expect(page.json().map((x: ConversationDto) => x.id)).toEqual([ids[0], ids[2]]);
    const next = await get(
      me,
      `/api/conversations?limit=2&cursor=${page.headers['x-next-cursor'] as string}`,
    );
    expect(next.json().map((x: ConversationDto) => x.id)).toEqual([ids[1]]);
    expect((await get(me, '/api/conversations?cursor=nonsense!')).statusCode).toBe(400);
    const impossible = Buffer.from('2024-02-30T00:00:00Z|1').toString('base64url');
    for (const path of ['/api/conversations', `/api/conversations/${ids[0]}/messages`]) {
      const res = await get(me, `${path}?cursor=${impossible}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_CURSOR');
    }
  });

  it('pushes `message` to the recipient’s sockets only', async () => {
    const { a, b, conversation } = await pair();
    const bystander = await makeUser(t);
    const socketOf = (token: string) => openSocket(t.url, token);
    const recipient = await socketOf(b.token);
    const other = await socketOf(bystander.token);
    try {
      let leaked = false;
      other.on('message', () => (leaked = true));
      const received = new Promise<MessageEvent>((resolve) => recipient.once('message', resolve));
      const res = await send(a, conversation.id, { body: 'Uko wapi?', client_id: 'live-1' });
      expect(res.statusCode).toBe(201);
      expect(await received).toEqual({ conversation_id: conversation.id, message: res.json() });
      await new Promise((r) => setTimeout(r, 100));
      expect(leaked).toBe(false);
    } finally {
      recipient.disconnect();
      other.disconnect();
    }
  });

  it('hides a moderated message from the recipient but not from its sender', async () => {
    const { a, b, conversation } = await pair();
    const msg = (await send(a, conversation.id, { body: 'Kitu kibaya' })).json() as MessageDto;
    await t.db.updateTable('messages').set({ moderation: 'hidden' }).where('id', '=', msg.id).execute();
    expect((await get(b, `/api/conversations/${conversation.id}/messages`)).json()).toEqual([]);
    expect((await get(a, `/api/conversations/${conversation.id}/messages`)).json()).toHaveLength(1);
    expect(await unread(b)).toBe(0);
  });

  it('lets the two members report a message; anyone else is told it does not exist', async () => {
    const { a, b, conversation } = await pair();
    const msg = (await send(a, conversation.id, { body: 'Tuma pesa sasa hivi' })).json() as MessageDto;
    const report = (who: Member) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: who.auth,
        payload: { target_type: 'message', target_id: msg.id, reason: 'scam' },
      });
    expect((await report(b)).statusCode).toBe(201);
    expect((await report(b)).statusCode).toBe(409);
    expect((await report(await makeUser(t))).statusCode).toBe(404);
  });

  it('opens a conversation for other features (an accepted offer) once, with its context', async () => {
    const owner = await makeUser(t);
    const winner = await makeUser(t);
    const bid = await makeBid(t, owner);
    const first = await t.db
      .transaction()
      .execute((trx) => openConversation(trx, owner.id, winner.id, { type: 'bid', id: bid.id }));
    const second = await openConversation(t.db, winner.id, owner.id);
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    const listed = (await get(winner, '/api/conversations')).json() as ConversationDto[];
    expect(listed).toEqual([expect.objectContaining({ id: first.id, context: { type: 'bid', id: bid.id } })]);
  });

  it('erases the conversations and messages with an account', async () => {
    const { a, b, conversation } = await pair();
    await send(a, conversation.id, { body: 'Kwaheri' });
    await t.db.deleteFrom('users').where('id', '=', a.id).execute();
    expect(
      await t.db.selectFrom('messages').select('id').where('conversation_id', '=', conversation.id).execute(),
    ).toEqual([]);
    expect((await get(b, '/api/conversations')).json()).toEqual([]);
  });

  it('limits sending per account when limits are on (429)', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMITS: 'on' } });
    try {
      const a = await makeUser(limited);
      const b = await makeUser(limited);
      const conv = await limited.app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers: a.auth,
        payload: { username: b.username },
      });
      const id = conv.json().id as number;
      const codes: number[] = [];
      for (let i = 0; i < 61; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: `/api/conversations/${id}/messages`,
          headers: a.auth,
          payload: { body: `Ujumbe ${i}` },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 60).every((c) => c === 201)).toBe(true);
      expect(codes[60]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
