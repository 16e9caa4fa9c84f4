import {
  AdminVerificationSchema,
  AdminVerificationsQuery,
  MyVerificationSchema,
  VERIFICATION_DOCUMENT_MAX_BYTES,
  VerificationCreatedSchema,
  VerificationDecisionInput,
  VerificationDocumentSchema,
} from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { PageQuery, toPageRequest } from '../../platform/pagination';
import { IdParam } from '../../platform/params';
import { routeKit } from '../../platform/routes';
import { createEmployerVerificationService } from './employer-verification.service';

export const employerVerificationRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const verification = createEmployerVerificationService(p, app.log);
  const route = routeKit(app, p.guards, 'employer-verification');

  route.post(
    '/api/employer-verification',
    {
      policy: 'member',
      summary:
        'Ask to be verified as an employer (multipart: kind company|agency, legal_name, kra_pin, registration_no, nea_licence_no for agencies, document PDF ≤ 5 MB)',
      response: { 201: VerificationCreatedSchema },
    },
    async (req, reply) => {
      const form = await p.uploads.readForm(req, 'document', { fileSize: VERIFICATION_DOCUMENT_MAX_BYTES });
      if (form.file) await p.limits.countUpload(req, reply);
      return reply.code(201).send(await verification.request(req.user, form));
    },
  );

  route.get(
    '/api/employer-verification',
    {
      policy: 'member',
      summary: 'The caller’s badges (employer_verified, agency_licensed) and latest verification request',
      response: { 200: MyVerificationSchema },
    },
    async (req) => verification.mine(req.user),
  );

  route.page(
    '/api/admin/employer-verifications',
    {
      policy: 'admin',
      summary: 'Employer verification requests, newest first; ?status=pending|approved|rejected (admins)',
      querystring: PageQuery.extend(AdminVerificationsQuery.shape),
      response: { 200: z.array(AdminVerificationSchema) },
    },
    async (req) => verification.list(req.query.status, toPageRequest(req.query)),
  );

  for (const decision of ['approve', 'reject'] as const) {
    route.post(
      `/api/admin/employer-verifications/:id/${decision}`,
      {
        policy: 'admin',
        summary:
          decision === 'approve'
            ? 'Approve a request: the member becomes a verified employer (and a licensed agency)'
            : 'Reject a request, with a note the member reads',
        params: IdParam,
        body: VerificationDecisionInput,
        response: { 200: AdminVerificationSchema },
      },
      async (req) => verification.decide(req.user, req.params.id, decision === 'approve', req.body.note),
    );
  }

  route.get(
    '/api/admin/employer-verifications/:id/document',
    {
      policy: 'admin',
      summary: 'The request’s registration document, a PDF (admins)',
      params: IdParam,
      response: { 200: VerificationDocumentSchema },
    },
    async (req, reply) => {
      const file = await verification.readDocument(req.params.id);
      reply.raw.once('close', () => file.body.destroy());
      return (
        reply
          .type('application/pdf')
          .header('Content-Disposition', 'inline; filename="document.pdf"')
          .header('Content-Length', file.size)
          .header('Cache-Control', 'private, no-store')
          // A stream is sent as it is, never serialized: the declared string only documents the answer.
          .send(file.body as unknown as string)
      );
    },
  );
};
