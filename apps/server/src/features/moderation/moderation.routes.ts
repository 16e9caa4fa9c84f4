import {
  AdminMemberSchema,
  AdminUsersQuery,
  AuditEntrySchema,
  HELD_TYPES,
  HeldDecisionSchema,
  HeldItemSchema,
  ReportGroupSchema,
  ReportInput,
  ReportSchema,
  ResolveAnswerSchema,
  ResolveInput,
  RoleInput,
  SuspendInput,
} from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { PageQuery, sendPage, toPageRequest } from '../../platform/pagination';
import { IdParam, MemberKey, RowId } from '../../platform/params';
import { createModerationService } from './moderation.service';

const UsernameParam = z.object({ username: MemberKey });
const HeldParams = z.object({ type: z.enum(HELD_TYPES), id: RowId });

export const moderationRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const moderation = createModerationService(p, app.log);
  const { requireUser, requireAdmin } = p.guards;
  const tags = ['moderation'];

  app.post(
    '/api/reports',
    {
      schema: {
        tags,
        summary: 'Report an item or a member to the moderators (once per member and item)',
        body: ReportInput,
        response: { 201: ReportSchema },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req, reply) => reply.code(201).send(await moderation.report(req.user, req.body)),
  );

  app.get(
    '/api/admin/reports',
    {
      schema: {
        tags,
        summary: 'Open reports grouped by target, most recently reported first (admins)',
        querystring: PageQuery,
        response: { 200: z.array(ReportGroupSchema) },
      },
      preHandler: requireAdmin,
      config: { policy: 'admin' },
    },
    async (req, reply) => sendPage(reply, await moderation.listReports(toPageRequest(req.query))),
  );

  app.post(
    '/api/admin/reports/:id/resolve',
    {
      schema: {
        tags,
        summary: 'Resolve every open report on this report’s target: dismiss, hide, remove or suspend_author',
        params: IdParam,
        body: ResolveInput,
        response: { 200: ResolveAnswerSchema },
      },
      preHandler: requireAdmin,
      config: { policy: 'admin' },
    },
    async (req) => moderation.resolve(req.user, req.params.id, req.body),
  );

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary: 'Members, newest first, searched by username, name or email (admins)',
        querystring: PageQuery.extend(AdminUsersQuery.shape),
        response: { 200: z.array(AdminMemberSchema) },
      },
      preHandler: requireAdmin,
      config: { policy: 'admin' },
    },
    async (req, reply) =>
      sendPage(reply, await moderation.listMembers(req.query.search, toPageRequest(req.query))),
  );

  app.post(
    '/api/admin/users/:username/suspend',
    {
      schema: {
        tags,
        summary: 'Suspend a member: every session ends at once; login answers 403 with the reason',
        params: UsernameParam,
        body: SuspendInput,
        response: { 200: AdminMemberSchema },
      },
      preHandler: requireAdmin,
      config: { policy: 'admin' },
    },
    async (req) => moderation.suspend(req.user, req.params.username, req.body.reason),
  );

  app.post(
    '/api/admin/users/:username/restore',
    {
      schema: {
        tags,
        summary: 'Lift a suspension',
        params: UsernameParam,
        response: { 200: AdminMemberSchema },
      },
      preHandler: requireAdmin,
      config: { policy: 'admin' },
    },
    async (req) => moderation.restore(req.user, req.params.username),
  );

  app.put(
    '/api/admin/users/:username/role',
    {
      schema: {
        tags,
        summary: 'Grant or revoke admin (never one’s own)',
        params: UsernameParam,
        body: RoleInput,
        response: { 200: AdminMemberSchema },
      },
      preHandler: requireAdmin,
      config: { policy: 'admin' },
    },
    async (req) => moderation.setRole(req.user, req.params.username, req.body.role),
  );

  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags,
        summary: 'Every admin action, newest first',
        querystring: PageQuery,
        response: { 200: z.array(AuditEntrySchema) },
      },
      preHandler: requireAdmin,
      config: { policy: 'admin' },
    },
    async (req, reply) => sendPage(reply, await moderation.listAudit(toPageRequest(req.query))),
  );

  app.get(
    '/api/admin/held',
    {
      schema: {
        tags,
        summary: 'Items the scam shield held for an admin, newest first',
        querystring: PageQuery,
        response: { 200: z.array(HeldItemSchema) },
      },
      preHandler: requireAdmin,
      config: { policy: 'admin' },
    },
    async (req, reply) => sendPage(reply, await moderation.listHeld(toPageRequest(req.query))),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/api/admin/held/:type/:id/${decision}`,
      {
        schema: {
          tags,
          summary:
            decision === 'approve'
              ? 'Approve a held item: everyone sees it'
              : 'Reject a held item: it stays hidden',
          params: HeldParams,
          response: { 200: HeldDecisionSchema },
        },
        preHandler: requireAdmin,
        config: { policy: 'admin' },
      },
      async (req) => moderation.decideHeld(req.user, req.params.type, req.params.id, decision === 'approve'),
    );
  }
};
