import { PHONE_MESSAGE } from '@jamii/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse, makeUser, storeSignedIn, type Routes } from '../../test/auth';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { ProfilePage } from './profile-page';

// docs/features/phones-and-places.md: the phone number in Settings and on the profile.

const me = makeUser({
  id: 42,
  username: '@wanjiku_k',
  name: 'Wanjiku Kamau',
  phone: null,
  show_phone: false,
});
const fetchMock = stubFetchForEachTest({ withAuth: true });

const routes = (memberKey: string): RouteObject[] => [
  { path: '/profile/:id', element: <ProfilePage memberKey={memberKey} /> },
  { path: '/user/:username', element: <ProfilePage memberKey={memberKey} /> },
];

function signInAs(user = me, extraRoutes: Routes = {}) {
  storeSignedIn(user);
  fetchMock.mockImplementation(fakeFetch({ 'GET /api/me': jsonResponse(user), ...extraRoutes }));
}

describe('the phone number in Settings', () => {
  it('refuses a number that is not a Kenyan mobile, then saves one in E.164 with the choice to show it', async () => {
    const user = userEvent.setup();
    const put = vi.fn((_init: RequestInit | undefined) =>
      jsonResponse({ ...me, phone: '+254712345678', show_phone: true }),
    );
    signInAs(me, { 'PUT /api/users/42': put });
    renderWithProviders(routes('me'), { path: '/profile/me' });

    const phone = screen.getByLabelText('Phone number (optional)');
    expect(phone).toHaveAttribute('type', 'tel');
    await user.type(phone, '0202 345 678');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(PHONE_MESSAGE)).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();

    await user.clear(phone);
    await user.type(phone, '0712 345 678');
    await user.click(screen.getByRole('checkbox', { name: 'Show my phone number on my profile' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(JSON.parse(String(put.mock.calls[0]?.[0]?.body))).toMatchObject({
      phone: '+254712345678',
      show_phone: true,
    });
    // The saved number is shown back the Kenyan way.
    expect(screen.getByLabelText('Phone number (optional)')).toHaveValue('0712 345 678');
  });

  it('shows the owner their hidden number with a note that only they see it', () => {
    signInAs({ ...me, phone: '+254712345678', show_phone: false });
    renderWithProviders(routes('me'), { path: '/profile/me' });

    expect(screen.getByRole('link', { name: '0712 345 678' })).toHaveAttribute('href', 'tel:+254712345678');
    expect(screen.getByText('(Only you see your number)')).toBeInTheDocument();
  });
});

describe('a phone number on a profile', () => {
  it('calls or opens WhatsApp when the member shows it, and is absent otherwise', async () => {
    const shown = makeUser({ id: 7, username: '@otieno_dev', name: 'Brian Otieno', phone: '+254722123456' });
    const hidden = makeUser({ id: 8, username: '@akinyi_a', name: 'Akinyi Achieng' });
    signInAs(me, {
      'GET /api/users/otieno_dev': jsonResponse(shown),
      'GET /api/users/akinyi_a': jsonResponse(hidden),
    });
    const { unmount } = renderWithProviders(routes('otieno_dev'), { path: '/user/otieno_dev' });

    const header = (await screen.findByRole('heading', { level: 1, name: 'Brian Otieno' })).closest(
      'section',
    )!;
    expect(within(header).getByRole('link', { name: '0722 123 456' })).toHaveAttribute(
      'href',
      'tel:+254722123456',
    );
    const whatsApp = within(header).getByRole('link', { name: 'WhatsApp 0722 123 456' });
    expect(whatsApp).toHaveAttribute('href', 'https://wa.me/254722123456');
    expect(whatsApp).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(header).queryByText('(Only you see your number)')).not.toBeInTheDocument();
    unmount();

    renderWithProviders(routes('akinyi_a'), { path: '/user/akinyi_a' });
    const other = (await screen.findByRole('heading', { level: 1, name: 'Akinyi Achieng' })).closest(
      'section',
    )!;
    expect(within(other).queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
  });
});
