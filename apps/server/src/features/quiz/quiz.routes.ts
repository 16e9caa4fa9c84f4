import { AchievementsSchema, QuizResultInput, QuizResultSchema } from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { PageQuery, sendPage, toPageRequest } from '../../platform/pagination';
import { createQuizService } from './quiz.service';

export const quizRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const quiz = createQuizService(p.db);
  const { requireUser } = p.guards;

  app.post(
    '/api/quiz/results',
    {
      schema: {
        tags: ['quiz'],
        summary: 'Save a finished round',
        body: QuizResultInput,
        response: { 201: QuizResultSchema },
      },
      preHandler: requireUser,
    },
    async (req, reply) => reply.code(201).send(await quiz.saveResult(req.user, req.body)),
  );

  app.get(
    '/api/quiz/results/me',
    {
      schema: {
        tags: ['quiz'],
        summary: 'My rounds, newest first (keyset pages)',
        querystring: PageQuery,
        response: { 200: z.array(QuizResultSchema) },
      },
      preHandler: requireUser,
    },
    async (req, reply) => sendPage(reply, await quiz.myResults(req.user, toPageRequest(req.query))),
  );

  app.get(
    '/api/quiz/achievements/me',
    {
      schema: {
        tags: ['quiz'],
        summary: 'My best score, ranks, rounds played and badges',
        response: { 200: AchievementsSchema },
      },
      preHandler: requireUser,
    },
    async (req) => quiz.myAchievements(req.user),
  );
};
