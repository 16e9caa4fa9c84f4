import { SEARCH_DEBOUNCE_MS } from '@jamii/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse, makeUser, storeSignedIn, type Routes } from '../../test/auth';
import { makeJob } from '../../test/content';
import { renderWithProviders } from '../../test/render';
import { JobsFeedPage } from './jobs-feed-page';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const filters = jsonResponse({
  types: ['Contract', 'Full-time'],
  locations: ['Kisumu', 'Nairobi'],
  companies: ['Safari Data Ltd', 'Twiga Foods'],
});

const fetchMock = stubFetchForEachTest({ withAuth: true });

afterEach(() => {
  vi.useRealTimers();
});

const routes = [
  { path: '/jobs', element: <JobsFeedPage /> },
  { path: '/login', element: <p>Login page</p> },
];

function renderFeed(answers: Routes) {
  fetchMock.mockImplementation(fakeFetch({ 'GET /api/jobs/filters': filters, ...answers }));
  return renderWithProviders(routes, { path: '/jobs' });
}

const requested = () => fetchMock.mock.calls.map(([input]) => String(input));

describe('JobsFeedPage', () => {
  it('fills Type, Location and Company from the server and sends the chosen filter to it', async () => {
    const user = userEvent.setup();
    renderFeed({
      'GET /api/jobs?limit=10': jsonResponse([
        makeJob({ title: 'Data Analyst' }),
        makeJob({ title: 'Driver' }),
      ]),
      'GET /api/jobs?limit=10&location=Kisumu': jsonResponse([
        makeJob({ title: 'Boda Rider', location: 'Kisumu' }),
      ]),
    });
    expect(await screen.findByRole('heading', { name: 'Data Analyst' })).toBeInTheDocument();

    const location = screen.getByLabelText('Location');
    expect(
      within(location)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Location', 'Kisumu', 'Nairobi']);
    expect(
      within(screen.getByLabelText('Type')).getByRole('option', { name: 'Contract' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Company')).getByRole('option', { name: 'Twiga Foods' }),
    ).toBeInTheDocument();

    await user.selectOptions(location, 'Kisumu');

    expect(await screen.findByRole('heading', { name: 'Boda Rider' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Data Analyst' })).not.toBeInTheDocument();
  });

  it('sends the search text once the member stops typing for 400 ms', async () => {
    renderFeed({
      'GET /api/jobs?limit=10': jsonResponse([makeJob({ title: 'Data Analyst' })]),
      'GET /api/jobs?limit=10&search=twiga': jsonResponse([
        makeJob({ title: 'Sales Rep', company: 'Twiga Foods' }),
      ]),
    });
    await screen.findByRole('heading', { name: 'Data Analyst' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    fireEvent.change(screen.getByPlaceholderText('Search jobs or companies...'), {
      target: { value: 'twi' },
    });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    fireEvent.change(screen.getByPlaceholderText('Search jobs or companies...'), {
      target: { value: 'twiga' },
    });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    });
    expect(requested().some((url) => url.includes('search='))).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();

    expect(await screen.findByRole('heading', { name: 'Sales Rep' })).toBeInTheDocument();
    expect(requested().filter((url) => url.includes('search='))).toEqual(['/api/jobs?limit=10&search=twiga']);
  });

  it('says "No jobs found" when nothing matches', async () => {
    renderFeed({ 'GET /api/jobs?limit=10': jsonResponse([]) });

    expect(await screen.findByText('No jobs found')).toBeInTheDocument();
  });

  it('shows the toast "Failed to load jobs." when the list cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderFeed({ 'GET /api/jobs?limit=10': jsonResponse({ code: 'INTERNAL', message: 'x' }, 500) });

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load jobs.');
  });

  it('sends a visitor who taps Apply to /login', async () => {
    const user = userEvent.setup();
    const { router } = renderFeed({
      'GET /api/jobs?limit=10': jsonResponse([makeJob({ title: 'Data Analyst' })]),
    });

    await user.click(await screen.findByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/jobs' } });
  });

  it('lets a member apply once (Applied) and save a job', async () => {
    const user = userEvent.setup();
    storeSignedIn(makeUser({ id: 42 }));
    const apply = vi.fn(() => jsonResponse({ id: 1, job_id: 31 }, 201));
    renderFeed({
      'GET /api/jobs?limit=10': jsonResponse([makeJob({ id: 31, title: 'Data Analyst', client_id: 7 })]),
      'POST /api/jobs/31/apply': apply,
      'POST /api/jobs/31/save': jsonResponse({ saved: true }),
    });

    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('button', { name: 'Applied' })).toBeDisabled();
    expect(screen.getByText('Application sent')).toBeInTheDocument();
    expect(apply).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('counts an earlier application (409) as applied', async () => {
    const user = userEvent.setup();
    storeSignedIn(makeUser({ id: 42 }));
    renderFeed({
      'GET /api/jobs?limit=10': jsonResponse([makeJob({ id: 31, client_id: 7 })]),
      'POST /api/jobs/31/apply': jsonResponse({ code: 'ALREADY_APPLIED', message: 'Already applied' }, 409),
    });

    await user.click(await screen.findByRole('button', { name: 'Apply' }));

    expect(await screen.findByRole('button', { name: 'Applied' })).toBeDisabled();
  });

  it('does not offer Apply on one’s own job', async () => {
    storeSignedIn(makeUser({ id: 7 }));
    renderFeed({ 'GET /api/jobs?limit=10': jsonResponse([makeJob({ id: 31, client_id: 7 })]) });

    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });
});

describe('JobsFeedPage county (docs/features/phones-and-places.md)', () => {
  it('offers the 47 counties and sends the chosen one, read from and kept in the address', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/jobs/filters': filters,
        'GET /api/jobs?limit=10&county=Kisumu': jsonResponse([
          makeJob({ title: 'Fish trader', location: 'Ahero' }),
        ]),
        'GET /api/jobs?limit=10&county=Mombasa': jsonResponse([
          makeJob({ title: 'Port clerk', location: 'Likoni' }),
        ]),
      }),
    );
    renderWithProviders(routes, { path: '/jobs?county=Kisumu' });

    expect(await screen.findByRole('heading', { name: 'Fish trader' })).toBeInTheDocument();
    const county = screen.getByLabelText('County');
    expect(county).toHaveValue('Kisumu');
    const names = within(county)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toHaveLength(48);
    expect(names.slice(0, 3)).toEqual(['All counties', 'Mombasa', 'Kwale']);

    await user.selectOptions(county, 'Mombasa');
    expect(await screen.findByRole('heading', { name: 'Port clerk' })).toBeInTheDocument();
    expect(requested()).toContain('/api/jobs?limit=10&county=Mombasa');
  });
});
