import { PLEASE_SELECT_AN_ANSWER, type QuizQuestion } from '@jamii/shared';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { t } from '../../lib/i18n';
import { fakeFetch, jsonResponse, makeUser } from '../../test/auth';
import { renderWithProviders } from '../../test/render';
import { QuizPage } from './quiz-page';
import { stubFetchForEachTest } from '../../test/fetch-stub';

// Ten questions whose right answer can be read from its text, whatever order drawRound shuffles them into.
const bank: QuizQuestion[] = Array.from({ length: 10 }, (_, i) => ({
  text: `What is the capital of Country ${i + 1}?`,
  options: [`Right ${i + 1}`, `Wrong A${i + 1}`, `Wrong B${i + 1}`, `Wrong C${i + 1}`],
  correct: 0,
}));

const posted: unknown[] = [];

function serve(answer: () => Response = () => jsonResponse({ id: 1 }, 201)) {
  fetchMock.mockImplementation(
    fakeFetch({
      'POST /api/quiz/results': (init) => {
        posted.push(JSON.parse(String(init?.body)));
        return answer();
      },
    }),
  );
}

const fetchMock = stubFetchForEachTest({ signedIn: makeUser({ id: 42 }) });

beforeEach(() => {
  posted.length = 0;
  serve();
});

function renderQuiz() {
  return renderWithProviders(<QuizPage bank={bank} />, { path: '/kaquiz' });
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
  it('shows one question with four options, a progress bar and a way back to the apps', () => {
    renderQuiz();

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
    renderQuiz();

    await user.click(screen.getByRole('button', { name: 'Submit Answer' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please select an answer');
    expect(t('quiz.pleaseSelect')).toBe(PLEASE_SELECT_AN_ANSWER);
    expect(screen.getByText('Question 1 of 10')).toBeInTheDocument();

    await user.click(screen.getAllByRole('radio')[1]!);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('selects one option at a time and moves the progress bar to (index + 1) / total', async () => {
    const user = userEvent.setup();
    renderQuiz();
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

  it('counts a right answer, and Previous clears the selection without taking the point back', async () => {
    const user = userEvent.setup();
    renderQuiz();

    await answer(user, true);
    await user.click(screen.getByRole('radio', { name: /^Right/ }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));

    expect(screen.getByText('Question 1 of 10')).toBeInTheDocument();
    expect(progressFill()).toHaveStyle({ width: '10%' });
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);

    // Question 1 again, answered wrongly this time, then every other question wrongly: the point stays.
    await finishRound(user, 0);

    expect(screen.getByRole('heading', { name: 'Quiz Complete!' })).toBeInTheDocument();
    expect(screen.getByText('You scored 1 out of 10')).toBeInTheDocument();
  });

  it.each([
    [10, 'Gaming Master'],
    [8, 'Gaming Expert'],
    [6, 'Gaming Enthusiast'],
    [5, 'Gaming Novice'],
  ])('scores %i of 10 as %s', async (right, rank) => {
    const user = userEvent.setup();
    renderQuiz();

    await finishRound(user, right);

    expect(screen.getByRole('heading', { name: 'Quiz Complete!' })).toBeInTheDocument();
    expect(screen.getByText(`You scored ${right} out of 10`)).toBeInTheDocument();
    expect(screen.getByTestId('quiz-rank')).toHaveTextContent(rank);
  });

  it('saves the finished round once, and Play Again starts a new round', async () => {
    const user = userEvent.setup();
    renderQuiz();

    await finishRound(user, 7);

    expect(await screen.findByText('Your result is saved in your achievements.')).toBeInTheDocument();
    expect(posted).toEqual([{ score: 7, total: 10 }]);

    await user.click(screen.getByRole('button', { name: 'Play Again' }));

    expect(screen.getByText('Question 1 of 10')).toBeInTheDocument();
    expect(progressFill()).toHaveStyle({ width: '10%' });
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    expect(posted).toHaveLength(1);

    await finishRound(user, 10);
    expect(await screen.findByText('Your result is saved in your achievements.')).toBeInTheDocument();
    expect(posted).toEqual([
      { score: 7, total: 10 },
      { score: 10, total: 10 },
    ]);
  });

  it('keeps a result the server did not take, says so with a retry, and sends it again', async () => {
    const user = userEvent.setup();
    let isDown = true;
    serve(() =>
      isDown
        ? jsonResponse({ code: 'UNAVAILABLE', message: 'Down for a moment' }, 503)
        : jsonResponse({ id: 5 }, 201),
    );
    renderQuiz();

    await finishRound(user, 9);

    const notice = await screen.findByText(
      'Your result could not be saved. Check your connection and try again.',
      { selector: 'div[role="alert"] > span' },
    );
    expect(notice).toBeInTheDocument();
    // The toast offers the retry too.
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(2);
    expect(localStorage.getItem('jamii.quiz.unsaved.42')).toContain('"score":9');

    isDown = false;
    await user.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);

    expect(await screen.findByText('Your result is saved in your achievements.')).toBeInTheDocument();
    expect(posted).toEqual([
      { score: 9, total: 10 },
      { score: 9, total: 10 },
    ]);
    expect(localStorage.getItem('jamii.quiz.unsaved.42')).toBeNull();
  });

  it('sends a round left unsaved by an earlier visit when the quiz opens', async () => {
    localStorage.setItem('jamii.quiz.unsaved.42', JSON.stringify([{ key: 'old', score: 4, total: 10 }]));
    renderQuiz();

    await vi.waitFor(() => expect(posted).toEqual([{ score: 4, total: 10 }]));
    await vi.waitFor(() => expect(localStorage.getItem('jamii.quiz.unsaved.42')).toBeNull());
  });
});
