import { summarizeAchievements, type QuizResultDto } from '@jamii/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser, type Routes } from '../../test/auth';
import { renderWithProviders } from '../../test/render';
import { AchievementsPage } from './achievements-page';
import { GamesTab } from './games-tab';
import { stubFetchForEachTest } from '../../test/fetch-stub';

function round(id: number, score: number, created_at: string): QuizResultDto {
  const rank = summarizeAchievements([{ score, total: 10 }]).current_rank!;
  return { id, user_id: 42, score, total: 10, rank, created_at };
}

const rounds = [
  round(3, 8, '2025-06-03T09:00:00.000Z'),
  round(2, 10, '2025-06-02T09:00:00.000Z'),
  round(1, 5, '2025-06-01T09:00:00.000Z'),
];

function serve(routes: Routes) {
  fetchMock.mockImplementation(fakeFetch(routes));
}

const fetchMock = stubFetchForEachTest({ signedIn: makeUser({ id: 42 }) });

describe('AchievementsPage', () => {
  it('is honest when no round was played, with a link to play', async () => {
    serve({ 'GET /api/quiz/achievements/me': jsonResponse(summarizeAchievements([])) });
    renderWithProviders(<AchievementsPage />, { path: '/achievements' });

    expect(await screen.findByRole('heading', { name: 'No rounds played yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play the quiz' })).toHaveAttribute('href', '/kaquiz');
    expect(screen.queryByText('Best score')).not.toBeInTheDocument();
    // Badges are listed, none earned.
    expect(screen.getAllByText('Not yet earned')).toHaveLength(6);
    expect(screen.queryByText('Earned')).not.toBeInTheDocument();
    // No history request for a member without rounds.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the best score, current rank, rounds played, perfect rounds, badges and recent rounds', async () => {
    const user = userEvent.setup();
    serve({
      'GET /api/quiz/achievements/me': jsonResponse(summarizeAchievements(rounds)),
      'GET /api/quiz/results/me?limit=10': jsonResponse(rounds.slice(0, 2), 200, { 'X-Next-Cursor': 'c2' }),
      'GET /api/quiz/results/me?limit=10&cursor=c2': jsonResponse(rounds.slice(2)),
    });
    renderWithProviders(<AchievementsPage />, { path: '/achievements' });

    const figure = async (label: string) => (await screen.findByText(label)).nextElementSibling;
    expect(await figure('Best score')).toHaveTextContent('10/10');
    expect(await figure('Current rank')).toHaveTextContent('Gaming Expert');
    expect(await figure('Rounds played')).toHaveTextContent('3');
    expect(await figure('Perfect rounds')).toHaveTextContent('1');

    expect(screen.getByText('3 of 6 earned')).toBeInTheDocument();
    const perfect = screen.getByText('Perfect round').closest('li')!;
    expect(within(perfect).getByText('Earned')).toBeInTheDocument();
    const regular = screen.getByText('Regular').closest('li')!;
    expect(within(regular).getByText('Not yet earned')).toBeInTheDocument();

    const history = screen.getByRole('region', { name: 'Recent rounds' });
    expect(await within(history).findByText('8/10')).toBeInTheDocument();
    expect(within(history).getByText('Gaming Master')).toBeInTheDocument();
    expect(within(history).queryByText('5/10')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more rounds' }));
    expect(await within(history).findByText('5/10')).toBeInTheDocument();
    expect(within(history).getByText('Gaming Novice')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more rounds' })).not.toBeInTheDocument();
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    serve({
      'GET /api/quiz/achievements/me': errorResponse(500, 'INTERNAL', 'Oops'),
    });
    renderWithProviders(<AchievementsPage />, { path: '/achievements' });

    expect(await screen.findByText('Your achievements could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('GamesTab', () => {
  it("lists the member's rounds with rank and date", async () => {
    serve({ 'GET /api/quiz/results/me?limit=20': jsonResponse(rounds) });
    const { container } = renderWithProviders(<GamesTab />, { path: '/profile/me?tab=games' });

    expect(await screen.findByText('10/10')).toBeInTheDocument();
    expect(screen.getByText('Gaming Master')).toBeInTheDocument();
    const dates = Array.from(container.querySelectorAll('time'));
    expect(dates.map((date) => date.dateTime)).toEqual(rounds.map((r) => r.created_at));
    expect(dates[0]?.textContent).toMatch(/2025/);
  });

  it('says so when no round was played', async () => {
    serve({ 'GET /api/quiz/results/me?limit=20': jsonResponse([]) });
    renderWithProviders(<GamesTab />, { path: '/profile/me?tab=games' });

    expect(await screen.findByText('You have not played the quiz yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play the quiz' })).toHaveAttribute('href', '/kaquiz');
  });
});
