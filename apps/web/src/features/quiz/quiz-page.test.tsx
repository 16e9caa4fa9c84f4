import { PLEASE_SELECT_AN_ANSWER } from '@jamii/shared';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { t } from '../../lib/i18n';
import { errorResponse, fakeFetch, jsonResponse, makeUser } from '../../test/auth';
import { renderWithProviders } from '../../test/render';
import { QuizPage } from './quiz-page';
import { stubFetchForEachTest } from '../../test/fetch-stub';

// A fake server: each round has ten questions whose right option reads "Right", placed at a
// different position in each question. The page never learns which is right: the server scores.
const rightAt = (i: number) => (i * 3 + 1) % 4;
function makeRound(id: string) {
  return {
    id,
    expires_at: '2030-01-01T00:00:00.000Z',
    questions: Array.from({ length: 10 }, (_, i) => {
      const options = [`Wrong A${i + 1}`, `Wrong B${i + 1}`, `Wrong C${i + 1}`];
      options.splice(rightAt(i), 0, `Right ${i + 1}`);
      return { id: i + 1, text: `What is the capital of Country ${i + 1}?`, options };
    }),
  };
}

const posted: { round: string; answers: number[] }[] = [];
let rounds = 0;

function serve(answer?: () => Response | undefined) {
  const scoring = (round: string) => (init?: RequestInit) => {
    const { answers } = JSON.parse(String(init?.body)) as { answers: number[] };
    posted.push({ round, answers });
    const refused = answer?.();
    if (refused) return refused;
    const correct = answers.map((_, i) => rightAt(i));
    const score = answers.filter((a, i) => a === correct[i]).length;
    return jsonResponse({ score, total: 10, correct, rank: 'x', result_id: 1 });
  };
  fetchMock.mockImplementation(
    fakeFetch({
      'POST /api/quiz/rounds': () => jsonResponse(makeRound(`r${(rounds += 1)}`), 201),
      'POST /api/quiz/rounds/r1/answers': scoring('r1'),
      'POST /api/quiz/rounds/r2/answers': scoring('r2'),
    }),
  );
}

const fetchMock = stubFetchForEachTest({ signedIn: makeUser({ id: 42 }) });

beforeEach(() => {
  posted.length = 0;
  rounds = 0;
  sessionStorage.clear();
  serve();
});

async function renderQuiz() {
  await renderQuizAt('Question 1 of 10');
}

async function renderQuizAt(question: string) {
  renderWithProviders(<QuizPage />, { path: '/kaquiz' });
  await screen.findByText(question);
}

const progressFill = () =>
  within(screen.getByRole('progressbar', { name: 'Quiz progress' })).getByTestId('quiz-progress-fill');

async function answer(user: UserEvent, isRight: boolean) {
  await user.click(screen.getByRole('radio', { name: isRight ? /^Right/ : /^Wrong A/ }));
  await user.click(screen.getByRole('button', { name: 'Submit Answer' }));
}

/** Answers the rest of the round: the first `right` of them correctly. */
async function finishRound(user: UserEvent, right: number, questions = 10) {
  for (let i = 0; i < questions; i += 1) await answer(user, i < right);
}

