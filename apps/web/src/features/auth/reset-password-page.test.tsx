import { RESET_REDIRECT_MS } from '@jamii/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse } from '../../test/auth';
import { renderWithProviders } from '../../test/render';
import { ResetPasswordPage } from './reset-password-page';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const fetchMock = stubFetchForEachTest();

afterEach(() => {
  vi.useRealTimers();
});

const routes: RouteObject[] = [
  { path: '/reset-password/:token?', element: <ResetPasswordPage /> },
  { path: '/login', element: <p>Login page</p> },
  { path: '/', element: <p>Landing page</p> },
];

const NEW_PASSWORD = 'Mvua-Nyingi-2025!';

function fillPasswords(password = NEW_PASSWORD, confirmPassword = password) {
  fireEvent.input(screen.getByPlaceholderText('Enter New Password'), { target: { value: password } });
  fireEvent.input(screen.getByPlaceholderText('Confirm New Password'), {
    target: { value: confirmPassword },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
}

const sentBody = () => JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as unknown;

describe('ResetPasswordPage', () => {
  it('has the SPEC fields and a brand heading linking to /', () => {
    renderWithProviders(routes, { path: '/reset-password?token=abc' });

    expect(screen.getByLabelText('New Password')).toHaveAttribute('placeholder', 'Enter New Password');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('placeholder', 'Confirm New Password');
    expect(screen.getByRole('link', { name: 'Jamii' })).toHaveAttribute('href', '/');
  });

  it('reads the token from ?token=, not from the path, shows Resetting... and then the success banner', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(routes, { path: '/reset-password/path-token?token=query-token' });

    fillPasswords();

    expect(await screen.findByRole('button', { name: 'Resetting...' })).toBeDisabled();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/reset-password');
    expect(sentBody()).toEqual({ token: 'query-token', password: NEW_PASSWORD });

    await act(async () => answer(jsonResponse({ message: 'Your password has been reset.' })));

    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been reset.');
  });

  it('falls back to the token in the path', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'Your password has been reset.' }));
    renderWithProviders(routes, { path: '/reset-password/path-token' });

    fillPasswords();

    await screen.findByRole('status');
    expect(sentBody()).toEqual({ token: 'path-token', password: NEW_PASSWORD });
  });

  it('goes to /login 3 seconds after a success, not before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock.mockResolvedValue(jsonResponse({ message: 'Your password has been reset.' }));
    const { router } = renderWithProviders(routes, { path: '/reset-password?token=abc' });

    fillPasswords();
    await screen.findByRole('status');
    // Lets the effect that starts the 3-second timer run.
    await act(async () => {});

    act(() => {
      vi.advanceTimersByTime(RESET_REDIRECT_MS - 500);
    });
    expect(router.state.location.pathname).toBe('/reset-password');

    await act(async () => vi.advanceTimersByTime(500));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });

  it('checks the new password with the shared signup policy and the match', async () => {
    renderWithProviders(routes, { path: '/reset-password?token=abc' });

    fillPasswords('short', 'other');

    expect(await screen.findByText('*At least 12 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message in an error banner, with a way to ask for a new link", async () => {
    fetchMock.mockResolvedValue(
      errorResponse(
        400,
        'INVALID_RESET_TOKEN',
        'This reset link is invalid or has expired. Please ask for a new one.',
      ),
    );
    const { router } = renderWithProviders(routes, { path: '/reset-password?token=old' });

    fillPasswords();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is invalid or has expired. Please ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('shows Failed to reset password. Try again. without a server message', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 500 }));
    renderWithProviders(routes, { path: '/reset-password?token=abc' });

    fillPasswords();

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset password. Try again.');
  });

  it('shows a password refused by the server under the field', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      errorResponse(400, 'VALIDATION_FAILED', '*Cannot contain name/username', 'password'),
    );
    renderWithProviders(routes, { path: '/reset-password?token=abc' });

    await user.type(screen.getByLabelText('New Password'), 'Wanjiku-Mvua-2025!');
    await user.type(screen.getByLabelText('Confirm Password'), 'Wanjiku-Mvua-2025!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await vi.waitFor(() =>
      expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
        '*Cannot contain name/username',
      ),
    );
  });

  it('says so when the link has no token', () => {
    renderWithProviders(routes, { path: '/reset-password' });

    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is incomplete.');
    expect(screen.queryByRole('button', { name: 'Reset Password' })).not.toBeInTheDocument();
  });
});
