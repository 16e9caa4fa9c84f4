// The quiz's rules (the specified states Quiz, §9), pure so the /kaquiz page, the Achievements page and the server
// agree on scoring and ranks.
import { QUIZ_RANK_THRESHOLDS } from '../constants';
import type { QuizQuestion } from './bank';

/** Questions in one round of the quiz. */
export const ROUND_SIZE = 10;

/** the specified error texts: shown when Submit Answer is pressed with nothing selected. */
export const PLEASE_SELECT_AN_ANSWER = 'Please select an answer';

export const QUIZ_RANKS = {
  master: 'Gaming Master',
  expert: 'Gaming Expert',
  enthusiast: 'Gaming Enthusiast',
  novice: 'Gaming Novice',
} as const;

export type QuizRank = (typeof QUIZ_RANKS)[keyof typeof QUIZ_RANKS];

/** A source of numbers in [0, 1), like Math.random; tests pass a seeded one. */
export type RandomSource = () => number;

function pickIndex(random: RandomSource, length: number): number {
  // Clamp so a source that returns exactly 1 (or a little noise around it) cannot index past the end.
  return Math.min(length - 1, Math.max(0, Math.floor(random() * length)));
}

function shuffleInPlace<T>(items: T[], random: RandomSource): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = pickIndex(random, i + 1);
    const item = items[i] as T;
    items[i] = items[j] as T;
    items[j] = item;
  }
  return items;
}

function normaliseText(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The question with its options in a random order; `correct` still points at the right answer. */
export function shuffleOptions(question: QuizQuestion, random: RandomSource = Math.random): QuizQuestion {
  const order = shuffleInPlace<QuizQuestion['correct']>([0, 1, 2, 3], random);
  const [a, b, c, d] = order.map((from) => question.options[from]) as [string, string, string, string];
  return {
    text: question.text,
    options: [a, b, c, d],
    correct: order.indexOf(question.correct) as QuizQuestion['correct'],
  };
}

/**
 * A new round: `size` questions with distinct texts drawn at random from the bank (all of them, in a
 * random order, when the bank is smaller), each with its options shuffled, so Play Again never
 * replays the same screen.
 */
export function drawRound(
  bank: readonly QuizQuestion[],
  random: RandomSource = Math.random,
  size: number = ROUND_SIZE,
): QuizQuestion[] {
  // the specified constants says older banks held duplicates; a round must not ask the same thing twice.
  const seen = new Set<string>();
  const distinct = bank.filter((question) => {
    const key = normaliseText(question.text);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const count = Math.min(distinct.length, Math.max(0, Math.floor(size)));
  const pool = [...distinct];
  const round: QuizQuestion[] = [];
  for (let i = 0; i < count; i += 1) {
    const j = i + pickIndex(random, pool.length - i);
    const picked = pool[j] as QuizQuestion;
    pool[j] = pool[i] as QuizQuestion;
    pool[i] = picked;
    round.push(shuffleOptions(picked, random));
  }
  return round;
}

/** the specified states Quiz. `index` stays on the last question once `finished` is true. */
export interface QuizState {
  questions: readonly QuizQuestion[];
  index: number;
  selected: number | null;
  score: number;
  finished: boolean;
  error: string | null;
}

export type QuizAction =
  | { type: 'select'; option: number }
  | { type: 'submit' }
  | { type: 'previous' }
  | { type: 'playAgain'; questions: readonly QuizQuestion[] };

export const quizActions = {
  select: (option: number): QuizAction => ({ type: 'select', option }),
  submit: (): QuizAction => ({ type: 'submit' }),
  previous: (): QuizAction => ({ type: 'previous' }),
  playAgain: (questions: readonly QuizQuestion[]): QuizAction => ({ type: 'playAgain', questions }),
};

/** The state at the first question. A round without questions is finished at once (score 0 of 0). */
export function createQuizState(questions: readonly QuizQuestion[]): QuizState {
  return { questions, index: 0, selected: null, score: 0, finished: questions.length === 0, error: null };
}

export function quizReducer(state: QuizState, action: QuizAction): QuizState {
  switch (action.type) {
    case 'select': {
      const question = state.questions[state.index];
      const isOption =
        Number.isInteger(action.option) &&
        action.option >= 0 &&
        action.option < (question?.options.length ?? 0);
      if (state.finished || !isOption) return state;
      return { ...state, selected: action.option, error: null };
    }
    case 'submit': {
      if (state.finished) return state;
      const question = state.questions[state.index];
      if (question === undefined) return { ...state, finished: true, selected: null, error: null };
      if (state.selected === null) return { ...state, error: PLEASE_SELECT_AN_ANSWER };
      // Previous does not take points back (the specified states), so answering a question again could push the score
      // past the number of questions; the cap keeps "score out of total" truthful.
      const score =
        state.selected === question.correct ? Math.min(state.score + 1, state.questions.length) : state.score;
      const isLast = state.index >= state.questions.length - 1;
      return {
        ...state,
        score,
        index: isLast ? state.index : state.index + 1,
        selected: null,
        finished: isLast,
        error: null,
      };
    }
    case 'previous': {
      if (state.finished || state.index === 0) return state;
      return { ...state, index: state.index - 1, selected: null, error: null };
    }
    case 'playAgain':
      return createQuizState(action.questions);
  }
}

/** Width of the progress bar, in percent: (index + 1) / total (the specified states). 0 when there are no questions. */
export function progressPercent(index: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, ((index + 1) / total) * 100));
}

/**
 * The rank for a score (the specified states, the specified constants). Compared in whole percent with integer arithmetic, so 4/5 is an
 * Expert and 3/5 an Enthusiast however 0.8 and 0.6 round in floating point.
 */
export function rankFor(score: number, total: number): QuizRank {
  if (!(total > 0) || !Number.isFinite(score)) return QUIZ_RANKS.novice;
  const reaches = (threshold: number) => score * 100 >= Math.round(threshold * 100) * total;
  if (reaches(QUIZ_RANK_THRESHOLDS.master)) return QUIZ_RANKS.master;
  if (reaches(QUIZ_RANK_THRESHOLDS.expert)) return QUIZ_RANKS.expert;
  if (reaches(QUIZ_RANK_THRESHOLDS.enthusiast)) return QUIZ_RANKS.enthusiast;
  return QUIZ_RANKS.novice;
}
