import { IMAGE_MAX_BYTES, ProfileSchema, ProfileUpdateInput, UserSchema } from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { readForm } from '../../platform/multipart';
import { NoContent } from '../../platform/responses';
import { createUsersService } from './users.service';
import { IdParam, MemberKey } from '../../platform/params';

const KeyParam = z.object({ id: MemberKey });

export const usersRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const users = createUsersService(p, app.log);
  const { requireUser, optionalUser } = p.guards;

  app.get(
    '/api/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'A member by id or username (public fields, follow counts)',
        params: KeyParam,
        response: { 200: ProfileSchema },
      },
      preHandler: optionalUser,
      config: { policy: 'public' },
    },
    async (req) => users.get(req.params.id, req.user?.id ?? null),
  );

  app.put(
    '/api/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Edit one’s own profile',
        params: IdParam,
        body: ProfileUpdateInput,
        response: { 200: UserSchema },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req) => users.updateProfile(req.user, req.params.id, req.body),
  );

  app.delete(
    '/api/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete an account and all its data (owner or admin)',
        params: IdParam,
        response: { 204: NoContent },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req, reply) => {
      await users.deleteAccount(req.user, req.params.id);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/user/:id/profile-pic',
    {
      schema: {
        tags: ['users'],
        summary: 'Upload a profile picture (multipart profile_pic)',
        params: IdParam,
        response: { 200: UserSchema },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req) => {
      const form = await readForm(req, 'profile_pic', { fileSize: IMAGE_MAX_BYTES });
      return users.setProfilePicture(req.user, req.params.id, form.file);
    },
  );
};
