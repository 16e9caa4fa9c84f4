import { TOKEN_STORAGE_KEY } from '@jamii/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser } from '../../test/auth';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { LoginPage } from './login-page';
import { PhoneLoginPage } from './phone-login-page';
import { PhoneSignupPage } from './phone-signup-page';

const fetchMock = stubFetchForEachTest();

const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/login/phone', element: <PhoneLoginPage /> },
  { path: '/signup/phone', element: <PhoneSignupPage /> },
  { path: '/feed', element: <p>Feed page</p> },
];

const sentCode = jsonResponse({
  message: 'We sent a six-digit code to your phone.',
  phone: '+254712345678',
  expires_in: 600,
});

async function proveNumber(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Phone number'), '+254 712 345 678');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await user.type(await screen.findByLabelText('Six-digit code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('PhoneLoginPage', () => {
  it('is offered by the login page, whose hint names the phone', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(routes, { path: '/login' });

    expect(screen.getByLabelText('User name')).toHaveAccessibleDescription(
      'Your user name, email or verified phone number',
    );
    await user.click(screen.getByRole('link', { name: 'Log in with an SMS code' }));
    expect(router.state.location.pathname).toBe('/login/phone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in with an SMS code' })).toBeVisible();
  });

  it("logs the number's owner in with Remember Me, welcomes and goes to /feed", async () => {
    const user = userEvent.setup();
    let verified: unknown;
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/auth/phone/start': sentCode,
        'POST /api/auth/phone/verify': (init) => {
          verified = JSON.parse(String(init?.body));
          return jsonResponse({ token: 'access.sms', user: makeUser({ username: '@otieno_o' }) });
        },
        'GET /api/me': jsonResponse(makeUser({ username: '@otieno_o' })),
      }),
    );
    const { router } = renderWithProviders(routes, { path: '/login/phone' });

    await user.click(screen.getByLabelText('Remember Me'));
    await proveNumber(user);

    expect(await screen.findByText('Karibu Tena @otieno_o')).toBeVisible();
    expect(await screen.findByText('Feed page')).toBeVisible();
    expect(router.state.location.pathname).toBe('/feed');
    expect(verified).toEqual({ phone: '+254712345678', code: '123456', rememberMe: true });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('access.sms');
  });

  it('shows too many wrong codes under the field', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/auth/phone/start': sentCode,
        'POST /api/auth/phone/verify': errorResponse(
          429,
          'PHONE_CODE_TRIES',
          'Too many wrong codes. Ask for a new one.',
        ),
      }),
    );
    renderWithProviders(routes, { path: '/login/phone' });

    await proveNumber(user);

    expect(await screen.findByText('Too many wrong codes. Ask for a new one.')).toBeVisible();
    expect(screen.getByLabelText('Six-digit code')).toHaveAccessibleDescription(
      'Too many wrong codes. Ask for a new one.',
    );
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('offers a number no account has verified the phone signup, already proved', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/auth/phone/start': sentCode,
        'POST /api/auth/phone/verify': jsonResponse({
          signup_token: 'proof-3',
          phone: '+254712345678',
          expires_in: 1800,
        }),
      }),
    );
    const { router } = renderWithProviders(routes, { path: '/login/phone' });

    await proveNumber(user);
    expect(await screen.findByText('No account has verified this number yet.')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Create an account with this number' }));

    expect(router.state.location.pathname).toBe('/signup/phone');
    expect(
      await screen.findByText('Your number 0712 345 678 is verified. Now fill in the rest.'),
    ).toBeVisible();
    expect(screen.getByLabelText('Full name')).toBeVisible();
  });
});
