import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { assertStorableText } from './text-guard';

// Uploads are written to disk as they arrive, never gathered in memory: forty phones stalling
// halfway through a 5 MB picture once held 200 MB of the server's memory until they gave up.

/** A form's file, on the local disk for as long as its request runs. */
export interface UploadedFile {
  field: string;
  filename: string;
  /** A temporary file (DATA_DIR/tmp/uploads), removed before the answer goes out. */
  path: string;
  size: number;
}

export interface MultipartBody {
  /** Texts from a multipart form; a JSON body's values as they were sent (the schema judges them). */
  fields: Record<string, unknown>;
  file: UploadedFile | undefined;
}

/** A form, or a file inside it, that stops before its end. */
export const uploadIncomplete = () =>
  new AppError('UPLOAD_INCOMPLETE', 400, 'The upload did not finish. Please try again');

/**
 * A form the parser could not read is the client's failure (400), not ours: no boundary, a part cut
 * short, a phone that lost its signal mid-upload. The disk's own errors (they name a syscall) and
 * errors that already carry a status pass through.
 */
function toFormError(err: unknown): unknown {
  const e = err as { statusCode?: number; syscall?: string; message?: unknown };
  if (err instanceof AppError || e.statusCode || e.syscall) return err;
  if (typeof e.message === 'string' && /boundary/i.test(e.message))
    return new AppError('BAD_REQUEST', 400, 'The form could not be read (no multipart boundary)');
  return uploadIncomplete();
}

const fileTooLarge = (maxBytes: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    413,
    `The file is too large (at most ${Math.max(1, Math.floor(maxBytes / (1024 * 1024)))} MB)`,
  );

/** Boundaries, part headers and the text fields of a form around its one file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
/**
 * The longest text a form field may carry, in bytes: four times the longest text any form takes
 * (5,000 characters), so a value cut here is already over its field's own maximum and is refused
 * with that field's message, never stored cut short.
 */
const MAX_FIELD_BYTES = 32 * 1024;
const MAX_FIELDS = 30;

/**
 * Reads a multipart form: the text fields in memory (each at most MAX_FIELD_BYTES), the part
 * `fileField` written to `filePath` as it arrives, any other file skipped. A file over `fileSize` is
 * refused with 413 as soon as it crosses the limit (at once when the declared length is already
 * over it), not after it has been received whole. The caller removes `filePath`, which may hold a
 * partial file, in every case.
 */
async function receiveForm(
  request: FastifyRequest,
  fileField: string,
  opts: { fileSize: number; filePath: string },
): Promise<{ fields: Record<string, string>; file: UploadedFile | undefined }> {
  const declared = Number(request.headers['content-length']);
  if (declared > opts.fileSize + FORM_OVERHEAD_BYTES) throw fileTooLarge(opts.fileSize);

  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: opts.fileSize, files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== fileField || file) {
        part.file.resume();
        continue;
      }
      file = await writeFilePart(part.file, opts.filePath, opts.fileSize);
      // An empty file input is sent as a part with no bytes: treat it as no file.
      if (file.size === 0) file = undefined;
      else Object.assign(file, { field: part.fieldname, filename: part.filename });
    }
  } catch (err) {
    throw toFormError(err);
  }
  assertStorableText(fields);
  return { fields, file };
}

async function writeFilePart(
  stream: Readable & { truncated?: boolean },
  filePath: string,
  maxBytes: number,
): Promise<UploadedFile> {
  const out = createWriteStream(filePath, { flags: 'wx' });
  // Busboy would go on reading (and discarding) the rest of the part after the limit: stop the
  // upload right there instead, so the answer goes out while the phone is still sending.
  stream.once('limit', () => stream.destroy(fileTooLarge(maxBytes)));
  await pipeline(stream, out);
  if (stream.truncated) throw fileTooLarge(maxBytes);
  return { field: '', filename: '', path: filePath, size: out.bytesWritten };
}

export interface StreamedForm {
  fields: Record<string, string>;
  file: UploadedFile | undefined;
}

/**
 * A multipart form whose file goes to a path the caller chose (a video, into its own work folder,
 * processed there and removed by the caller whatever happens).
 */
export async function streamForm(
  request: FastifyRequest,
  fileField: string,
  opts: { fileSize: number; filePath: string },
): Promise<StreamedForm> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Expected a multipart form');
  return receiveForm(request, fileField, opts);
}

/** Temporary files older than this were left by a crash (no upload takes so long). */
const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

/**
 * Forms with at most one file for the routes that take pictures and CVs. Each file is written to
 * DATA_DIR/tmp/uploads while it arrives and removed before the request's answer goes out, whatever
 * the answer (success, refusal, failure, a client that went away); what a crash leaves there is
 * removed at the next start.
 */
export function createUploads(dataDir: string) {
  const dir = path.join(dataDir, 'tmp', 'uploads');
  /** The temporary files of requests that have not been answered yet. */
  const pending = new WeakMap<FastifyRequest, string[]>();

  async function removeFilesOf(request: FastifyRequest) {
    const files = pending.get(request);
    if (!files) return;
    pending.delete(request);
    await Promise.all(files.map((file) => rm(file, { force: true })));
  }

  return {
    dir,

    /**
     * Reads a form (multipart, or a JSON/url-encoded body for API clients): its text fields and at
     * most one file from `fileField`, on disk. A file over the route's limit stops the upload with 413.
     */
    async readForm(
      request: FastifyRequest,
      fileField: string,
      limits: { fileSize: number },
    ): Promise<MultipartBody> {
      if (!request.isMultipart()) {
        const body = request.body ?? {};
        if (typeof body !== 'object' || Array.isArray(body))
          throw new AppError('BAD_REQUEST', 400, 'Expected a form');
        const fields = Object.fromEntries(
          Object.entries(body).map(([key, value]) => [key, value === null ? '' : (value as unknown)]),
        );
        return { fields, file: undefined };
      }
      await mkdir(dir, { recursive: true });
      // A random name: nothing the client sent (its file name) reaches the disk.
      const filePath = path.join(dir, randomUUID());
      const files = pending.get(request) ?? [];
      files.push(filePath);
      pending.set(request, files);
      return receiveForm(request, fileField, { fileSize: limits.fileSize, filePath });
    },

    /** Removes each request's files before its answer is sent (hooked into the app). */
    register(app: FastifyInstance) {
      app.addHook('onSend', (request, _reply, payload, done) => {
        if (!pending.has(request)) return done(null, payload);
        removeFilesOf(request).then(
          () => done(null, payload),
          (err: unknown) => {
            request.log.warn({ err }, 'an upload’s temporary file could not be removed');
            done(null, payload);
          },
        );
      });
    },

    /** Clears what a crash mid-request left; run once at start. */
    async removeStale(log: FastifyBaseLogger) {
      await mkdir(dir, { recursive: true });
      const now = Date.now();
      let removed = 0;
      for (const name of await readdir(dir)) {
        const full = path.join(dir, name);
        const info = await stat(full).catch(() => null);
        if (info && now - info.mtimeMs > STALE_UPLOAD_MS) {
          await rm(full, { recursive: true, force: true });
          removed += 1;
        }
      }
      if (removed) log.info({ removed }, 'removed temporary upload files left by a crash');
    },
  };
}

export type Uploads = ReturnType<typeof createUploads>;

/** The first bytes of an uploaded file (a type judged by its bytes, such as a PDF's `%PDF-`). */
export async function readFileStart(filePath: string, bytes: number): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
