import { TOKEN_STORAGE_KEY } from '@jamii/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser, storeSignedIn } from '../../test/auth';
import { renderWithProviders } from '../../test/render';
import { AppsPage } from './apps-page';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const fetchMock = stubFetchForEachTest();

beforeEach(() => {
  fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
});

const routes = [
  { path: '/apps', element: <AppsPage /> },
  { path: '/login', element: <p>Login page</p> },
];

describe('AppsPage', () => {
  it('shows the three home menu tiles with their targets', () => {
    renderWithProviders(<AppsPage />, { path: '/apps' });

    expect(screen.getByRole('heading', { level: 1, name: 'Apps' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quiz' })).toHaveAttribute('href', '/kaquiz');
    expect(screen.getByRole('link', { name: 'Social Connect' })).toHaveAttribute('href', '/feed');
    expect(screen.getByRole('link', { name: 'Achievements' })).toHaveAttribute('href', '/achievements');
  });

  it('has no Logout button for a visitor', () => {
    renderWithProviders(routes, { path: '/apps' });

    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('says goodbye by name, logs out and goes to /login', async () => {
    const user = userEvent.setup();
    storeSignedIn(makeUser({ name: 'Faith Akinyi' }));
    const { router } = renderWithProviders(routes, { path: '/apps' });

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(screen.getByText('Kwaheri, Faith Akinyi!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(fetchMock).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ method: 'POST' }));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
