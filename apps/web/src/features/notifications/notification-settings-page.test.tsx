import { NOTIFICATION_CATEGORIES, type NotificationPreferences } from '@jamii/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser } from '../../test/auth';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { NotificationSettingsPage } from './notification-settings-page';

const fetchMock = stubFetchForEachTest({ withAuth: true, signedIn: makeUser() });

const defaults = Object.fromEntries(
  NOTIFICATION_CATEGORIES.map((category) => [category, { in_app: true, email: false }]),
) as NotificationPreferences;

describe('NotificationSettingsPage', () => {
  it('shows a switch a category and saves a change as it is made', async () => {
    const user = userEvent.setup();
    const put = vi.fn((init?: RequestInit) => {
      expect(JSON.parse(String(init?.body))).toEqual({ follows: { in_app: false } });
      return jsonResponse({ ...defaults, follows: { in_app: false, email: false } });
    });
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/notifications/preferences': jsonResponse(defaults),
        'PUT /api/notifications/preferences': put,
      }),
    );
    renderWithProviders(<NotificationSettingsPage />);

    const followers = await screen.findByRole('checkbox', { name: 'New followers' });
    expect(followers).toBeChecked();
    expect(screen.getAllByRole('checkbox')).toHaveLength(NOTIFICATION_CATEGORIES.length);
    await user.click(followers);
    expect(followers).not.toBeChecked();
    await vi.waitFor(() => expect(put).toHaveBeenCalledOnce());
    expect(screen.getByRole('checkbox', { name: 'Likes on my posts' })).toBeChecked();
  });

  it('puts the switch back and says so when the change cannot be saved', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/notifications/preferences': jsonResponse(defaults),
        'PUT /api/notifications/preferences': errorResponse(500, 'INTERNAL', 'Down'),
      }),
    );
    renderWithProviders(<NotificationSettingsPage />);
    const reviews = await screen.findByRole('checkbox', { name: 'Reviews of me' });
    await user.click(reviews);
    expect(await screen.findByText('Could not save your choice. Try again.')).toBeInTheDocument();
    expect(reviews).toBeChecked();
  });
});
