import sharp from 'sharp';
import { hashPassword } from '../platform/passwords';
import type { TestApp } from './build-test-app';

export const TEST_PASSWORD = 'Strong-Pass-2024!';
let passwordHash: Promise<string> | undefined;
let counter = 0;

/** A member straight in the database, with an access token; names are unique per call. */
export async function makeUser(
  t: TestApp,
  overrides: { username?: string; name?: string; role?: 'member' | 'admin'; location?: string } = {},
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const n = ++counter;
  const row = await t.db
    .insertInto('users')
    .values({
      username: overrides.username ?? `@member_${n}`,
      name: overrides.name ?? `Member Number`,
      email: `member${n}@company${n}.co.ke`,
      location: overrides.location ?? 'Nairobi',
      role: overrides.role ?? 'member',
      password_hash: await passwordHash,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const token = await t.ctx.tokens.sign(row.id);
  return { ...row, token, auth: { authorization: `Bearer ${token}` } };
}

/** A real JPEG of the given size, carrying EXIF metadata the server must strip. */
export function makeJpeg(width = 1200, height = 900) {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .withExif({ IFD0: { Copyright: 'secret-owner', Make: 'TestCam' } })
    .jpeg()
    .toBuffer();
}

/** A multipart body built the way a browser's FormData would send it. */
export function multipart(
  fields: Record<string, string>,
  file?: { field: string; filename: string; data: Buffer; type?: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(
      file.field,
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
      file.filename,
    );
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return (async () => ({
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  }))();
}
