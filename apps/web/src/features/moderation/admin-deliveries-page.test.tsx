import type { DeliveryCounts } from '@jamii/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser } from '../../test/auth';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { AdminDeliveriesPage } from './admin-deliveries-page';

const fetchMock = stubFetchForEachTest({ withAuth: true, signedIn: makeUser({ role: 'admin' }) });

const counts: DeliveryCounts = {
  at: '2026-03-02T06:00:00.000Z',
  channels: [
    {
      channel: 'push',
      day: { queued: 0, sent: 12, failed: 0 },
      week: { queued: 1, sent: 80, failed: 0 },
      last_failure: null,
    },
    {
      channel: 'email',
      day: { queued: 0, sent: 3, failed: 2 },
      week: { queued: 0, sent: 20, failed: 2 },
      last_failure: { at: '2026-03-02T05:00:00.000Z', error: 'connect ECONNREFUSED 127.0.0.1:25' },
    },
    {
      channel: 'sms',
      day: { queued: 4, sent: 0, failed: 0 },
      week: { queued: 4, sent: 9, failed: 0 },
      last_failure: null,
    },
  ],
};

describe('AdminDeliveriesPage', () => {
  it('shows each window’s counts and names the channels that failed or sent nothing', async () => {
    fetchMock.mockImplementation(
      fakeFetch({ 'GET /api/admin/notification-deliveries': jsonResponse(counts) }),
    );
    renderWithProviders(<AdminDeliveriesPage />);
    const day = within(await screen.findByRole('table', { name: 'Last 24 hours' }));
    const rows = day.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Push Working1200',
      'Email Failures320',
      'SMS Nothing sent004',
    ]);
    const week = within(screen.getByRole('table', { name: 'Last 7 days' }));
    expect(week.getByRole('rowheader', { name: 'SMS Working' })).toBeInTheDocument();
    expect(screen.getByText(/connect ECONNREFUSED 127\.0\.0\.1:25/)).toBeInTheDocument();
    expect(screen.getAllByText('Never failed')).toHaveLength(2);
  });

  it('says so when the counts cannot be loaded', async () => {
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/admin/notification-deliveries': errorResponse(403, 'FORBIDDEN', 'Admins only'),
      }),
    );
    renderWithProviders(<AdminDeliveriesPage />);
    expect(await screen.findByText('Could not load the delivery counts.')).toBeInTheDocument();
  });
});
