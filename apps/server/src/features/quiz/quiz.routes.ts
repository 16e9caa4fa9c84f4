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
import { routeKit } from '../../platform/routes';
import { AppError } from '../../platform/errors';
import { toPageRequest } from '../../platform/pagination';
import { deleteExpiredRounds } from './quiz.repo';
import { createQuizService } from './quiz.service';

export const quizRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const quiz = createQuizService(p.db);
  const route = routeKit(app, p.guards, 'quiz');

  // Rounds drawn and never answered are swept hourly once expired.
  const sweep = setInterval(
    () => p.background.defer('delete expired quiz rounds', () => deleteExpiredRounds(p.db, new Date())),
    60 * 60 * 1000,
  );
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  route.created(
    '/api/quiz/rounds',
    {
      policy: 'member',
      summary: 'Draw a round of questions (without their answers)',
      response: { 201: QuizRoundSchema },
    },
    async (req) => quiz.newRound(req.user),
  );

  route.post(
    '/api/quiz/rounds/:id/answers',
    {
      policy: 'owner',
      summary: 'Answer one’s round: scored and saved once (again: 409; expired: 410; another’s: 404)',
      params: z.object({ id: z.string() }),
      body: QuizAnswersInput,
      response: { 200: QuizScoreSchema },
    },
    async (req) => quiz.answerRound(req.user, req.params.id, req.body.answers),
  );

  // Before rounds were scored by the server the browser sent its own score here. Such a score is
  // never saved: the route stays, so an old page learns why, and answers 410.
  route.post(
    '/api/quiz/results',
    {
      // 201 is declared for the contract test only: this route never answers it.
      policy: 'member',
      summary: 'Gone: a score sent by the browser is never saved (use /api/quiz/rounds)',
      response: { 201: QuizResultSchema, 410: ApiErrorSchema },
    },
    async () => {
      throw new AppError(
        'QUIZ_SCORE_NOT_ACCEPTED',
        410,
        'Scores are worked out by the server: answer a round from POST /api/quiz/rounds',
      );
    },
  );

  route.page(
    '/api/quiz/results/me',
    {
      policy: 'member',
      summary: 'My server-scored rounds, newest first (keyset pages)',
      response: { 200: z.array(QuizResultSchema) },
    },
    async (req) => quiz.myResults(req.user, toPageRequest(req.query)),
  );

  route.get(
    '/api/quiz/achievements/me',
    {
      policy: 'member',
      summary: 'My best score, ranks, rounds played and badges (server-scored rounds only)',
      response: { 200: AchievementsSchema },
    },
    async (req) => quiz.myAchievements(req.user),
  );
};
