import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, apiFetch } from '../../lib/api';
import { loadLanguage } from '../../lib/i18n';
import { errorResponse, jsonResponse } from '../../test/auth';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { LoginPage } from './login-page';

// docs/features/kiswahili.md: the shared rules and the server write English; a member reading Kiswahili reads them in
// Kiswahili, under the fields and in the toasts.
const fetchMock = stubFetchForEachTest();

const routes: RouteObject[] = [{ path: '/login', element: <LoginPage /> }];

describe('validation and server messages in Kiswahili', () => {
  afterEach(() => loadLanguage('en'));

  it("shows the form's own checks in Kiswahili", async () => {
    await loadLanguage('sw');
    const user = userEvent.setup();
    renderWithProviders(routes, { path: '/login' });

    await user.click(screen.getByRole('button', { name: 'Ingia' }));

    expect(await screen.findByText('*Jina la mtumiaji linahitajika')).toBeInTheDocument();
    expect(screen.getByText('*Nenosiri linahitajika')).toBeInTheDocument();
    expect(screen.queryByText('*User name is required')).toBeNull();
    // The field names its message, in Kiswahili too.
    expect(screen.getByLabelText('Jina la mtumiaji')).toHaveAccessibleDescription(
      '*Jina la mtumiaji linahitajika',
    );

    await user.type(screen.getByLabelText('Nenosiri'), 'short');
    await user.click(screen.getByRole('button', { name: 'Ingia' }));
    expect(await screen.findByText('*Nenosiri ni fupi mno')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message in Kiswahili", async () => {
    await loadLanguage('sw');
    fetchMock.mockResolvedValue(errorResponse(401, 'INVALID_CREDENTIALS', 'Invalid username or password'));
    const user = userEvent.setup();
    renderWithProviders(routes, { path: '/login' });

    await user.type(screen.getByLabelText('Jina la mtumiaji'), 'wanjiku_k');
    await user.type(screen.getByLabelText('Nenosiri'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Ingia' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Jina la mtumiaji au nenosiri si sahihi');
  });

  it('keeps the English of the SPEC for a member reading English', async () => {
    const user = userEvent.setup();
    renderWithProviders(routes, { path: '/login' });

    await user.click(screen.getByRole('button', { name: 'Login' }));

    const form = screen.getByRole('button', { name: 'Login' }).closest('form')!;
    expect(await within(form).findByText('*User name is required')).toBeInTheDocument();
  });

  it("translates an answer's message and each field's message, numbers kept", async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        jsonResponse(
          {
            code: 'VALIDATION_FAILED',
            message: '*At least 8 characters',
            errors: { password: '*At least 8 characters', username: 'That username is already taken' },
          },
          400,
        ),
      ),
    );
    const failure = () =>
      apiFetch('/api/signup', { method: 'POST', body: {} }).catch((error: unknown) => error);

    const english = await failure();
    expect(english).toBeInstanceOf(ApiError);
    expect((english as ApiError).message).toBe('*At least 8 characters');

    await loadLanguage('sw');
    const swahili = (await failure()) as ApiError;
    expect(swahili.message).toBe('*Angalau herufi 8');
    expect(swahili.errors).toEqual({
      password: '*Angalau herufi 8',
      username: 'Jina hilo la mtumiaji tayari limechukuliwa',
    });
    expect(swahili.code).toBe('VALIDATION_FAILED');
  });

  it('tells a member whose storage is full, with the quota, in either language', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        errorResponse(
          413,
          'STORAGE_QUOTA_EXCEEDED',
          'Your storage is full (1024 MB). Delete some videos or pictures to upload more.',
        ),
      ),
    );
    const failure = () =>
      apiFetch('/api/posts', { method: 'POST', body: new FormData() }).catch((error: unknown) => error);

    expect(((await failure()) as ApiError).message).toBe(
      'Your storage is full (1024 MB). Delete some videos or pictures to upload more.',
    );
    await loadLanguage('sw');
    expect(((await failure()) as ApiError).message).toBe(
      'Hifadhi yako imejaa (MB 1024). Futa baadhi ya video au picha ili upakie zaidi.',
    );
  });
});
