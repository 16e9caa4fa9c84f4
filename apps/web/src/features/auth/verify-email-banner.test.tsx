import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser, storeSignedIn } from '../../test/auth';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { VerifyEmailBanner } from './verify-email-banner';

const fetchMock = stubFetchForEachTest();

afterEach(() => sessionStorage.clear());

describe('VerifyEmailBanner', () => {
  it('asks an unverified member to confirm, and Email me a new link toasts the answer', async () => {
    storeSignedIn(makeUser({ email_verified: false }));
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/auth/verify-email/resend': jsonResponse({
          message: 'We sent a new confirmation link to your email.',
        }),
      }),
    );
    renderWithProviders(<VerifyEmailBanner />);

    expect(screen.getByRole('complementary', { name: 'Confirm your email' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Email me a new link' }));

    expect(await screen.findByText('We sent a new confirmation link to your email.')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/verify-email/resend');
  });

  it("shows the limit's message next to the button on 429", async () => {
    storeSignedIn(makeUser({ email_verified: false }));
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/auth/verify-email/resend': errorResponse(
          429,
          'RATE_LIMITED',
          'Too many requests. Try again in 10 minutes.',
        ),
      }),
    );
    renderWithProviders(<VerifyEmailBanner />);

    await userEvent.click(screen.getByRole('button', { name: 'Email me a new link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again in 10 minutes.');
  });

  it('goes away when dismissed and stays away for the tab', async () => {
    storeSignedIn(makeUser({ email_verified: false }));
    const { unmount } = renderWithProviders(<VerifyEmailBanner />);

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('complementary', { name: 'Confirm your email' })).not.toBeInTheDocument();

    unmount();
    renderWithProviders(<VerifyEmailBanner />);
    expect(screen.queryByRole('complementary', { name: 'Confirm your email' })).not.toBeInTheDocument();
  });

  it('shows nothing to a verified member', () => {
    storeSignedIn(makeUser({ email_verified: true, verified_domain: 'acme.co.ke' }));
    renderWithProviders(<VerifyEmailBanner />);

    expect(screen.queryByRole('complementary', { name: 'Confirm your email' })).not.toBeInTheDocument();
  });
});
