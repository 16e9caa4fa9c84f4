import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  contentTypeOf,
  RangeNotSatisfiableError,
  type ByteRange,
  type ObjectInfo,
  type ObjectStore,
} from './object-store';
import { MEDIA_URL_PREFIX, type Storage } from './storage';

// Public media at stable URLs (/media/…), served by the app from either driver (docs/design.md#past-one-machine): one
// answer whether the bytes are on this disk or in a bucket, so a URL made by one instance loads
// through any other. Videos seek with Range (206); every name is unique, so answers are cached for a
// year and revalidate by ETag.

const CACHE_FOR_GOOD = 'public, max-age=31536000, immutable';

/** One `bytes=` range (a first-last, first- or -suffix); null for none, several, or nonsense. */
export function parseRangeHeader(value: string | undefined): ByteRange | null {
  const match = value ? /^bytes=(\d*)-(\d*)$/.exec(value.trim()) : null;
  if (!match) return null;
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '' && last === '') return null;
  if (first === '') return { suffix: Number(last) };
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  return end < start ? null : { start, end };
}

/** Whether an If-None-Match header names the ETag (or `*`). */
const matchesEtag = (header: string, etag: string) =>
  header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);

function setObjectHeaders(reply: FastifyReply, key: string, info: ObjectInfo) {
  reply
    .header('Accept-Ranges', 'bytes')
    .header('Cache-Control', CACHE_FOR_GOOD)
    .header('ETag', info.etag)
    .header('Last-Modified', info.lastModified.toUTCString())
    .type(contentTypeOf(key));
}

export function registerMediaRoute(app: FastifyInstance, storage: Storage) {
  const { store } = storage;
  // Stored keys are plain names: an escaped URL is never one of them.
  const keyOf = (req: FastifyRequest) => storage.keyOf(req.url.split('?')[0]!);
  const prefix = MEDIA_URL_PREFIX.replace(/\/$/, '');

  async function notModified(req: FastifyRequest, reply: FastifyReply, key: string, s: ObjectStore) {
    const ifNoneMatch = req.headers['if-none-match'];
    if (!ifNoneMatch) return false;
    const info = await s.head(key);
    if (!info || !matchesEtag(ifNoneMatch, info.etag)) return false;
    setObjectHeaders(reply, key, info);
    await reply.code(304).send();
    return true;
  }

  app.route({
    method: 'GET',
    url: `${prefix}/*`,
    exposeHeadRoute: false,
    schema: { hide: true },
    async handler(req, reply) {
      const key = keyOf(req);
      if (!key) return reply.callNotFound();
      if (await notModified(req, reply, key, store)) return reply;
      let range = parseRangeHeader(req.headers.range) ?? undefined;
      const ifRange = req.headers['if-range'];
      if (range && ifRange) {
        // A range of an older copy would splice two files: send the whole file unless it is the same.
        const info = await store.head(key);
        if (!info || ifRange !== info.etag) range = undefined;
      }
      let read;
      try {
        read = await store.get(key, range);
      } catch (err) {
        if (!(err instanceof RangeNotSatisfiableError)) throw err;
        return reply
          .code(416)
          .header('Accept-Ranges', 'bytes')
          .header('Content-Range', `bytes */${err.size}`)
          .send();
      }
      if (!read) return reply.callNotFound();
      setObjectHeaders(reply, key, read);
      reply.header('Content-Length', read.end - read.start + 1);
      if (range) reply.code(206).header('Content-Range', `bytes ${read.start}-${read.end}/${read.size}`);
      // A client that goes away mid-video must not leave the store's connection open.
      reply.raw.once('close', () => read.body.destroy());
      return reply.send(read.body);
    },
  });

  app.route({
    method: 'HEAD',
    url: `${prefix}/*`,
    schema: { hide: true },
    async handler(req, reply) {
      const key = keyOf(req);
      if (!key) return reply.callNotFound();
      if (await notModified(req, reply, key, store)) return reply;
      const info = await store.head(key);
      if (!info) return reply.callNotFound();
      setObjectHeaders(reply, key, info);
      return reply.header('Content-Length', info.size).send();
    },
  });
}
