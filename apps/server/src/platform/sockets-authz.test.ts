import type { AddressInfo } from 'node:net';
import { SOCKET_UNAUTHORIZED, userRoom } from '@jamii/shared';
import { SignJWT } from 'jose';
import { io as connect } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { makePost, makeUser } from '../test/factories';
import type { TestSocket } from '../test/sockets';
import { isOwnOrigin } from './realtime';

// Socket.IO access (docs/security.md): the handshake checks the token and the Origin, and only the server
// puts a socket in a member's room; nothing a client sends gets it into another member's room.
const PUBLIC_URL = 'https://jamii.test';

describe('who may open a socket, and whose events it gets', () => {
  let t: TestApp;
  let url: string;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => t.close());

  /** Connects; answers the socket, or the handshake's refusal. */
  function open(opts: { token?: string; origin?: string }) {
    const socket: TestSocket = connect(url, {
      transports: ['websocket'],
      reconnection: false,
      ...(opts.token !== undefined ? { auth: { token: opts.token } } : {}),
      ...(opts.origin !== undefined ? { extraHeaders: { origin: opts.origin } } : {}),
    });
    sockets.push(socket);
    return new Promise<{ socket: TestSocket } | { error: Error & { data?: { code?: string } } }>(
      (resolve) => {
        socket.once('connect', () => resolve({ socket }));
        socket.once('connect_error', (error) => resolve({ error }));
      },
    );
  }

  it('accepts our own Origin (PUBLIC_URL or the host it is opened on) and clients that send none; refuses any other', async () => {
    const member = await makeUser(t);
    const own = [PUBLIC_URL, url, undefined];
    for (const origin of own) {
      expect('socket' in (await open({ token: member.token, origin })), String(origin)).toBe(true);
    }
    const foreign = [
      'https://evil.example',
      'https://jamii.test.evil.example',
      'http://jamii.test', // the other scheme is another origin
      'null', // a sandboxed frame or a file
      url.replace('127.0.0.1', 'localhost'),
    ];
    for (const origin of foreign) {
      expect('error' in (await open({ token: member.token, origin })), origin).toBe(true);
      expect('error' in (await open({ origin })), `${origin} anonymous`).toBe(true);
    }
  });

  it('refuses an expired token, one signed with alg none, a flipped signature and the token of a deleted account', async () => {
    const member = await makeUser(t);
    const gone = await makeUser(t);
    await t.db.deleteFrom('users').where('id', '=', gone.id).execute();
    const key = new TextEncoder().encode(t.ctx.jwtSecret);
    const expired = await new SignJWT({ sid: member.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(member.id))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const [, payload] = member.token.split('.');
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const signature = member.token.split('.')[2]!;
    const flipped = `${member.token.split('.').slice(0, 2).join('.')}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const [label, token] of Object.entries({ expired, algNone, flipped, deleted: gone.token })) {
      const answer = await open({ token });
      expect('error' in answer, label).toBe(true);
      if ('error' in answer) expect(answer.error.data?.code, label).toBe(SOCKET_UNAUTHORIZED);
    }
    expect('socket' in (await open({ token: member.token }))).toBe(true);
  });

  it('a socket cannot get into another member’s room, whatever it sends', async () => {
    const ann = await makeUser(t);
    const ben = await makeUser(t);
    const carol = await makeUser(t);
    const annPost = await makePost(t, ann);
    const otherPost = await makePost(t, carol);
    const annAnswer = await open({ token: ann.token });
    const benAnswer = await open({ token: ben.token });
    if (!('socket' in annAnswer) || !('socket' in benAnswer)) throw new Error('sockets did not connect');
    const annSocket = annAnswer.socket;
    const benSocket = benAnswer.socket;
    const benGot: string[] = [];
    benSocket.onAny((event: string) => benGot.push(event));

    // Everything a client could try: invented events, and `watch` with kinds and ids it may not use.
    const raw = benSocket as unknown as {
      emit: (event: string, ...args: unknown[]) => void;
      emitWithAck: (event: string, ...args: unknown[]) => Promise<unknown>;
    };
    for (const event of ['join', 'subscribe', 'room', 'joinRoom']) {
      raw.emit(event, userRoom(ann.id));
      raw.emit(event, { room: userRoom(ann.id) });
    }
    expect(await raw.emitWithAck('watch', 'user', ann.id)).toBe(false);
    expect(await raw.emitWithAck('watch', userRoom(ann.id), ann.id)).toBe(false);
    expect(await raw.emitWithAck('watch', 'post', `${ann.id}`)).toBe(false);

    // Ann's own event reaches her socket …
    const annNotified = new Promise((resolve) => annSocket.once('notification', resolve));
    const like = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${annPost.id}/like`,
      headers: carol.auth,
    });
    expect(like.statusCode).toBe(200);
    await annNotified;
    // … then a public event, which Ben's socket receives after anything sent to it before.
    const benPublic = new Promise((resolve) =>
      benSocket.on('likeUpdated', (event) => {
        if (event.id === otherPost.id) resolve(event);
      }),
    );
    await t.app.inject({ method: 'POST', url: `/api/posts/${otherPost.id}/like`, headers: ann.auth });
    await benPublic;
    expect(benGot.filter((e) => e !== 'likeUpdated')).toEqual([]);
  });
});

describe('isOwnOrigin', () => {
  it('matches PUBLIC_URL’s origin or the Host, and nothing else', () => {
    expect(isOwnOrigin(undefined, 'a.test')).toBe(true);
    expect(isOwnOrigin('https://jamii.co.ke', 'internal:3000', 'https://jamii.co.ke/')).toBe(true);
    expect(isOwnOrigin('http://localhost:5173', 'localhost:5173')).toBe(true);
    expect(isOwnOrigin('https://evil.example', 'localhost:5173', 'https://jamii.co.ke')).toBe(false);
    expect(isOwnOrigin('null', 'localhost:5173')).toBe(false);
    expect(isOwnOrigin('javascript://localhost:5173', 'localhost:5173')).toBe(false);
    expect(isOwnOrigin('not a url', 'localhost:5173')).toBe(false);
  });
});
