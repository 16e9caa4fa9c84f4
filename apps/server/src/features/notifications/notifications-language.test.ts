import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { NotificationDto } from '@jamii/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makePost, makeUser, TEST_PASSWORD } from '../../test/factories';
import { openSocket } from '../../test/sockets';

// Notifications are stored as a kind and parameters and rendered in the reader's language when
// read (docs/features/notifications.md, docs/features/kiswahili.md, docs/design.md#conversation-around-posts); emails go out in the recipient's language.

describe('notifications and emails in the member’s language', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'http://jamii.test' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  type Member = Awaited<ReturnType<typeof makeUser>>;
  const setLanguage = async (member: Member, language: 'en' | 'sw') => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${member.id}`,
      headers: member.auth,
      payload: { language },
    });
    expect(res.statusCode).toBe(200);
  };
  const messages = async (member: Member) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/notifications/${member.id}`,
      headers: member.auth,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as NotificationDto[]).map((n) => n.message);
  };
  const follow = (who: Member, whom: Member) =>
    t.app.inject({ method: 'POST', url: `/api/users/${whom.username}/follow`, headers: who.auth });
  const like = (who: Member, postId: number) =>
    t.app.inject({ method: 'POST', url: `/api/posts/${postId}/like`, headers: who.auth });

  it('renders a notification in English, and in Kiswahili once the member switches, older ones too', async () => {
    const me = await makeUser(t);
    const fan = await makeUser(t, { name: 'Brian Otieno' });
    // A row from before notifications had kinds: its stored sentence stays its rendering.
    await t.db.insertInto('notifications').values({ user_id: me.id, message: 'An old notice' }).execute();
    expect((await follow(fan, me)).statusCode).toBe(200);
    const note = await t.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: me.auth,
      payload: { user_id: me.id, message: 'Lipa kodi {kesho}', type: 'info' },
    });
    expect(note.statusCode).toBe(201);
    expect(note.json().message).toBe('Lipa kodi {kesho}');

    expect(await messages(me)).toEqual([
      'Lipa kodi {kesho}',
      `Brian Otieno (${fan.username}) started following you`,
      'An old notice',
    ]);
    const stored = await t.db
      .selectFrom('notifications')
      .select(['kind', 'params', 'message'])
      .where('user_id', '=', me.id)
      .where('kind', '=', 'followed')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      kind: 'followed',
      params: { name: 'Brian Otieno', username: fan.username },
      // No sentence is stored beside the kind: it is made when the notification is read.
      message: null,
    });

    await setLanguage(me, 'sw');
    expect(await messages(me)).toEqual([
      'Lipa kodi {kesho}',
      `Brian Otieno (${fan.username}) ameanza kukufuata`,
      'An old notice',
    ]);
    // Another member's language changes nothing for me, and mine nothing for them.
    await setLanguage(fan, 'en');
    const followed = (
      await t.app.inject({ method: 'GET', url: `/api/notifications/${me.id}`, headers: me.auth })
    )
      .json()
      .find((n: NotificationDto) => n.message.includes('kukufuata')) as NotificationDto;
    const read = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${followed.id}/read`,
      headers: me.auth,
    });
    expect(read.json()).toMatchObject({
      is_read: true,
      message: `Brian Otieno (${fan.username}) ameanza kukufuata`,
    });

    await setLanguage(me, 'en');
    expect((await messages(me))[1]).toBe(`Brian Otieno (${fan.username}) started following you`);
  });

  it('groups likes plural-correctly in both languages (1, 2 and 4 likers)', async () => {
    const author = await makeUser(t);
    const post = await makePost(t, author);
    const fans = [];
    for (const name of ['Amina Fan', 'Baraka Fan', 'Chebet Fan', 'Daudi Fan'])
      fans.push(await makeUser(t, { name }));
    const both = async () => {
      await setLanguage(author, 'sw');
      const sw = await messages(author);
      await setLanguage(author, 'en');
      return { en: await messages(author), sw };
    };

    expect((await like(fans[0]!, post.id)).statusCode).toBe(200);
    expect(await both()).toEqual({
      en: ['Amina Fan liked your post'],
      sw: ['Amina Fan amependa chapisho lako'],
    });
    await like(fans[1]!, post.id);
    expect(await both()).toEqual({
      en: ['Baraka Fan and 1 other liked your post'],
      sw: ['Baraka Fan na mtu mwingine mmoja wamependa chapisho lako'],
    });
    await like(fans[2]!, post.id);
    await like(fans[3]!, post.id);
    expect(await both()).toEqual({
      en: ['Daudi Fan and 3 others liked your post'],
      sw: ['Daudi Fan na wengine 3 wamependa chapisho lako'],
    });
  });

  it('pushes the live notification in the recipient’s language, not the actor’s', async () => {
    const recipient = await makeUser(t);
    const actor = await makeUser(t, { name: 'Juma Mfuasi' });
    await setLanguage(recipient, 'sw');
    const socket = await openSocket(url, recipient.token);
    try {
      const received = new Promise<NotificationDto>((resolve) => socket.once('notification', resolve));
      expect((await follow(actor, recipient)).statusCode).toBe(200);
      expect((await received).message).toBe(`Juma Mfuasi (${actor.username}) ameanza kukufuata`);
    } finally {
      socket.disconnect();
    }
  });

  it('writes the login notice in the member’s language, and the English of the specified API calls', async () => {
    const member = await makeUser(t);
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: member.username, password: TEST_PASSWORD },
      });
    expect((await login()).statusCode).toBe(200);
    const [english] = await messages(member);
    expect(english).toMatch(/^Account Logged In successfully at \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
    await setLanguage(member, 'sw');
    const [kiswahili] = await messages(member);
    expect(kiswahili).toMatch(/^Umeingia kwenye akaunti yako kwa mafanikio: /);
    // The same moment, the month in each language's words (Dec / Des, Aug / Ago…).
    const moment = (text: string) => text.replace(/\p{L}+/gu, 'MONTH');
    expect(moment(kiswahili!.slice(kiswahili!.indexOf(': ') + 2))).toBe(
      moment(english!.slice('Account Logged In successfully at '.length)),
    );
  });

  const outbox = () => path.join(t.dataDir, 'outbox');
  async function emailTo(to: string, subject: string) {
    for (let i = 0; i < 100; i++) {
      for (const f of await readdir(outbox()).catch(() => [] as string[])) {
        const text = await readFile(path.join(outbox(), f), 'utf8');
        if (text.includes(`To: ${to}\n`) && text.includes(`Subject: ${subject}\n`)) return text;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no email “${subject}” to ${to}`);
  }

  it('emails a Kiswahili reader in Kiswahili, an English reader as before', async () => {
    const swahili = await makeUser(t, { name: 'Achieng Wambui' });
    const english = await makeUser(t, { name: 'Peter Kamau' });
    await setLanguage(swahili, 'sw');
    for (const member of [swahili, english]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: member.email },
      });
      expect(res.statusCode).toBe(200);
    }
    const sw = await emailTo(swahili.email, 'Badilisha nenosiri lako la Jamii');
    expect(sw).toContain('Habari Achieng Wambui,');
    expect(sw).toContain('Fungua kiungo hiki ndani ya saa moja');
    expect(sw).toMatch(/http:\/\/jamii\.test\/reset-password\?token=[\w%-]+/);
    expect(sw).not.toContain('Hello');
    const en = await emailTo(english.email, 'Reset your Jamii password');
    expect(en).toContain('Hello Peter Kamau,');
    expect(en).toContain('Open this link within one hour to choose a new password:');
  });
});
