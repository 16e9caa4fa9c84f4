import { IMAGE_MAX_BYTES, ProfileSchema, ProfileUpdateInput, UserSchema } from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { routeKit } from '../../platform/routes';
import { createUsersService } from './users.service';
import { IdParam, MemberKey } from '../../platform/params';

const KeyParam = z.object({ id: MemberKey });

export const usersRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const users = createUsersService(p, app.log);
  const route = routeKit(app, p.guards, 'users');

  route.get(
    '/api/users/:id',
    {
      policy: 'public',
      viewer: true,
      summary: 'A member by id or username (public fields, follow counts)',
      params: KeyParam,
      response: { 200: ProfileSchema },
    },
    async (req) => users.get(req.params.id, req.user?.id ?? null),
  );

  route.put(
    '/api/users/:id',
    {
      policy: 'owner',
      summary: 'Edit one’s own profile',
      params: IdParam,
      body: ProfileUpdateInput,
      response: { 200: UserSchema },
    },
    async (req) => users.updateProfile(req.user, req.params.id, req.body),
  );

  route.removed(
    '/api/users/:id',
    { policy: 'owner', summary: 'Delete an account and all its data (owner or admin)', params: IdParam },
    async (req) => users.deleteAccount(req.user, req.params.id),
  );

  route.put(
    '/api/user/:id/profile-pic',
    {
      policy: 'owner',
      summary: 'Upload a profile picture (multipart profile_pic)',
      params: IdParam,
      response: { 200: UserSchema },
    },
    async (req) => {
      const form = await p.uploads.readForm(req, 'profile_pic', { fileSize: IMAGE_MAX_BYTES });
      return users.setProfilePicture(req.user, req.params.id, form.file);
    },
  );
};
