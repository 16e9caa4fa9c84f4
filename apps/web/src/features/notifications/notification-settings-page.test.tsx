import { defaultChannels, NOTIFICATION_CATEGORIES, type NotificationPreferences } from '@jamii/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser } from '../../test/auth';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { NotificationSettingsPage } from './notification-settings-page';

const fetchMock = stubFetchForEachTest({ withAuth: true, signedIn: makeUser() });

const defaults = Object.fromEntries(
  NOTIFICATION_CATEGORIES.map((category) => [category, defaultChannels(category)]),
) as NotificationPreferences;

describe('NotificationSettingsPage', () => {
  it('shows each category’s channels and saves a change as it is made', async () => {
    const user = userEvent.setup();
    const put = vi.fn((init?: RequestInit) => {
      expect(JSON.parse(String(init?.body))).toEqual({ offers: { email: false } });
      return jsonResponse({ ...defaults, offers: { ...defaults.offers, email: false } });
    });
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/notifications/preferences': jsonResponse(defaults),
        'PUT /api/notifications/preferences': put,
      }),
    );
    renderWithProviders(<NotificationSettingsPage />);

    const offers = within(
      await screen.findByRole('group', { name: 'Offers on my bids, and what happens to my offers' }),
    );
    expect(offers.getByRole('checkbox', { name: 'In Jamii' })).toBeChecked();
    expect(offers.getByRole('checkbox', { name: 'Push' })).toBeChecked();
    expect(offers.getByRole('checkbox', { name: 'SMS' })).not.toBeChecked();
    const followers = within(screen.getByRole('group', { name: 'New followers' }));
    expect(followers.getByRole('checkbox', { name: 'Push' })).not.toBeChecked();
    // Messages are read on the Messages screen: no in-Jamii switch for them.
    const messages = within(screen.getByRole('group', { name: 'Messages to me' }));
    expect(messages.queryByRole('checkbox', { name: 'In Jamii' })).toBeNull();
    expect(screen.getAllByRole('checkbox')).toHaveLength(NOTIFICATION_CATEGORIES.length * 4 - 1);

    const email = offers.getByRole('checkbox', { name: 'Email' });
    expect(email).toBeChecked();
    await user.click(email);
    expect(email).not.toBeChecked();
    await vi.waitFor(() => expect(put).toHaveBeenCalledOnce());
    expect(offers.getByRole('checkbox', { name: 'Push' })).toBeChecked();
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
    const reviews = within(await screen.findByRole('group', { name: 'Reviews of me' })).getByRole(
      'checkbox',
      { name: 'In Jamii' },
    );
    await user.click(reviews);
    expect(await screen.findByText('Could not save your choice. Try again.')).toBeInTheDocument();
    expect(reviews).toBeChecked();
  });
});
