import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { routes } from './router';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ contact_email: 'hello@jamii.co.ke', contact_phone: '+254700123456' })),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('router', () => {
  it('loads the landing page at /', async () => {
    renderWithProviders(routes, { path: '/' });

    expect(await screen.findByRole('heading', { name: 'Just that simple' })).toBeInTheDocument();
  });

  it('loads the apps page at /apps', async () => {
    renderWithProviders(routes, { path: '/apps' });

    expect(await screen.findByRole('heading', { name: 'Apps' })).toBeInTheDocument();
  });

  it('loads the login, signup, forgot and reset password pages', async () => {
    for (const [path, heading] of [
      ['/login', 'Welcome back'],
      ['/signup', 'Create your account'],
      ['/forgot-password', 'Forgot your password?'],
      ['/reset-password/abc?token=abc', 'Set a new password'],
      ['/reset-password?token=abc', 'Set a new password'],
    ] as const) {
      const { unmount } = renderWithProviders(routes, { path });
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      unmount();
    }
  });

  it('guards /profile/me and /user/{username} behind the login check', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: 'UNAUTHORIZED', message: 'Please log in' }, { status: 401 })),
    );

    const { router } = renderWithProviders(routes, { path: '/user/otieno_dev' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/user/otieno_dev' } });
  });

  it('answers an unknown path with Page not found and a link home', async () => {
    renderWithProviders(routes, { path: '/no/such/page' });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
