import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { localizeMessage, VERIFICATION_MESSAGES } from '@jamii/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { makeUser, multipart } from '../../test/factories';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const COMPANY = {
  kind: 'company',
  legal_name: 'Tamu Bakers Limited',
  kra_pin: 'P051234567X',
  registration_no: 'PVT-2019-123456',
};
const AGENCY = {
  kind: 'agency',
  legal_name: 'Fanaka Labour Agency Limited',
  kra_pin: 'P052345678Y',
  registration_no: 'PVT-2020-654321',
  nea_licence_no: 'NEA/RA/412/2025',
};

describe('employer verification', () => {
  const t = useTestApp();

  const send = async (
    auth: Record<string, string>,
    fields: Record<string, string>,
    data: Buffer | null = PDF,
  ) => {
    const form = await multipart(
      fields,
      data ? { field: 'document', filename: 'certificate.pdf', data, type: 'application/pdf' } : undefined,
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/employer-verification',
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
  };
  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const documents = () => {
    const dir = path.join(t.dataDir, 'private', 'verification');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('takes a request with a PDF and answers 201 pending; the admin sees it with its document', async () => {
    const [member, admin] = [await makeUser(t), await makeUser(t, { role: 'admin' })];
    const res = await send(member.auth, { ...COMPANY, kra_pin: ' p051234567x ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: 'pending' });

    const mine = await call('GET', '/api/employer-verification', member.auth);
    expect(mine.json()).toMatchObject({
      employer_verified: false,
      agency_licensed: false,
      request: { kind: 'company', legal_name: COMPANY.legal_name, status: 'pending', note: null },
    });

    const queue = await call('GET', '/api/admin/employer-verifications?status=pending', admin.auth);
    expect(queue.statusCode).toBe(200);
    const item = queue.json().find((r: { user: { id: number } }) => r.user.id === member.id);
    expect(item).toMatchObject({
      kind: 'company',
      kra_pin: 'P051234567X',
      registration_no: COMPANY.registration_no,
      nea_licence_no: null,
      status: 'pending',
      user: { id: member.id, username: member.username, name: member.name },
    });
    const doc = await call('GET', item.document_url, admin.auth);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.rawPayload.equals(PDF)).toBe(true);
  });

  it('approving an agency makes the member a verified employer and a licensed agency, on profile and jobs', async () => {
    const [member, admin, reader] = [
      await makeUser(t),
      await makeUser(t, { role: 'admin' }),
      await makeUser(t),
    ];
    expect((await send(member.auth, AGENCY)).statusCode).toBe(201);
    const { id } = (await call('GET', '/api/admin/employer-verifications', admin.auth))
      .json()
      .find((r: { user: { id: number } }) => r.user.id === member.id);
    const approved = await call('POST', `/api/admin/employer-verifications/${id}/approve`, admin.auth, {
      note: 'Licence checked on the NEA list',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', note: 'Licence checked on the NEA list' });
    expect(approved.json().decided_at).toEqual(expect.any(String));

    const profile = await call('GET', `/api/users/${member.username}`, reader.auth);
    expect(profile.json()).toMatchObject({ employer_verified: true, agency_licensed: true });
    const job = await call('POST', '/api/jobs', member.auth, {
      title: 'Caregivers for Germany',
      description:
        'Our recruitment agency hires caregivers for Germany. The employer pays the visa and ticket.',
    });
    expect(job.statusCode).toBe(201);
    expect(job.json()).toMatchObject({ employer_verified: true, agency_licensed: true });
    expect(job.json().risk).toEqual({ level: 'none', reasons: [] });

    const again = await call('POST', `/api/admin/employer-verifications/${id}/reject`, admin.auth, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(VERIFICATION_MESSAGES.decided);
    const audit = await call('GET', '/api/admin/audit', admin.auth);
    expect(audit.json()[0]).toMatchObject({ action: 'employer_approve', target_id: member.id });
  });

  it('an agency without a verified licence posting work abroad is at least a caution', async () => {
    const member = await makeUser(t);
    expect((await send(member.auth, AGENCY)).statusCode).toBe(201);
    const job = await call('POST', '/api/jobs', member.auth, {
      title: 'Cleaners for Dubai',
      description: 'Hotel cleaners for Dubai. The employer pays the visa and ticket.',
    });
    expect(job.statusCode).toBe(201);
    expect(job.json().risk.level).not.toBe('none');
    expect(job.json().risk.reasons).toContain('unlicensed_agency');
  });

  it('rejecting keeps the member unverified, tells why, and lets them ask again', async () => {
    const [member, admin] = [await makeUser(t), await makeUser(t, { role: 'admin' })];
    expect((await send(member.auth, COMPANY)).statusCode).toBe(201);
    const second = await send(member.auth, COMPANY);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'VERIFICATION_PENDING',
      message: VERIFICATION_MESSAGES.pending,
    });
    const { id } = (await call('GET', '/api/admin/employer-verifications', admin.auth))
      .json()
      .find((r: { user: { id: number } }) => r.user.id === member.id);
    const rejected = await call('POST', `/api/admin/employer-verifications/${id}/reject`, admin.auth, {
      note: 'The certificate is unreadable',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', note: 'The certificate is unreadable' });
    const mine = (await call('GET', '/api/employer-verification', member.auth)).json();
    expect(mine).toMatchObject({
      employer_verified: false,
      request: { status: 'rejected', note: 'The certificate is unreadable' },
    });
    expect((await send(member.auth, COMPANY)).statusCode).toBe(201);
  });

  it('explains each wrong field, in English and Kiswahili', async () => {
    const member = await makeUser(t);
    const before = documents().length;
    const res = await send(
      member.auth,
      { kind: 'agency', legal_name: ' ', kra_pin: 'P12345', registration_no: '' },
      null,
    );
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors).toEqual({
      legal_name: VERIFICATION_MESSAGES.legalName,
      kra_pin: VERIFICATION_MESSAGES.kraPin,
      registration_no: VERIFICATION_MESSAGES.registrationNo,
      nea_licence_no: VERIFICATION_MESSAGES.neaLicence,
      document: VERIFICATION_MESSAGES.document,
    });
    expect(localizeMessage(errors.kra_pin, 'sw')).toBe(
      'Andika PIN ya KRA: A au P, tarakimu tisa na herufi moja (kama P051234567X)',
    );
    expect(localizeMessage(errors.nea_licence_no, 'sw')).toBe(
      'Wakala wa ajira anahitaji namba ya leseni yake ya NEA',
    );
    expect(localizeMessage(errors.document, 'sw')).toBe('Ambatisha cheti cha usajili kama PDF');

    const kind = await send(member.auth, { ...COMPANY, kind: 'shop' });
    expect(kind.json().errors).toEqual({ kind: VERIFICATION_MESSAGES.kind });
    for (const pin of ['B051234567X', 'P05123456X', 'P0512345678', 'P051234567XX'])
      expect((await send(member.auth, { ...COMPANY, kra_pin: pin })).json().errors).toEqual({
        kra_pin: VERIFICATION_MESSAGES.kraPin,
      });
    expect(documents().length).toBe(before);
  });

  it('checks the PDF by its bytes, not its name or type', async () => {
    const member = await makeUser(t);
    const res = await send(member.auth, COMPANY, Buffer.from('MZ\x90\x00 an executable named .pdf'));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ document: VERIFICATION_MESSAGES.notPdf });
    expect(localizeMessage(res.json().message, 'sw')).toBe('Hati lazima iwe faili la PDF');
  });

  it('is for members; the queue, the decisions and the documents are for admins only', async () => {
    const [member, other] = [await makeUser(t), await makeUser(t)];
    expect((await send({}, COMPANY)).statusCode).toBe(401);
    expect((await send(member.auth, COMPANY)).statusCode).toBe(201);
    const admin = await makeUser(t, { role: 'admin' });
    const { id } = (await call('GET', '/api/admin/employer-verifications', admin.auth))
      .json()
      .find((r: { user: { id: number } }) => r.user.id === member.id);
    for (const who of [member, other]) {
      expect((await call('GET', '/api/admin/employer-verifications', who.auth)).statusCode).toBe(403);
      expect(
        (await call('POST', `/api/admin/employer-verifications/${id}/approve`, who.auth, {})).statusCode,
      ).toBe(403);
      expect(
        (await call('POST', `/api/admin/employer-verifications/${id}/reject`, who.auth, {})).statusCode,
      ).toBe(403);
      expect(
        (await call('GET', `/api/admin/employer-verifications/${id}/document`, who.auth)).statusCode,
      ).toBe(403);
    }
    expect((await call('GET', '/api/admin/employer-verifications', {})).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/admin/employer-verifications/999999/approve', admin.auth, {})).statusCode,
    ).toBe(404);
    const mine = (await call('GET', '/api/employer-verification', other.auth)).json();
    expect(mine).toEqual({ employer_verified: false, agency_licensed: false, request: null });
  });
});
