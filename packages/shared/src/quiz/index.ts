export { COUNTRY_CAPITALS, capitalOf, isCapitalCity } from './capitals';
export type { CountryCapital, WorldRegion } from './capitals';
export { QUESTION_BANK } from './bank';
export type { QuizQuestion } from './bank';
export {
  ROUND_SIZE,
  PLEASE_SELECT_AN_ANSWER,
  QUIZ_RANKS,
  shuffleOptions,
  drawRound,
  quizActions,
  createQuizState,
  quizReducer,
  progressPercent,
  rankFor,
} from './rules';
export type { QuizRank, RandomSource, QuizState, QuizAction } from './rules';
export {
  QuizResultInput,
  QUIZ_TOTAL_MAX,
  summarizeAchievements,
  QuizResultSchema,
  BadgeSchema,
  AchievementsSchema,
} from './results';
export type { QuizResultInputValues, QuizResultDto, Achievements, Badge } from './results';
export {
  QUIZ_ROUND_TTL_MINUTES,
  QuizRoundQuestionSchema,
  QuizRoundSchema,
  QuizAnswersInput,
  QuizScoreSchema,
} from './rounds';
export type { QuizRoundQuestion, QuizRoundDto, QuizAnswersInputValues, QuizScoreDto } from './rounds';
