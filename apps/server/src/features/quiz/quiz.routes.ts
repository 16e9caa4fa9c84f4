import {
  AchievementsSchema,
  ApiErrorSchema,
  QuizAnswersInput,
  QuizResultSchema,
  QuizRoundSchema,
  QuizScoreSchema,
} from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { PageQuery, sendPage, toPageRequest } from '../../platform/pagination';
import { deleteExpiredRounds } from './quiz.repo';
import { createQuizService } from './quiz.service';

export const quizRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const quiz = createQuizService(p.db);
  const { requireUser } = p.guards;

  // Rounds drawn and never answered are swept hourly once expired.
  const sweep = setInterval(
    () => p.background.defer('delete expired quiz rounds', () => deleteExpiredRounds(p.db, new Date())),
    60 * 60 * 1000,
  );
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.post(
    '/api/quiz/rounds',
    {
      schema: {
        tags: ['quiz'],
        summary: 'Draw a round of questions (without their answers)',
        response: { 201: QuizRoundSchema },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req, reply) => reply.code(201).send(await quiz.newRound(req.user)),
  );

  app.post(
    '/api/quiz/rounds/:id/answers',
    {
      schema: {
        tags: ['quiz'],
        summary: 'Answer one’s round: scored and saved once (again: 409; expired: 410; another’s: 404)',
        params: z.object({ id: z.string() }),
        body: QuizAnswersInput,
        response: { 200: QuizScoreSchema },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req) => quiz.answerRound(req.user, req.params.id, req.body.answers),
  );

  // Before rounds were scored by the server the browser sent its own score here. Such a score is
  // never saved: the route stays, so an old page learns why, and answers 410.
  app.post(
    '/api/quiz/results',
    {
      schema: {
        tags: ['quiz'],
        summary: 'Gone: a score sent by the browser is never saved (use /api/quiz/rounds)',
        // 201 is declared for the contract test only: this route never answers it.
        response: { 201: QuizResultSchema, 410: ApiErrorSchema },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async () => {
      throw new AppError(
        'QUIZ_SCORE_NOT_ACCEPTED',
        410,
        'Scores are worked out by the server: answer a round from POST /api/quiz/rounds',
      );
    },
  );

  app.get(
    '/api/quiz/results/me',
    {
      schema: {
        tags: ['quiz'],
        summary: 'My server-scored rounds, newest first (keyset pages)',
        querystring: PageQuery,
        response: { 200: z.array(QuizResultSchema) },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req, reply) => sendPage(reply, await quiz.myResults(req.user, toPageRequest(req.query))),
  );

  app.get(
    '/api/quiz/achievements/me',
    {
      schema: {
        tags: ['quiz'],
        summary: 'My best score, ranks, rounds played and badges (server-scored rounds only)',
        response: { 200: AchievementsSchema },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req) => quiz.myAchievements(req.user),
  );
};