describe('QuizPage', () => {
  it('shows one question with four options, a progress bar and a way back to the apps', async () => {
    await renderQuiz();

    expect(screen.getByText('Question 1 of 10')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: /What is the capital of Country/ }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    expect(progressFill()).toHaveStyle({ width: '10%' });
    expect(screen.getByRole('link', { name: 'Back to Apps' })).toHaveAttribute('href', '/apps');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('says Please select an answer when Submit Answer is pressed with nothing selected', async () => {
    const user = userEvent.setup();
    await renderQuiz();

    await user.click(screen.getByRole('button', { name: 'Submit Answer' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please select an answer');
    expect(t('quiz.pleaseSelect')).toBe(PLEASE_SELECT_AN_ANSWER);
    expect(screen.getByText('Question 1 of 10')).toBeInTheDocument();

    await user.click(screen.getAllByRole('radio')[1]!);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('selects one option at a time and moves the progress bar to (index + 1) / total', async () => {
    const user = userEvent.setup();
    await renderQuiz();
    const [first, second] = screen.getAllByRole('radio');

    await user.click(first!);
    await user.click(second!);
    expect(first).not.toBeChecked();
    expect(second).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Submit Answer' }));
    expect(screen.getByText('Question 2 of 10')).toBeInTheDocument();
    expect(progressFill()).toHaveStyle({ width: '20%' });
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
  });

  it('Previous clears the selection, and the last choice of a question is the one sent', async () => {
    const user = userEvent.setup();
    await renderQuiz();

    await answer(user, true);
    await user.click(screen.getByRole('radio', { name: /^Right/ }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));

    expect(screen.getByText('Question 1 of 10')).toBeInTheDocument();
    expect(progressFill()).toHaveStyle({ width: '10%' });
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);

    await finishRound(user, 0);

    // The last choice of each question is what the server scores: question 1 was answered wrongly.
    expect(await screen.findByRole('heading', { name: 'Quiz Complete!' })).toBeInTheDocument();
    expect(screen.getByText('You scored 0 out of 10')).toBeInTheDocument();
  });

  it.each([
    [10, 'Gaming Master'],
    [8, 'Gaming Expert'],
    [6, 'Gaming Enthusiast'],
    [5, 'Gaming Novice'],
  ])('shows the server’s score %i of 10 as %s', async (right, rank) => {
    const user = userEvent.setup();
    await renderQuiz();

    await finishRound(user, right);

    expect(await screen.findByRole('heading', { name: 'Quiz Complete!' })).toBeInTheDocument();
    expect(screen.getByText(`You scored ${right} out of 10`)).toBeInTheDocument();
    expect(screen.getByTestId('quiz-rank')).toHaveTextContent(rank);
  });

  it('sends the chosen options of its round once, never a score, and Play Again draws a new round', async () => {
    const user = userEvent.setup();
    await renderQuiz();

    await finishRound(user, 7);

    expect(await screen.findByText('Your result is saved in your achievements.')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        round: 'r1',
        answers: Array.from({ length: 10 }, (_, i) => (i < 7 ? rightAt(i) : rightAt(i) === 0 ? 1 : 0)),
      },
    ]);
    expect(JSON.stringify(posted)).not.toMatch(/score/);

    await user.click(screen.getByRole('button', { name: 'Play Again' }));

    expect(await screen.findByText('Question 1 of 10')).toBeInTheDocument();
    expect(progressFill()).toHaveStyle({ width: '10%' });
    expect(posted).toHaveLength(1);

    await finishRound(user, 10);
    expect(await screen.findByText('You scored 10 out of 10')).toBeInTheDocument();
    expect(posted.map((p) => p.round)).toEqual(['r1', 'r2']);
  });

  it('keeps the round over a reload: the same questions, from where the member was', async () => {
    const user = userEvent.setup();
    const first = renderWithProviders(<QuizPage />, { path: '/kaquiz' });
    await screen.findByText('Question 1 of 10');
    await answer(user, true);
    await answer(user, false);
    await answer(user, true);
    expect(screen.getByText('Question 4 of 10')).toBeInTheDocument();
    first.unmount();

    await renderQuizAt('Question 4 of 10');
    expect(rounds).toBe(1);
    await finishRound(user, 7, 7);
    expect(await screen.findByText(/You scored/)).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    expect(posted[0]!.round).toBe('r1');
    // The second question's "Wrong A" is its option 1: its right answer comes first.
    expect(posted[0]!.answers.slice(0, 4)).toEqual([rightAt(0), 1, rightAt(2), rightAt(3)]);

    // A finished round is not kept: the next visit draws a new one.
    await user.click(screen.getByRole('button', { name: 'Play Again' }));
    await screen.findByText('Question 1 of 10');
    expect(rounds).toBe(2);
  });

  it('draws a new round when the kept one has expired', async () => {
    sessionStorage.setItem(
      'jamii.quizRound',
      JSON.stringify({
        round: { ...makeRound('old'), expires_at: '2020-01-01T00:00:00.000Z' },
        answers: [1],
      }),
    );
    await renderQuizAt('Question 1 of 10');
    expect(rounds).toBe(1);
    expect(sessionStorage.getItem('jamii.quizRound')).toContain('"r1"');
  });

  it('says when the answers could not be sent, and sends them again on Try again', async () => {
    const user = userEvent.setup();
    let isDown = true;
    serve(() => (isDown ? errorResponse(503, 'SERVICE_UNAVAILABLE', 'Down for a moment') : undefined));
    await renderQuiz();

    await finishRound(user, 9);

    expect(
      await screen.findByText('Your result could not be saved. Check your connection and try again.'),
    ).toBeInTheDocument();

    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('You scored 9 out of 10')).toBeInTheDocument();
    expect(posted.map((p) => p.round)).toEqual(['r1', 'r1']);
  });
});
