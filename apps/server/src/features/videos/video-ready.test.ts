import type { VideoDto } from '@jamii/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { postVideo, testClipBytes } from '../../test/clips';
import { makeUser } from '../../test/factories';
import { openSocket, type TestSocket } from '../../test/sockets';
import { useTestApp } from '../../test/use-test-app';
import { RENDITIONS_JOB } from './videos.service';

// docs/design.md#past-one-machine, docs/operations.md: an upload answers as soon as the file is stored, before its low-data copies
// exist, saying it is still processing; the copies are made as a job, and their end is announced
// live (`videoReady`) to the uploader's sockets only.

describe('a video announced ready once its renditions are made', () => {
  const t = useTestApp({ listen: true });
  let clip: Buffer;

  beforeAll(async () => {
    // 2 seconds at 640×360: it gets a 240p copy.
    clip = await testClipBytes({ size: '640x360' });
  });

  const listFor = async (headers: Record<string, string>, userId: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/videos/short?user_id=${userId}`, headers })).json<
      VideoDto[]
    >();

  it('answers the upload with processing true and no copies, then sends videoReady to the uploader alone', async () => {
    const owner = await makeUser(t);
    const other = await makeUser(t);
    const sockets: TestSocket[] = await Promise.all([
      openSocket(t.url, owner.token),
      openSocket(t.url, other.token),
    ]);
    const [ownerSocket, otherSocket] = sockets as [TestSocket, TestSocket];
    try {
      const heardByOther: VideoDto[] = [];
      otherSocket.on('videoReady', (video) => heardByOther.push(video));
      const ready = new Promise<VideoDto>((resolve) => ownerSocket.once('videoReady', resolve));

      const res = await postVideo(t, owner.auth, { title: 'Mtaa wa Kibera' }, { data: clip });
      expect(res.statusCode).toBe(201);
      const uploaded = res.json<VideoDto>();
      expect(uploaded).toMatchObject({ renditions: [], processing: true });
      expect(
        await t.db
          .selectFrom('background_jobs')
          .select('name')
          .where('singleton_key', '=', `video:${uploaded.id}`)
          .execute(),
      ).toEqual([{ name: RENDITIONS_JOB }]);

      const announced = await ready;
      expect(announced).toMatchObject({ id: uploaded.id, user_id: owner.id, processing: false });
      expect(announced.renditions).toEqual([
        {
          height: 240,
          url: expect.stringMatching(/^\/media\/renditions\/[\w-]+\.mp4$/),
          size_bytes: expect.any(Number),
        },
      ]);

      await t.app.background.settled();
      // Lists say the same once the job is gone, to the uploader and to anyone else.
      const [forOwner] = await listFor(owner.auth, owner.id);
      const [forOther] = await listFor(other.auth, owner.id);
      expect(forOwner).toMatchObject({
        id: uploaded.id,
        processing: false,
        renditions: announced.renditions,
      });
      expect(forOther).toMatchObject({
        id: uploaded.id,
        processing: false,
        renditions: announced.renditions,
      });
      expect(heardByOther).toEqual([]);
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });
});
