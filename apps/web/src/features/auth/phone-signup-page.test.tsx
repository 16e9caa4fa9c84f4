import { PRIVACY_NOTICE_VERSION } from '@jamii/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser } from '../../test/auth';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { LoginPage } from './login-page';
import { PhoneSignupPage } from './phone-signup-page';
import { SignupPage } from './signup-page';

const fetchMock = stubFetchForEachTest();

const routes: RouteObject[] = [
  { path: '/signup', element: <SignupPage /> },
  { path: '/signup/phone', element: <PhoneSignupPage /> },
  { path: '/login', element: <LoginPage /> },
];

const sentCode = jsonResponse({
  message: 'We sent a six-digit code to your phone.',
  phone: '+254712345678',
  expires_in: 600,
});

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

describe('SignupPage, with a personal email', () => {
  it('offers the phone signup beside the refusal', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(routes, { path: '/signup' });

    await user.type(screen.getByLabelText('Email'), 'amina@gmail.com');
    await user.tab();

    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      '*Personal email providers not allowed',
    );
    expect(screen.getByText('No company email?')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Sign up with your phone number instead' }));
    expect(router.state.location.pathname).toBe('/signup/phone');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign up with your phone number' }),
    ).toBeVisible();
  });
});

describe('PhoneSignupPage', () => {
  it('checks the number by the shared rule before any call', async () => {
    const user = userEvent.setup();
    renderWithProviders(routes, { path: '/signup/phone' });

    await user.type(screen.getByLabelText('Phone number'), '0201 234 567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText('*Enter a Kenyan phone number, e.g. 0712 345 678')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the code, shows a wrong one under the field, then signs up with the token and no email', async () => {
    const user = userEvent.setup();
    const calls: Record<string, unknown>[] = [];
    let signupForm: FormData | undefined;
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/auth/phone/start': (init) => {
          calls.push(bodyOf(init));
          return sentCode.clone();
        },
        'POST /api/auth/phone/verify': (init) => {
          const body = bodyOf(init);
          calls.push(body);
          return body.code === '123456'
            ? jsonResponse({ signup_token: 'proof-1', phone: '+254712345678', expires_in: 1800 })
            : errorResponse(400, 'PHONE_CODE_WRONG', 'That code is not correct', 'code');
        },
        'POST /api/signup': (init) => {
          signupForm = init?.body as FormData;
          return jsonResponse({ user: makeUser({ username: '@otieno_o', name: 'Otieno Ouma' }) }, 201);
        },
      }),
    );
    const { router } = renderWithProviders(routes, { path: '/signup/phone' });

    await user.type(screen.getByLabelText('Phone number'), '0712 345 678');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText('We sent a six-digit code to 0712 345 678. It expires in 10 minutes.'),
    ).toBeVisible();
    expect(calls[0]).toEqual({ phone: '+254712345678', language: 'en' });

    await user.type(screen.getByLabelText('Six-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Six-digit code')).toHaveAccessibleDescription('That code is not correct'),
    );

    await user.clear(screen.getByLabelText('Six-digit code'));
    await user.type(screen.getByLabelText('Six-digit code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Your number 0712 345 678 is verified. Now fill in the rest.'),
    ).toBeVisible();
    expect(calls[2]).toEqual({ phone: '+254712345678', code: '123456' });
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Full name'), 'Otieno Ouma');
    await user.type(screen.getByLabelText('User name'), 'otieno_o');
    await user.type(screen.getByLabelText('Password'), 'Ziwa-Victoria-2025!');
    await user.type(screen.getByLabelText('Confirm password'), 'Ziwa-Victoria-2025!');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(
      await screen.findByText('Karibu Jamii, Otieno Ouma! Your account is ready. Please log in.'),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(Object.fromEntries(signupForm!.entries())).toEqual({
      username: 'otieno_o',
      name: 'Otieno Ouma',
      signup_token: 'proof-1',
      location: '',
      bio: '',
      password: 'Ziwa-Victoria-2025!',
      confirmPassword: 'Ziwa-Victoria-2025!',
      language: 'en',
      terms_version: PRIVACY_NOTICE_VERSION,
    });
  });

  it('says when too many codes were asked for, and goes back to the number when the token has expired', async () => {
    const user = userEvent.setup();
    let starts = 0;
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/auth/phone/start': () => {
          starts += 1;
          return starts === 1
            ? sentCode.clone()
            : errorResponse(429, 'RATE_LIMITED', 'Too many codes for this number. Try again in an hour.');
        },
        'POST /api/auth/phone/verify': jsonResponse({
          signup_token: 'proof-2',
          phone: '+254712345678',
          expires_in: 1800,
        }),
        'POST /api/signup': errorResponse(
          400,
          'INVALID_SIGNUP_TOKEN',
          'Your phone verification has expired. Verify your number again.',
          'signup_token',
        ),
      }),
    );
    renderWithProviders(routes, { path: '/signup/phone' });

    await user.type(screen.getByLabelText('Phone number'), '0712345678');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many codes for this number. Try again in an hour.',
    );

    await user.type(screen.getByLabelText('Six-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.type(await screen.findByLabelText('Full name'), 'Otieno Ouma');
    await user.type(screen.getByLabelText('User name'), 'otieno_o');
    await user.type(screen.getByLabelText('Password'), 'Ziwa-Victoria-2025!');
    await user.type(screen.getByLabelText('Confirm password'), 'Ziwa-Victoria-2025!');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your phone verification has expired. Verify your number again.',
    );
    expect(screen.getByLabelText('Phone number')).toBeVisible();
  });
});
