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
import type { $ZodType, output } from 'zod/v4/core';
import type { Platform } from '../../platform/context';
import { routeKit } from '../../platform/routes';
import { PageQuery, toPageRequest, type Page, type PageRequest } from '../../platform/pagination';
import { IdParam, MemberKey, RowId } from '../../platform/params';
import { createModerationService } from './moderation.service';

const UsernameParam = z.object({ username: MemberKey });
const HeldParams = z.object({ type: z.enum(HELD_TYPES), id: RowId });

/** A GET for admins only answering one keyset page of `item`s from `list`. */
function adminPage<Item extends $ZodType>(
  route: ReturnType<typeof routeKit>,
  url: string,
  summary: string,
  item: Item,
  list: (page: PageRequest) => Promise<Page<output<Item>>>,
) {
  route.page(url, { policy: 'admin', summary, response: { 200: z.array(item) } }, async (req) =>
    list(toPageRequest(req.query)),
  );
}

export const moderationRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const moderation = createModerationService(p, app.log);
  // Members are reported to be suspended, never removed (no `remove`).
  p.reportables.register('user', {
    table: 'users',
    authorColumn: 'id',
    previewColumn: 'name',
    moderated: false,
  });
  const route = routeKit(app, p.guards, 'moderation');

  route.created(
    '/api/reports',
    {
      policy: 'member',
      summary: 'Report an item or a member to the moderators (once per member and item)',
      body: ReportInput,
      response: { 201: ReportSchema },
    },
    async (req) => moderation.report(req.user, req.body),
  );

  adminPage(
    route,
    '/api/admin/reports',
    'Open reports grouped by target, most recently reported first (admins)',
    ReportGroupSchema,
    moderation.listReports,
  );

  route.post(
    '/api/admin/reports/:id/resolve',
    {
      policy: 'admin',
      summary: 'Resolve every open report on this report’s target: dismiss, hide, remove or suspend_author',
      params: IdParam,
      body: ResolveInput,
      response: { 200: ResolveAnswerSchema },
    },
    async (req) => moderation.resolve(req.user, req.params.id, req.body),
  );

  route.page(
    '/api/admin/users',
    {
      policy: 'admin',
      summary: 'Members, newest first, searched by username, name or email (admins)',
      querystring: PageQuery.extend(AdminUsersQuery.shape),
      response: { 200: z.array(AdminMemberSchema) },
    },
    async (req) => moderation.listMembers(req.query.search, toPageRequest(req.query)),
  );

  route.post(
    '/api/admin/users/:username/suspend',
    {
      policy: 'admin',
      summary: 'Suspend a member: every session ends at once; login answers 403 with the reason',
      params: UsernameParam,
      body: SuspendInput,
      response: { 200: AdminMemberSchema },
    },
    async (req) => moderation.suspend(req.user, req.params.username, req.body.reason),
  );

  route.post(
    '/api/admin/users/:username/restore',
    {
      policy: 'admin',
      summary: 'Lift a suspension',
      params: UsernameParam,
      response: { 200: AdminMemberSchema },
    },
    async (req) => moderation.restore(req.user, req.params.username),
  );

  route.put(
    '/api/admin/users/:username/role',
    {
      policy: 'admin',
      summary: 'Grant or revoke admin (never one’s own)',
      params: UsernameParam,
      body: RoleInput,
      response: { 200: AdminMemberSchema },
    },
    async (req) => moderation.setRole(req.user, req.params.username, req.body.role),
  );

  adminPage(
    route,
    '/api/admin/audit',
    'Every admin action, newest first',
    AuditEntrySchema,
    moderation.listAudit,
  );

  adminPage(
    route,
    '/api/admin/held',
    'Items the scam shield held for an admin, newest first',
    HeldItemSchema,
    moderation.listHeld,
  );

  for (const decision of ['approve', 'reject'] as const) {
    route.post(
      `/api/admin/held/:type/:id/${decision}`,
      {
        policy: 'admin',
        summary:
          decision === 'approve'
            ? 'Approve a held item: everyone sees it'
            : 'Reject a held item: it stays hidden',
        params: HeldParams,
        response: { 200: HeldDecisionSchema },
      },
      async (req) => moderation.decideHeld(req.user, req.params.type, req.params.id, decision === 'approve'),
    );
  }
};
