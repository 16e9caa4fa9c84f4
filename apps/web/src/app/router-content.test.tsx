import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonResponse, makeUser, storeSignedIn } from '../test/auth';
import { makeJob } from '../test/content';
import { renderWithProviders } from '../test/render';
import { routes } from './router';
import { stubFetchForEachTest } from '../test/fetch-stub';

const fetchMock = stubFetchForEachTest({ withAuth: true });

const filters = jsonResponse({ types: [], locations: [], companies: [] });

describe('content routes', () => {
  it('shows the Jobs Feed to a visitor, with Log in and Sign up', async () => {
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/jobs/filters': filters,
        'GET /api/jobs?limit=10': jsonResponse([makeJob({ title: 'Mhasibu' })]),
      }),
    );

    renderWithProviders(routes, { path: '/jobs' });

    // The first lazy route of the file compiles on the way: give it time.
    expect(await screen.findByRole('heading', { name: 'Mhasibu' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('shows the Jobs Feed to a member in the common layout', async () => {
    storeSignedIn(makeUser());
    fetchMock.mockImplementation(
      fakeFetch({ 'GET /api/jobs/filters': filters, 'GET /api/jobs?limit=10': jsonResponse([]) }),
    );

    renderWithProviders(routes, { path: '/jobs' });

    expect(await screen.findByText('No jobs found')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('opens job details at /explore/jobs/{id} and at /explore/jobs?id=', async () => {
    fetchMock.mockImplementation(
      fakeFetch({ 'GET /api/jobs/5': jsonResponse({ ...makeJob({ id: 5, title: 'Fundi' }) }) }),
    );

    const { unmount } = renderWithProviders(routes, { path: '/explore/jobs/5' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fundi' })).toBeInTheDocument();
    unmount();

    renderWithProviders(routes, { path: '/explore/jobs?id=5' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fundi' })).toBeInTheDocument();
  });

  it('shows the poster who applied', async () => {
    storeSignedIn(makeUser({ id: 7 }));
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/me': jsonResponse(makeUser({ id: 7 })),
        'GET /api/jobs/5': jsonResponse({
          ...makeJob({ id: 5, client_id: 7 }),
          applicants: [
            {
              id: 1,
              job_id: 5,
              user_id: 9,
              name: 'Amina Hassan',
              username: '@amina_hassan',
              profile_pic: null,
              message: '',
              created_at: '2025-05-01T10:00:00.000Z',
            },
          ],
        }),
      }),
    );

    renderWithProviders(routes, { path: '/explore/jobs/5' });

    expect(await screen.findByRole('heading', { name: 'Applicants (1)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Amina Hassan' })).toHaveAttribute('href', '/user/amina_hassan');
  });

  it('shows Not allowed to a member on /admin/jobs', async () => {
    storeSignedIn(makeUser());
    fetchMock.mockImplementation(fakeFetch({ 'GET /api/me': jsonResponse(makeUser()) }));

    renderWithProviders(routes, { path: '/admin/jobs' });

    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
  });

  it('shows Manage Jobs to an admin', async () => {
    const admin = makeUser({ username: '@msimamizi', role: 'admin' });
    storeSignedIn(admin);
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/me': jsonResponse(admin),
        'GET /api/jobs/explore?limit=100&offset=0': jsonResponse([]),
      }),
    );

    renderWithProviders(routes, { path: '/admin/jobs' });

    expect(await screen.findByRole('heading', { name: 'Manage Jobs' })).toBeInTheDocument();
    expect(await screen.findByText('No jobs found.')).toBeInTheDocument();
  });
});
