import type { JobAlert } from '@jamii/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser } from '../../test/auth';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { JobAlertsPage } from './job-alerts-page';

const fetchMock = stubFetchForEachTest({ withAuth: true, signedIn: makeUser() });

const nurse: JobAlert = {
  id: 7,
  query: 'nurse',
  county: 'Nairobi',
  type: null,
  salary_min: 40000,
  frequency: 'daily',
  channels: ['push', 'email'],
  created_at: '2026-03-01T09:00:00.000Z',
};
const everything: JobAlert = {
  ...nurse,
  id: 8,
  query: null,
  county: null,
  salary_min: null,
  channels: [],
  frequency: 'instant',
};

describe('JobAlertsPage', () => {
  it('lists my alerts and deletes one after the question', async () => {
    const user = userEvent.setup();
    const remove = vi.fn(() => new Response(null, { status: 204 }));
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/job-alerts': jsonResponse([nurse, everything]),
        'DELETE /api/job-alerts/7': remove,
      }),
    );
    renderWithProviders(<JobAlertsPage />);
    const card = await screen.findByRole('article', {
      name: 'Job alert: Words: nurse, County: Nairobi, Pay from KSh 40,000',
    });
    expect(within(card).getByText('Daily')).toBeInTheDocument();
    expect(within(card).getByText('Also by Push, Email')).toBeInTheDocument();
    const other = screen.getByRole('article', { name: 'Job alert: Every new job' });
    expect(within(other).getByText('Instant')).toBeInTheDocument();
    expect(within(other).getByText('In Jamii only')).toBeInTheDocument();
    expect(screen.getByText('2 of 10 alerts')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('Delete this job alert?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Job alert deleted.')).toBeInTheDocument();
    expect(remove).toHaveBeenCalledOnce();
    expect(screen.queryByRole('article', { name: /nurse/ })).toBeNull();
    expect(screen.getByRole('article', { name: 'Job alert: Every new job' })).toBeInTheDocument();
  });

  it('keeps the alert and says so when the delete fails', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/job-alerts': jsonResponse([nurse]),
        'DELETE /api/job-alerts/7': errorResponse(404, 'NOT_FOUND', 'Job alert not found'),
      }),
    );
    renderWithProviders(<JobAlertsPage />);
    const card = await screen.findByRole('article', { name: /nurse/ });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Job alert not found')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: /nurse/ })).toBeInTheDocument();
  });

  it('shows the empty state with the way to Jobs', async () => {
    fetchMock.mockImplementation(fakeFetch({ 'GET /api/job-alerts': jsonResponse([]) }));
    renderWithProviders(<JobAlertsPage />);
    expect(
      await screen.findByText(
        'No job alerts yet. On Jobs, search or choose filters, then press “Alert me about jobs like these”.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Jobs' })).toHaveAttribute('href', '/jobs');
  });
});
