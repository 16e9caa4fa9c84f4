import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser } from '../../test/auth';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { AccountSecurityPage } from './account-security-page';
import { deviceName } from './device-name';

const fetchMock = stubFetchForEachTest({ signedIn: makeUser() });

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0';

const SESSIONS = [
  {
    id: 'a1',
    user_agent: ANDROID_CHROME,
    created_at: '2026-11-20T08:00:00.000Z',
    last_used_at: '2026-11-23T08:00:00.000Z',
    current: true,
  },
  {
    id: 'b2',
    user_agent: MAC_FIREFOX,
    created_at: '2026-11-01T08:00:00.000Z',
    last_used_at: '2026-11-22T08:00:00.000Z',
    current: false,
  },
];

const NEW_PASSWORD = 'Mvua-Nyingi-2025!';

const bodyOf = (key: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);
  return JSON.parse(String(call?.[1]?.body)) as unknown;
};

async function fillPasswordForm(current = 'Old-Pass-word-1!') {
  await userEvent.type(screen.getByLabelText('Current password'), current);
  await userEvent.type(screen.getByLabelText('New password'), NEW_PASSWORD);
  await userEvent.type(screen.getByLabelText('Confirm new password'), NEW_PASSWORD);
}

describe('deviceName', () => {
  it('names the browser and the system, or neither', () => {
    expect(deviceName(ANDROID_CHROME)).toBe('Chrome on Android');
    expect(deviceName(MAC_FIREFOX)).toBe('Firefox on macOS');
    expect(deviceName('')).toBeNull();
  });
});

describe('AccountSecurityPage', () => {
  it('lists the sessions: device, This device for the current one, Sign out only for the others', async () => {
    fetchMock.mockImplementation(fakeFetch({ 'GET /api/auth/sessions': jsonResponse(SESSIONS) }));
    renderWithProviders(<AccountSecurityPage />);

    const list = await screen.findByRole('list', { name: 'Active sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Chrome on Android');
    expect(rows[0]).toHaveTextContent('This device');
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Firefox on macOS');
    expect(within(rows[1]!).getByRole('button', { name: 'Sign out Firefox on macOS' })).toBeInTheDocument();
  });

  it('signs out another session after the confirmation and reloads the list', async () => {
    let sessions = SESSIONS;
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/auth/sessions': () => jsonResponse(sessions),
        'DELETE /api/auth/sessions/b2': () => {
          sessions = SESSIONS.slice(0, 1);
          return new Response(null, { status: 204 });
        },
      }),
    );
    renderWithProviders(<AccountSecurityPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Sign out Firefox on macOS' }));
    expect(screen.getByText('Sign out of Firefox on macOS?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('That session is signed out.')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText('Firefox on macOS')).not.toBeInTheDocument());
  });

  it('cancelling the confirmation ends nothing', async () => {
    fetchMock.mockImplementation(fakeFetch({ 'GET /api/auth/sessions': jsonResponse(SESSIONS) }));
    renderWithProviders(<AccountSecurityPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Sign out Firefox on macOS' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('changes the password with the checkbox, then clears the form', async () => {
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/auth/sessions': jsonResponse(SESSIONS),
        'POST /api/auth/change-password': jsonResponse({ message: 'Your password has been changed.' }),
      }),
    );
    renderWithProviders(<AccountSecurityPage />);

    await fillPasswordForm();
    await userEvent.click(screen.getByLabelText('Sign out of my other sessions'));
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(bodyOf('POST /api/auth/change-password')).toEqual({
      current_password: 'Old-Pass-word-1!',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      sign_out_others: true,
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it("shows the server's current password error under the field", async () => {
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/auth/sessions': jsonResponse(SESSIONS),
        'POST /api/auth/change-password': errorResponse(
          400,
          'VALIDATION_FAILED',
          'Your current password is not correct',
          'current_password',
        ),
      }),
    );
    renderWithProviders(<AccountSecurityPage />);

    await fillPasswordForm('Wrong-Pass-word-1!');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    await vi.waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
        'Your current password is not correct',
      ),
    );
  });

  it('checks the new password with the shared rules before calling', async () => {
    fetchMock.mockImplementation(fakeFetch({ 'GET /api/auth/sessions': jsonResponse(SESSIONS) }));
    renderWithProviders(<AccountSecurityPage />);

    await userEvent.type(screen.getByLabelText('Current password'), 'x');
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('*At least 12 characters')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/change-password')).toBe(false);
  });
});
