import {
  EmployerVerificationInput,
  isPdfBytes,
  PDF_MAGIC,
  VERIFICATION_MESSAGES,
  type AdminVerificationDto,
  type MyVerificationDto,
  type VerificationStatus,
} from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CurrentUser } from '../../platform/auth';
import type { Platform } from '../../platform/context';
import { conflict, fieldErrors, notFound, validationError } from '../../platform/errors';
import { readFileStart, type MultipartBody } from '../../platform/multipart';
import { toPage, type PageRequest } from '../../platform/pagination';
import { writeTransaction } from '../../platform/write-transaction';
import { writeAudit } from '../moderation/moderation.audit';
import { createStorageQuota } from '../users/storage-quota';
import * as repo from './employer-verification.repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toAdminVerificationDto(row: repo.RequestRow): AdminVerificationDto {
  return {
    id: row.id,
    user: { id: row.user_id, username: row.username, name: row.name },
    kind: row.kind,
    legal_name: row.legal_name,
    kra_pin: row.kra_pin,
    registration_no: row.registration_no,
    nea_licence_no: row.nea_licence_no,
    status: row.status,
    note: row.note,
    document_url: `/api/admin/employer-verifications/${row.id}/document`,
    created_at: row.created_at.toISOString(),
    decided_at: iso(row.decided_at),
  };
}

export function createEmployerVerificationService(
  p: Pick<Platform, 'db' | 'config' | 'privateFiles'>,
  log: FastifyBaseLogger,
) {
  const { db } = p;
  const files = p.privateFiles;
  const quota = createStorageQuota(db, p.config.storageQuotaBytes);

  async function findForAdmin(id: number) {
    const row = await repo.findRequest(db, id);
    if (!row) throw notFound('Verification request');
    return row;
  }

  return {
    /** A member's request: the fields checked, the PDF checked by its bytes, one waiting at a time. */
    async request(user: CurrentUser, form: MultipartBody): Promise<{ status: 'pending' }> {
      const parsed = EmployerVerificationInput.safeParse(form.fields);
      const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
      if (!form.file) errors.document ??= VERIFICATION_MESSAGES.document;
      else if (!isPdfBytes(await readFileStart(form.file.path, PDF_MAGIC.length)))
        errors.document ??= VERIFICATION_MESSAGES.notPdf;
      if (!parsed.success || Object.keys(errors).length > 0 || !form.file) throw validationError(errors);
      const values = parsed.data;
      const bytes = form.file.size;
      const key = await files.putFile('verification', 'pdf', form.file.path);
      try {
        await writeTransaction(db, async (trx) => {
          await quota.assertRoomFor(trx, user.id, bytes);
          const inserted = await repo.insertRequest(trx, {
            user_id: user.id,
            kind: values.kind,
            legal_name: values.legal_name,
            kra_pin: values.kra_pin,
            registration_no: values.registration_no,
            nea_licence_no: values.kind === 'agency' ? (values.nea_licence_no ?? null) : null,
            document_path: key,
            document_bytes: bytes,
          });
          if (!inserted) throw conflict('VERIFICATION_PENDING', VERIFICATION_MESSAGES.pending);
        });
      } catch (err) {
        await files.remove(key);
        throw err;
      }
      log.info({ userId: user.id, kind: values.kind }, 'employer verification requested');
      return { status: 'pending' };
    },

    async mine(user: CurrentUser): Promise<MyVerificationDto> {
      const [flags, latest] = await Promise.all([
        repo.findFlags(db, user.id),
        repo.findLatestOf(db, user.id),
      ]);
      return {
        employer_verified: flags?.employer_verified ?? false,
        agency_licensed: flags?.agency_licensed ?? false,
        request: latest
          ? {
              id: latest.id,
              kind: latest.kind,
              legal_name: latest.legal_name,
              status: latest.status,
              note: latest.note,
              created_at: latest.created_at.toISOString(),
              decided_at: iso(latest.decided_at),
            }
          : null,
      };
    },

    async list(status: VerificationStatus | undefined, page: PageRequest) {
      const result = toPage(await repo.listRequests(db, status, page), page);
      return { ...result, items: result.items.map(toAdminVerificationDto) };
    },

    /** An admin's decision on a waiting request, written with its audit row. */
    async decide(admin: CurrentUser, id: number, approve: boolean, note: string | undefined) {
      const row = await findForAdmin(id);
      await writeTransaction(db, async (trx) => {
        const decided = await repo.decide(trx, id, {
          status: approve ? 'approved' : 'rejected',
          note: note ? note : null,
          decided_by: admin.id,
        });
        if (!decided) throw conflict('VERIFICATION_DECIDED', VERIFICATION_MESSAGES.decided);
        if (approve) await repo.grantFlags(trx, decided.user_id, decided.kind);
        await writeAudit(trx, admin, {
          action: approve ? 'employer_approve' : 'employer_reject',
          target_type: 'user',
          target_id: decided.user_id,
          target_label: row.username,
          ...(note ? { note } : {}),
        });
      });
      log.info({ requestId: id, by: admin.id, approve }, 'employer verification decided');
      return toAdminVerificationDto(await findForAdmin(id));
    },

    /** The PDF, for admins. */
    async readDocument(id: number) {
      const row = await findForAdmin(id);
      const file = await files.store.get(row.document_path);
      if (!file) throw notFound('Document');
      return file;
    },
  };
}
