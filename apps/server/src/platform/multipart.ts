import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  file: UploadedFile | undefined;
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
  for await (const part of request.parts({ limits: { fileSize: limits.fileSize, files: 1, fields: 30 } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      // An empty file input is sent as a part with no bytes: treat it as no file.
      if (part.fieldname === fileField && data.length > 0)
        file = { field: part.fieldname, filename: part.filename, data };
    } else {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
    }
  }
  return { fields, file };
}
