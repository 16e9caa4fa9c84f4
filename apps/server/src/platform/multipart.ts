import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { assertStorableText } from './text-guard';

export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
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

/**
 * A file part in memory, refused with 413 the moment it crosses `maxBytes`: busboy would otherwise
 * read (and discard) the rest of a body of any size before the answer went out, and the phone
 * would go on paying to send it.
 */
async function readFilePart(file: Readable & { truncated?: boolean }, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  file.once('limit', () => file.destroy(fileTooLarge(maxBytes)));
  for await (const chunk of file) chunks.push(chunk as Buffer);
  if (file.truncated) throw fileTooLarge(maxBytes);
  return Buffer.concat(chunks);
}

/**
 * Reads a form (multipart, or a JSON/url-encoded body for API clients): its text fields and at most
 * one file from `fileField`. A file over the route's limit stops the upload with 413.
 */
export async function readForm(
  request: FastifyRequest,
  fileField: string,
  limits: { fileSize: number },
): Promise<MultipartBody> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body))
      throw new AppError('BAD_REQUEST', 400, 'Expected a form');
    const fields = Object.fromEntries(
      Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : v == null ? '' : String(v)]),
    );
    return { fields, file: undefined };
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: limits.fileSize, files: 1, fields: 30 } })) {
      if (part.type === 'file') {
        const data = await readFilePart(part.file, limits.fileSize);
        // An empty file input is sent as a part with no bytes: treat it as no file.
        if (part.fieldname === fileField && data.length > 0)
          file = { field: part.fieldname, filename: part.filename, data };
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      }
    }
  } catch (err) {
    throw toFormError(err);
  }
  assertStorableText(fields);
  return { fields, file };
}

export interface StreamedFile {
  field: string;
  filename: string;
  /** Where the bytes were written, as given by the caller. */
  path: string;
  size: number;
}

export interface StreamedForm {
  fields: Record<string, string>;
  file: StreamedFile | undefined;
}

/** Boundaries, part headers and the text fields of a form around its one file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const MAX_FIELD_BYTES = 16 * 1024;

/**
 * Reads a multipart form whose file may be far larger than memory should hold (a video): the text
 * fields in memory, the part `fileField` written to `filePath` as it arrives. A file over
 * `fileSize` is refused with 413 as soon as it crosses the limit (at once when the declared length
 * is already over it), not after it has been received whole. The caller removes `filePath`, which
 * may hold a partial file, in every case.
 */
export async function streamForm(
  request: FastifyRequest,
  fileField: string,
  opts: { fileSize: number; filePath: string },
): Promise<StreamedForm> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Expected a multipart form');
  const declared = Number(request.headers['content-length']);
  if (declared > opts.fileSize + FORM_OVERHEAD_BYTES) throw fileTooLarge(opts.fileSize);

  const fields: Record<string, string> = {};
  let file: StreamedFile | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: opts.fileSize, files: 1, fields: 10, fieldSize: MAX_FIELD_BYTES },
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
      const out = createWriteStream(opts.filePath, { flags: 'wx' });
      // Busboy would go on reading (and discarding) the rest of the part after the limit: stop the
      // upload right there instead, so the answer goes out while the phone is still sending.
      part.file.once('limit', () => part.file.destroy(fileTooLarge(opts.fileSize)));
      await pipeline(part.file, out);
      if (part.file.truncated) throw fileTooLarge(opts.fileSize);
      // An empty file input is sent as a part with no bytes: treat it as no file.
      if (out.bytesWritten > 0)
        file = {
          field: part.fieldname,
          filename: part.filename,
          path: opts.filePath,
          size: out.bytesWritten,
        };
    }
  } catch (err) {
    throw toFormError(err);
  }
  assertStorableText(fields);
  return { fields, file };
}
