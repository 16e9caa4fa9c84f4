import { summarizeAchievements } from '@jamii/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser, storeSignedIn, type Routes } from '../test/auth';
import { renderWithProviders } from '../test/render';
import { routes } from './router';
import { stubFetchForEachTest } from '../test/fetch-stub';

const me = makeUser({ id: 42, name: 'Wanjiku Kamau' });

function signIn(extra: Routes = {}) {
  storeSignedIn(me);
  fetchMock.mockImplementation(fakeFetch({ 'GET /api/me': jsonResponse(me), ...extra }));
}

const fetchMock = stubFetchForEachTest({ withAuth: true });

describe('quiz, achievements and video routes', () => {
  it('opens /kaquiz for a member, outside the common layout', async () => {
    // The server issues the round (docs/design.md#trust-and-safety): questions and options, never the answers.
    const questions = Array.from({ length: 10 }, (_, i) => ({
      id: i + 1,
      text: `Which is the capital of Country ${i + 1}?`,
      options: ['Nairobi', 'Kampala', 'Dodoma', 'Kigali'],
    }));
    signIn({
      'POST /api/quiz/rounds': jsonResponse(
        { id: 'r1', expires_at: '2030-01-01T00:00:00.000Z', questions },
        201,
      ),
    });
    renderWithProviders(routes, { path: '/kaquiz' });

    expect(await screen.findByText('Question 1 of 10')).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('sends a visitor from /kaquiz to /login', async () => {
    fetchMock.mockImplementation(async () => errorResponse(401, 'UNAUTHORIZED', 'Please log in'));
    const { router } = renderWithProviders(routes, { path: '/kaquiz' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/kaquiz' } });
  });

  it('opens /achievements inside the common layout', async () => {
    signIn({ 'GET /api/quiz/achievements/me': jsonResponse(summarizeAchievements([])) });
    renderWithProviders(routes, { path: '/achievements' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Achievements' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('opens /videos and /shorts inside the common layout', async () => {
    signIn({
      'GET /api/videos/long?limit=10': jsonResponse([]),
      'GET /api/videos/short?limit=10': jsonResponse([]),
    });
    const { unmount } = renderWithProviders(routes, { path: '/videos' });
    expect(await screen.findByText('No videos yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Videos' })).toBeInTheDocument();
    unmount();

    renderWithProviders(routes, { path: '/shorts' });
    expect(await screen.findByText('No shorts yet.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('fills the profile’s games tab, and opens the videos tab (no button) with ?tab=videos', async () => {
    signIn({
      'GET /api/quiz/results/me?limit=20': jsonResponse([
        {
          id: 1,
          user_id: 42,
          score: 9,
          total: 10,
          rank: 'Gaming Expert',
          created_at: '2025-06-01T09:00:00Z',
        },
      ]),
      'GET /api/videos/short?limit=6&user_id=42': jsonResponse([]),
      'GET /api/videos/long?limit=6&user_id=42': jsonResponse([]),
    });
    const { unmount } = renderWithProviders(routes, { path: '/profile/me?tab=games' });

    expect(await screen.findByRole('tab', { name: 'Games' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('9/10')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Videos' })).not.toBeInTheDocument();
    unmount();

    renderWithProviders(routes, { path: '/profile/me?tab=videos' });
    expect(await screen.findByRole('tabpanel', { name: 'Videos' })).toBeInTheDocument();
    expect(await screen.findByText('No shorts yet.')).toBeInTheDocument();
    expect(screen.getByText('No videos yet.')).toBeInTheDocument();
  });
});
