import {
  createQuizState,
  progressPercent,
  quizActions,
  quizReducer,
  rankFor,
  type QuizAction,
  type QuizQuestion,
  type QuizRoundDto,
  type QuizScoreDto,
} from '@jamii/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { buttonClasses } from '../../components/button-styles';
import { ChevronDownIcon } from '../../components/icons';
import { t } from '../../lib/i18n';
import { logError } from '../../lib/log';
import { QuizResult } from './quiz-result';
import { forgetRound, keepRound, readKeptRound } from './kept-round';
import { postQuizAnswers, postQuizRound, quizQueryKeys } from './results-api';

type Phase =
  | { kind: 'loading' }
  | { kind: 'loadFailed' }
  | { kind: 'playing'; round: QuizRoundDto }
  | { kind: 'scoring'; round: QuizRoundDto; answers: number[] }
  | { kind: 'scoreFailed'; round: QuizRoundDto; answers: number[] }
  | { kind: 'scored'; result: QuizScoreDto };

/**
 * The server's questions in the shape the shared reducer steps through. The browser does not know
 * the answers (docs/design.md#trust-and-safety), so `correct` is a placeholder and the reducer's own score is ignored:
 * the server scores the chosen options.
 */
const asQuestions = (round: QuizRoundDto): QuizQuestion[] =>
  round.questions.map((q) => ({
    text: q.text,
    options: q.options as unknown as QuizQuestion['options'],
    correct: 0,
  }));

/** The state of `round` after `answers` were given, one question after another. */
function replayed(round: QuizRoundDto, answers: readonly number[]) {
  let state = createQuizState(asQuestions(round));
  for (const option of answers)
    state = quizReducer(quizReducer(state, quizActions.select(option)), quizActions.submit());
  return state;
}

/**
 * the specified screens Quiz at /kaquiz (§4 Quiz): a round drawn by the server, one question at a time with the
 * shared rules stepping through it (quizReducer); the chosen options are sent once the round ends,
 * and the server's score is shown and saved to Achievements.
 */
export function QuizPage() {
  const queryClient = useQueryClient();
  // A round kept over a reload carries on where the member was (kept-round.ts).
  const [kept] = useState(readKeptRound);
  const [phase, setPhase] = useState<Phase>(() =>
    kept ? { kind: 'playing', round: kept.round } : { kind: 'loading' },
  );
  const [state, dispatch] = useReducer(quizReducer, undefined, () =>
    kept ? replayed(kept.round, kept.answers) : createQuizState([]),
  );
  const [roundNumber, setRoundNumber] = useState(0);
  const chosen = useRef<number[]>(kept ? [...kept.answers] : []);

  const loadRound = useCallback(
    () =>
      postQuizRound().then(
        (round) => {
          chosen.current = [];
          dispatch(quizActions.playAgain(asQuestions(round)));
          keepRound({ round, answers: [] });
          setRoundNumber((n) => n + 1);
          setPhase({ kind: 'playing', round });
        },
        (error: unknown) => {
          logError('quiz round could not be drawn', error);
          setPhase({ kind: 'loadFailed' });
        },
      ),
    [],
  );

  useEffect(() => {
    if (!kept) void loadRound();
  }, [kept, loadRound]);

  const startRound = () => {
    setPhase({ kind: 'loading' });
    void loadRound();
  };

  const score = useCallback(
    async (round: QuizRoundDto, answers: number[]) => {
      setPhase({ kind: 'scoring', round, answers });
      try {
        const result = await postQuizAnswers(round.id, answers);
        setPhase({ kind: 'scored', result });
        void queryClient.invalidateQueries({ queryKey: quizQueryKeys.all });
      } catch (error) {
        logError('quiz answers could not be scored', error);
        setPhase({ kind: 'scoreFailed', round, answers });
      }
    },
    [queryClient],
  );

  function apply(action: QuizAction) {
    if (phase.kind !== 'playing') return;
    if (action.type === 'submit' && state.selected !== null) chosen.current[state.index] = state.selected;
    const next = quizReducer(state, action);
    dispatch(action);
    if (!next.finished && next.index !== state.index)
      keepRound({ round: phase.round, answers: chosen.current.slice(0, next.index) });
    if (next.finished && !state.finished && next.questions.length > 0) {
      forgetRound();
      void score(
        phase.round,
        next.questions.map((_, i) => chosen.current[i] ?? 0),
      );
    }
  }

  let body;
  if (phase.kind === 'scored') {
    const { result } = phase;
    body = (
      <QuizResult
        score={result.score}
        total={result.total}
        rank={rankFor(result.score, result.total)}
        saveStatus="saved"
        onRetrySave={() => undefined}
        onPlayAgain={startRound}
      />
    );
  } else if (phase.kind === 'loadFailed' || phase.kind === 'scoreFailed') {
    const retry = () =>
      phase.kind === 'scoreFailed' ? void score(phase.round, phase.answers) : void startRound();
    body = (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-8 text-center text-red-700 shadow-sm ring-1 ring-gray-900/5"
      >
        <p>{phase.kind === 'scoreFailed' ? t('quiz.save.failed') : t('quiz.loadFailed')}</p>
        <button type="button" onClick={retry} className={buttonClasses('secondary')}>
          {t('error.retry')}
        </button>
      </div>
    );
  } else if (phase.kind === 'playing') {
    body = <QuestionCard key={roundNumber} state={state} onAction={apply} />;
  } else {
    body = (
      <p role="status" className="py-8 text-center text-gray-600">
        {phase.kind === 'scoring' ? t('quiz.scoring') : t('common.loading')}
      </p>
    );
  }

  return (
    <div className="flex min-h-dvh flex-col bg-gray-50">
      <title>{t('page.title', { page: t('quiz.title') })}</title>
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-2xl items-center gap-3 px-2 py-2 sm:px-4">
          <Link
            to={paths.apps}
            className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <ChevronDownIcon className="size-5 rotate-90" />
            {t('quiz.backToApps')}
          </Link>
          <p className="ml-auto pr-2 text-sm font-semibold text-gray-600">{t('quiz.title')}</p>
        </div>
      </header>
      <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-5 sm:py-8">{body}</main>
    </div>
  );
}

