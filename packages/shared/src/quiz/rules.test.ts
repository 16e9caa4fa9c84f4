import { describe, expect, it } from 'vitest';
import type { QuizQuestion } from './bank';
import { QUESTION_BANK } from './bank';
import {
  PLEASE_SELECT_AN_ANSWER,
  QUIZ_RANKS,
  ROUND_SIZE,
  createQuizState,
  drawRound,
  progressPercent,
  quizActions,
  quizReducer,
  rankFor,
  shuffleOptions,
} from './rules';
import type { QuizAction, QuizState } from './rules';

/** mulberry32: a small seeded generator so rounds are reproducible. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeQuestion(n: number, correct: QuizQuestion['correct'] = 0): QuizQuestion {
  return { text: `Question ${n}?`, options: [`a${n}`, `b${n}`, `c${n}`, `d${n}`], correct };
}

function makeQuestions(count: number): QuizQuestion[] {
  return Array.from({ length: count }, (_, i) => makeQuestion(i + 1, (i % 4) as QuizQuestion['correct']));
}

function run(state: QuizState, ...actions: QuizAction[]): QuizState {
  return actions.reduce(quizReducer, state);
}

function answer(state: QuizState, isRight: boolean): QuizState {
  const question = state.questions[state.index];
  if (question === undefined) throw new Error('no current question');
  const option = isRight ? question.correct : (question.correct + 1) % 4;
  return run(state, quizActions.select(option), quizActions.submit());
}

describe('quiz reducer', () => {
  it('starts at the first question with nothing selected and no score', () => {
    const state = createQuizState(makeQuestions(3));
    expect(state).toMatchObject({ index: 0, selected: null, score: 0, finished: false, error: null });
  });

  it('records one selected option at a time', () => {
    const state = run(createQuizState(makeQuestions(3)), quizActions.select(1), quizActions.select(3));
    expect(state.selected).toBe(3);
  });

  it('ignores a selection that is not an option', () => {
    const start = createQuizState(makeQuestions(3));
    expect(run(start, quizActions.select(4))).toBe(start);
    expect(run(start, quizActions.select(-1))).toBe(start);
    expect(run(start, quizActions.select(1.5))).toBe(start);
  });

  it('asks for an answer when Submit is pressed with nothing selected, and stays on the question', () => {
    const state = run(createQuizState(makeQuestions(3)), quizActions.submit());
    expect(PLEASE_SELECT_AN_ANSWER).toBe('Please select an answer');
    expect(state).toMatchObject({ index: 0, score: 0, error: PLEASE_SELECT_AN_ANSWER, finished: false });
  });

  it('clears the error once an option is selected', () => {
    const state = run(createQuizState(makeQuestions(3)), quizActions.submit(), quizActions.select(2));
    expect(state.error).toBeNull();
  });

  it('adds 1 for a right answer, nothing for a wrong one, and moves on with the selection cleared', () => {
    let state = createQuizState(makeQuestions(3));
    state = answer(state, true);
    expect(state).toMatchObject({ index: 1, score: 1, selected: null });
    state = answer(state, false);
    expect(state).toMatchObject({ index: 2, score: 1, selected: null });
  });

  it('finishes after the last question and counts its answer', () => {
    let state = createQuizState(makeQuestions(3));
    state = answer(answer(answer(state, true), false), true);
    expect(state).toMatchObject({ finished: true, score: 2, index: 2, selected: null });
    expect(run(state, quizActions.select(0), quizActions.submit(), quizActions.previous())).toBe(state);
  });

  it('scores a full round of ten', () => {
    let state = createQuizState(makeQuestions(10));
    for (let i = 0; i < 10; i += 1) state = answer(state, i !== 4);
    expect(state).toMatchObject({ finished: true, score: 9 });
  });

  it('goes back one question with Previous, clearing the selection and keeping the score', () => {
    let state = answer(answer(createQuizState(makeQuestions(5)), true), true);
    state = run(state, quizActions.select(2), quizActions.previous());
    expect(state).toMatchObject({ index: 1, selected: null, score: 2 });
  });

  it('does nothing on Previous at the first question', () => {
    const start = run(createQuizState(makeQuestions(3)), quizActions.select(1));
    expect(run(start, quizActions.previous())).toBe(start);
  });

  it('never lets answering again after Previous push the score past the total', () => {
    let state = createQuizState(makeQuestions(2));
    state = answer(state, true);
    state = answer(run(state, quizActions.previous()), true);
    state = answer(run(state, quizActions.previous()), true);
    state = answer(state, true);
    expect(state).toMatchObject({ finished: true, score: 2 });
  });

  it('resets with Play Again to a new set of questions', () => {
    const finished = answer(answer(createQuizState(makeQuestions(2)), true), true);
    const fresh = makeQuestions(4);
    const state = run(finished, quizActions.playAgain(fresh));
    expect(state).toEqual({
      questions: fresh,
      index: 0,
      selected: null,
      score: 0,
      finished: false,
      error: null,
    });
  });

  it('treats a round without questions as finished with nothing scored', () => {
    expect(createQuizState([])).toMatchObject({ finished: true, score: 0 });
  });
});

describe('progressPercent', () => {
  it('is (index + 1) / total as a percentage', () => {
    expect(progressPercent(0, 10)).toBe(10);
    expect(progressPercent(4, 10)).toBe(50);
    expect(progressPercent(9, 10)).toBe(100);
    expect(progressPercent(0, 3)).toBeCloseTo(33.333, 3);
  });

  it('is 0 without questions', () => {
    expect(progressPercent(0, 0)).toBe(0);
  });
});

describe('rankFor', () => {
  it.each([
    [10, 10, QUIZ_RANKS.master],
    [9, 10, QUIZ_RANKS.expert],
    [8, 10, QUIZ_RANKS.expert],
    [7, 10, QUIZ_RANKS.enthusiast],
    [6, 10, QUIZ_RANKS.enthusiast],
    [5, 10, QUIZ_RANKS.novice],
    [0, 10, QUIZ_RANKS.novice],
    [5, 5, QUIZ_RANKS.master],
    [4, 5, QUIZ_RANKS.expert],
    [3, 5, QUIZ_RANKS.enthusiast],
    [2, 5, QUIZ_RANKS.novice],
    [14, 20, QUIZ_RANKS.enthusiast],
    [12, 15, QUIZ_RANKS.expert],
    [9, 15, QUIZ_RANKS.enthusiast],
  ])('ranks %i of %i as %s', (score, total, rank) => {
    expect(rankFor(score, total)).toBe(rank);
  });

  it('names the ranks as the specified states does', () => {
    expect(QUIZ_RANKS).toEqual({
      master: 'Gaming Master',
      expert: 'Gaming Expert',
      enthusiast: 'Gaming Enthusiast',
      novice: 'Gaming Novice',
    });
  });

  it('ranks a quiz without questions as a novice, not NaN', () => {
    expect(rankFor(0, 0)).toBe(QUIZ_RANKS.novice);
  });
});

describe('drawRound', () => {
  it(`draws ${ROUND_SIZE} distinct questions from the bank`, () => {
    const round = drawRound(QUESTION_BANK, seededRandom(1));
    expect(round).toHaveLength(ROUND_SIZE);
    expect(new Set(round.map((question) => question.text)).size).toBe(ROUND_SIZE);
    const bankTexts = new Set(QUESTION_BANK.map((question) => question.text));
    for (const question of round) expect(bankTexts).toContain(question.text);
  });

  it('shuffles the options but keeps the right answer', () => {
    const byText = new Map(QUESTION_BANK.map((question) => [question.text, question]));
    const round = drawRound(QUESTION_BANK, seededRandom(7));
    let moved = 0;
    for (const question of round) {
      const original = byText.get(question.text);
      if (original === undefined) throw new Error(`not from the bank: ${question.text}`);
      expect([...question.options].sort()).toEqual([...original.options].sort());
      expect(question.options[question.correct]).toBe(original.options[original.correct]);
      if (question.options.join('|') !== original.options.join('|')) moved += 1;
    }
    expect(moved).toBeGreaterThan(0);
  });

  it('gives a different round for a different seed, the same round for the same seed', () => {
    const texts = (seed: number) =>
      drawRound(QUESTION_BANK, seededRandom(seed)).map((question) => question.text);
    expect(texts(1)).toEqual(texts(1));
    expect(texts(1)).not.toEqual(texts(2));
  });

  it('honours the size and returns the whole bank, reordered, when it is smaller', () => {
    const bank = makeQuestions(4);
    expect(drawRound(QUESTION_BANK, seededRandom(3), 5)).toHaveLength(5);
    const round = drawRound(bank, seededRandom(3));
    expect(round.map((question) => question.text).sort()).toEqual(
      bank.map((question) => question.text).sort(),
    );
  });

  it('skips duplicate questions in the bank', () => {
    const bank = [
      makeQuestion(1),
      makeQuestion(1),
      { ...makeQuestion(1), text: ' question  1? ' },
      makeQuestion(2),
    ];
    expect(drawRound(bank, seededRandom(5))).toHaveLength(2);
  });

  it('does not read past the end when the random source returns 1', () => {
    const round = drawRound(makeQuestions(3), () => 1);
    expect(round).toHaveLength(3);
    for (const question of round)
      expect(question.options.every((option) => typeof option === 'string')).toBe(true);
  });

  it('leaves the bank untouched', () => {
    const bank = makeQuestions(12);
    const copy = bank.map((question) => ({ ...question, options: [...question.options] }));
    drawRound(bank, seededRandom(9));
    expect(bank).toEqual(copy);
  });
});

describe('shuffleOptions', () => {
  it('keeps the right answer for every permutation drawn', () => {
    const question = makeQuestion(1, 2);
    const random = seededRandom(11);
    for (let i = 0; i < 50; i += 1) {
      const shuffled = shuffleOptions(question, random);
      expect(shuffled.options[shuffled.correct]).toBe('c1');
    }
  });
});
