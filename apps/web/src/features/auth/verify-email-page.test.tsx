import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse, makeUser, storeSignedIn } from '../../test/auth';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { authStore } from '../../lib/auth';
import { VerifyEmailPage } from './verify-email-page';

const fetchMock = stubFetchForEachTest();

const routes: RouteObject[] = [{ path: '/verify-email', element: <VerifyEmailPage /> }];

const INVALID = {
  code: 'INVALID_VERIFICATION_TOKEN',
  message: 'This confirmation link is invalid or has expired. Ask for a new one.',
};

describe('VerifyEmailPage', () => {
  it('posts the token once on load and shows Email confirmed with a way in, signed out', async () => {
    authStore.reset();
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/auth/verify-email': jsonResponse({ message: 'Your email is confirmed. Thank you!' }),
      }),
    );
    renderWithProviders(routes, { path: '/verify-email?token=abc123' });

    expect(await screen.findByText('Email confirmed')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your email is confirmed. Thank you!');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ token: 'abc123' });
  });

  it('links a signed-in member to the feed and refreshes their user', async () => {
    storeSignedIn(makeUser({ id: 7 }));
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/auth/verify-email': jsonResponse({ message: 'Your email is confirmed. Thank you!' }),
        'GET /api/me': jsonResponse(makeUser({ id: 7, email_verified: true })),
      }),
    );
    renderWithProviders(routes, { path: '/verify-email?token=abc123' });

    expect(await screen.findByRole('link', { name: 'Go to your feed' })).toHaveAttribute('href', '/feed');
    await vi.waitFor(() => expect(authStore.getSnapshot().user?.email_verified).toBe(true));
  });

  it("shows the server's error and, signed out, says to log in for a new link", async () => {
    authStore.reset();
    fetchMock.mockImplementation(fakeFetch({ 'POST /api/auth/verify-email': jsonResponse(INVALID, 400) }));
    renderWithProviders(routes, { path: '/verify-email?token=used' });

    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID.message);
    expect(screen.getByRole('alert')).toHaveTextContent('Log in to ask for a new link.');
    expect(screen.queryByText('Email confirmed')).not.toBeInTheDocument();
  });

  it('offers Email me a new link to a signed-in member after an error', async () => {
    storeSignedIn(makeUser());
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/auth/verify-email': jsonResponse(INVALID, 400),
        'POST /api/auth/verify-email/resend': jsonResponse({
          message: 'We sent a new confirmation link to your email.',
        }),
      }),
    );
    renderWithProviders(routes, { path: '/verify-email?token=old' });

    await userEvent.click(await screen.findByRole('button', { name: 'Email me a new link' }));

    expect(await screen.findByText('We sent a new confirmation link to your email.')).toBeInTheDocument();
  });

  it('says the link is incomplete without a token and calls nothing', () => {
    authStore.reset();
    renderWithProviders(routes, { path: '/verify-email' });

    expect(screen.getByRole('alert')).toHaveTextContent('This confirmation link is incomplete.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