interface QuestionCardProps {
  state: ReturnType<typeof createQuizState>;
  onAction: (action: QuizAction) => void;
}

function QuestionCard({ state, onAction }: QuestionCardProps) {
  const { questions, index, selected, error } = state;
  const question = questions[index];
  const total = questions.length;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lastIndex = useRef(index);
  const groupName = useId();
  const headingId = useId();
  const errorId = useId();

  // After Submit or Previous the next question is announced and keyboard focus starts on it.
  useEffect(() => {
    if (lastIndex.current === index) return;
    lastIndex.current = index;
    headingRef.current?.focus();
  }, [index]);

  if (!question) return null;
  const percent = progressPercent(index, total);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onAction(quizActions.submit());
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-5">
      <div>
        <div className="mb-2 flex items-baseline justify-between text-sm font-medium text-gray-600">
          <span>{t('quiz.questionOf', { number: index + 1, total })}</span>
          <span aria-hidden="true">{Math.round(percent)}%</span>
        </div>
        <div
          role="progressbar"
          aria-label={t('quiz.progress')}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={index + 1}
          aria-valuetext={t('quiz.questionOf', { number: index + 1, total })}
          className="h-2.5 overflow-hidden rounded-full bg-gray-200"
        >
          <div
            data-testid="quiz-progress-fill"
            className="h-full rounded-full bg-brand-600 transition-[width] duration-300 motion-reduce:transition-none"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>

      <fieldset
        key={index}
        aria-labelledby={headingId}
        aria-describedby={error ? errorId : undefined}
        className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6"
      >
        <h1
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="mb-4 text-xl leading-snug font-bold text-gray-900 focus:outline-none sm:text-2xl"
        >
          {question.text}
        </h1>
        <div className="flex flex-col gap-3">
          {question.options.map((option, optionIndex) => (
            <label
              key={`${optionIndex}-${option}`}
              className="flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 border-gray-200 bg-white px-4 py-3 text-base font-medium text-gray-900 transition-colors hover:border-brand-300 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
            >
              <input
                type="radio"
                name={groupName}
                value={optionIndex}
                checked={selected === optionIndex}
                onChange={() => onAction(quizActions.select(optionIndex))}
                className="size-5 shrink-0 accent-brand-700"
              />
              {option}
            </label>
          ))}
        </div>
        {error && (
          <p id={errorId} role="alert" className="mt-4 text-sm font-semibold text-red-700">
            {t('quiz.pleaseSelect')}
          </p>
        )}
      </fieldset>

      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => onAction(quizActions.previous())}
          disabled={index === 0}
          className={`flex-1 ${buttonClasses('secondary', 'lg')}`}
        >
          {t('quiz.previous')}
        </button>
        <button type="submit" className={`flex-[2] ${buttonClasses('primary', 'lg')}`}>
          {t('quiz.submit')}
        </button>
      </div>
    </form>
  );
}
