import { PRIVACY_NOTICE_VERSION } from '@jamii/shared';
import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, makeUser } from '../../test/auth';
import { renderWithProviders } from '../../test/render';
import { LoginPage } from './login-page';
import { SignupPage } from './signup-page';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const fetchMock = stubFetchForEachTest();

const routes: RouteObject[] = [
  { path: '/signup', element: <SignupPage /> },
  { path: '/login', element: <LoginPage /> },
];

const valid = {
  name: 'Amina Hassan',
  username: 'amina_h2',
  email: 'amina@pwani-tech.co.ke',
  location: 'Mombasa',
  bio: 'Fundi wa simu.',
  password: 'Pwani-Tech-2025!',
};

async function fill(user: UserEvent, values: Partial<typeof valid> & { confirmPassword?: string }) {
  const { confirmPassword = values.password, ...rest } = values;
  const labels: Record<keyof typeof valid, string> = {
    name: 'Full name',
    username: 'User name',
    email: 'Email',
    location: 'Location (optional)',
    bio: 'Bio (optional)',
    password: 'Password',
  };
  for (const [field, value] of Object.entries(rest) as [keyof typeof valid, string][]) {
    await user.type(screen.getByLabelText(labels[field]), value);
  }
  if (confirmPassword) await user.type(screen.getByLabelText('Confirm password'), confirmPassword);
}

describe('SignupPage', () => {
  it('has every SPEC field, each password with a show/hide toggle', async () => {
    const user = userEvent.setup();
    renderWithProviders(routes, { path: '/signup' });

    for (const label of ['Full name', 'User name', 'Email', 'Location (optional)', 'Bio (optional)']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Choose a picture')).toHaveAttribute('accept', 'image/*');
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(2);

    await user.click(toggles[1]!);
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('shows the shared signup rules under the fields and does not call the server', async () => {
    const user = userEvent.setup();
    renderWithProviders(routes, { path: '/signup' });

    await fill(user, {
      name: 'Amina Hassan',
      username: 'am',
      email: 'amina@gmail.com',
      password: 'Pwani-Tech-2025!',
      confirmPassword: 'Pwani-Tech-2024!',
    });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('*5-15 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('User name')).toHaveAccessibleDescription('*5-15 characters');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      '*Personal email providers not allowed',
    );
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('*Must match password');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a required name as soon as the field is left', async () => {
    const user = userEvent.setup();
    renderWithProviders(routes, { path: '/signup' });

    await user.click(screen.getByLabelText('Full name'));
    await user.tab();

    expect(await screen.findByText('*Full name required')).toBeInTheDocument();
  });

  it('shows a 409 from the server under its field', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      errorResponse(409, 'USERNAME_TAKEN', 'That username is already taken', 'username'),
    );
    renderWithProviders(routes, { path: '/signup' });

    await fill(user, valid);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await vi.waitFor(() =>
      expect(screen.getByLabelText('User name')).toHaveAccessibleDescription(
        'That username is already taken',
      ),
    );
    expect(screen.getByLabelText('User name')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reads Loading..., sends the multipart form with the picture, welcomes and goes to /login', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { router } = renderWithProviders(routes, { path: '/signup' });
    const picture = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

    await user.upload(screen.getByLabelText('Choose a picture'), picture);
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    await fill(user, valid);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/signup');
    const sent = init?.body as FormData;
    expect(Object.fromEntries([...sent.entries()].filter(([key]) => key !== 'profile_pic'))).toEqual({
      ...valid,
      confirmPassword: valid.password,
      // The language being read, so the account starts in it (docs/features/kiswahili.md).
      language: 'en',
      // The privacy notice version the form showed: the consent record (docs/features/your-data.md).
      terms_version: PRIVACY_NOTICE_VERSION,
    });
    expect((sent.get('profile_pic') as File).name).toBe('me.png');

    answer(jsonResponse({ user: makeUser({ username: '@amina_h2', name: 'Amina Hassan' }) }, 201));

    expect(
      await screen.findByText('Karibu Jamii, Amina Hassan! Your account is ready. Please log in.'),
    ).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByLabelText('User name')).toHaveValue('@amina_h2');
  });

  it('shows a refused picture under the picker', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      errorResponse(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Please choose an image file (JPEG, PNG, WebP, GIF or HEIC)',
      ),
    );
    renderWithProviders(routes, { path: '/signup' });

    await user.upload(
      screen.getByLabelText('Choose a picture'),
      new File(['x'], 'me.png', { type: 'image/png' }),
    );
    await fill(user, valid);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(
      await screen.findByText('Please choose an image file (JPEG, PNG, WebP, GIF or HEIC)'),
    ).toBeInTheDocument();
  });
});
