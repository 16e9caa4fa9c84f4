import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/auth';
import { renderWithProviders } from '../../test/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const fetchMock = stubFetchForEachTest();

async function send(email: string) {
  const user = userEvent.setup();
  renderWithProviders(<ForgotPasswordPage />, { path: '/forgot-password' });
  if (email) await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send Password Reset Link' }));
}

describe('ForgotPasswordPage', () => {
  it('checks the email with the shared rules', async () => {
    await send('');

    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the answer's message in a success banner under the form", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ status: 'success', message: 'If an account uses that email, a link is on its way.' }),
    );

    await send('wanjiku@acme.co.ke');

    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account uses that email, a link is on its way.',
    );
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/auth/forgot-password');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'wanjiku@acme.co.ke' });
  });

  it('shows Something went wrong. for a non-success status', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'queued', message: 'Later' }));

    await send('wanjiku@acme.co.ke');

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
  });

  it('shows the SPEC error banner when the call fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await send('wanjiku@acme.co.ke');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send password reset email. Please try again.',
    );
  });
});
