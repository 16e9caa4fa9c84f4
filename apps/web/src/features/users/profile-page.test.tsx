import { TOKEN_STORAGE_KEY } from '@jamii/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth';
import { fakeFetch, jsonResponse, makeUser, storeSignedIn, type Routes } from '../../test/auth';
import { renderWithProviders } from '../../test/render';
import { isOwnKey, ProfilePage } from './profile-page';
import { profileTabs } from './profile-tabs';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const me = makeUser({ id: 42, username: '@wanjiku_k', name: 'Wanjiku Kamau', bio: 'Fundi wa data.' });

const fetchMock = stubFetchForEachTest({ withAuth: true });

function ProfileRoute({ memberKey }: { memberKey: string }) {
  return <ProfilePage memberKey={memberKey} />;
}

const routes = (memberKey: string): RouteObject[] => [
  { path: '/profile/:id', element: <ProfileRoute memberKey={memberKey} /> },
  { path: '/user/:username', element: <ProfileRoute memberKey={memberKey} /> },
  { path: '/login', element: <p>Login page</p> },
];

function signInAs(user = me, extraRoutes: Routes = {}) {
  storeSignedIn(user);
  fetchMock.mockImplementation(
    fakeFetch({
      'GET /api/me': jsonResponse(user),
      'POST /api/logout': new Response(null, { status: 204 }),
      ...extraRoutes,
    }),
  );
}

describe('profile tabs', () => {
  it('come from one list in the SPEC order, the videos tab without a button', () => {
    expect(profileTabs.map((tab) => tab.id)).toEqual([
      'notification',
      'posts',
      'jobs',
      'bids',
      'reviews',
      'saved',
      'applications',
      'games',
      'settings',
      'videos',
      'followers',
      'following',
    ]);
    expect(profileTabs.find((tab) => tab.id === 'videos')?.hasButton).toBe(false);
  });
});

describe('ProfilePage', () => {
  it('asks a visitor to log in', () => {
    renderWithProviders(routes('me'), { path: '/profile/me' });

    expect(screen.getByText('You need to login to view this page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  it('knows one’s own profile by me, id or username', () => {
    expect(isOwnKey('me', me)).toBe(true);
    expect(isOwnKey('42', me)).toBe(true);
    expect(isOwnKey('@Wanjiku_K', me)).toBe(true);
    expect(isOwnKey('wanjiku_k', me)).toBe(true);
    expect(isOwnKey('43', me)).toBe(false);
    expect(isOwnKey('otieno_dev', me)).toBe(false);
  });

  it('shows My Profile with only the tabs whose content exists, settings open', () => {
    signInAs();
    renderWithProviders(routes('me'), { path: '/profile/me' });

    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Wanjiku Kamau' })).toBeInTheDocument();
    expect(screen.getByText('@wanjiku_k')).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Profile sections' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Settings']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Settings');
  });

  it("shows another member's profile read only, by username", async () => {
    const other = makeUser({ id: 7, username: '@otieno_dev', name: 'Brian Otieno', location: 'Kisumu' });
    signInAs(me, { 'GET /api/users/otieno_dev': jsonResponse(other) });
    renderWithProviders(routes('otieno_dev'), { path: '/user/otieno_dev' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Brian Otieno' })).toBeInTheDocument();
    expect(screen.getByText('Kisumu')).toBeInTheDocument();
    expect(screen.queryByText('My Profile')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Account' })).not.toBeInTheDocument();
  });

  it('says so when the member does not exist', async () => {
    signInAs(me, {
      'GET /api/users/nobody_here': jsonResponse({ code: 'NOT_FOUND', message: 'Member not found' }, 404),
    });
    renderWithProviders(routes('nobody_here'), { path: '/user/nobody_here' });

    expect(await screen.findByText('We could not find this member.')).toBeInTheDocument();
  });
});

describe('profile settings', () => {
  it('saves the name, bio, location, headline and skills with the shared rules', async () => {
    const user = userEvent.setup();
    const updated = { ...me, bio: 'Mchambuzi wa data, Nairobi.' };
    const put = vi.fn((_init: RequestInit | undefined) => jsonResponse(updated));
    signInAs(me, { 'PUT /api/users/42': put });
    renderWithProviders(routes('me'), { path: '/profile/me' });
    const bio = screen.getByLabelText('Bio (optional)');

    await user.clear(bio);
    await user.type(bio, 'See https://example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('*No URLs allowed')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();

    await user.clear(bio);
    await user.type(bio, 'Mchambuzi wa data, Nairobi.');
    await user.type(screen.getByLabelText('Headline'), 'Data analyst for SACCOs');
    const skills = screen.getByLabelText('Skills');
    await user.type(skills, 'x'.repeat(41));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('*Each skill is 1 to 40 characters')).toBeInTheDocument();
    await user.clear(skills);
    await user.type(skills, 'SQL, Excel , sql');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(JSON.parse(String(put.mock.calls[0]?.[0]?.body))).toEqual({
      name: 'Wanjiku Kamau',
      location: 'Nairobi',
      bio: 'Mchambuzi wa data, Nairobi.',
      headline: 'Data analyst for SACCOs',
      skills: ['SQL', 'Excel'],
      phone: null,
      show_phone: false,
    });
    expect(authStore.getSnapshot().user?.bio).toBe('Mchambuzi wa data, Nairobi.');
  });

  it('uploads a picture: Uploading..., the success toast, then the user re-fetched', async () => {
    const user = userEvent.setup();
    const withPicture = { ...me, profile_pic: '/media/avatars/new.webp' };
    let answerUpload: (response: Response) => void = () => {};
    let meCalls = 0;
    signInAs(me, {
      'PUT /api/user/42/profile-pic': () => new Promise<Response>((resolve) => (answerUpload = resolve)),
      'GET /api/me': () => {
        meCalls++;
        return jsonResponse(withPicture);
      },
    });
    renderWithProviders(routes('me'), { path: '/profile/me' });

    await user.upload(
      screen.getByLabelText('Choose a picture'),
      new File([new Uint8Array([1, 2, 3])], 'selfie.jpg', { type: 'image/jpeg' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload Picture' }));

    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    const form = fetchMock.mock.calls.find(([input]) => input === '/api/user/42/profile-pic')?.[1]?.body;
    expect((form as FormData).get('profile_pic')).toBeInstanceOf(File);

    answerUpload(jsonResponse(withPicture));

    expect(await screen.findByText('Profile picture updated successfully!')).toBeInTheDocument();
    await vi.waitFor(() => expect(meCalls).toBe(1));
    expect(authStore.getSnapshot().user?.profile_pic).toBe('/media/avatars/new.webp');
    expect(screen.queryByRole('button', { name: 'Upload Picture' })).not.toBeInTheDocument();
  });

  it('says Failed to update profile picture when the upload fails', async () => {
    const user = userEvent.setup();
    signInAs(me, {
      'PUT /api/user/42/profile-pic': jsonResponse(
        { code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large' },
        413,
      ),
    });
    renderWithProviders(routes('me'), { path: '/profile/me' });

    await user.upload(
      screen.getByLabelText('Choose a picture'),
      new File([new Uint8Array([1])], 'huge.jpg', { type: 'image/jpeg' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload Picture' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update profile picture');
  });

  it('says the storage is full, with the quota, when the picture would pass it', async () => {
    const user = userEvent.setup();
    const full = 'Your storage is full (1024 MB). Delete some videos or pictures to upload more.';
    signInAs(me, {
      'PUT /api/user/42/profile-pic': jsonResponse({ code: 'STORAGE_QUOTA_EXCEEDED', message: full }, 413),
    });
    renderWithProviders(routes('me'), { path: '/profile/me' });

    await user.upload(
      screen.getByLabelText('Choose a picture'),
      new File([new Uint8Array([1])], 'me.jpg', { type: 'image/jpeg' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload Picture' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(full);
  });

  it('deletes the account after "Are you sure? This cannot be undone.", then logs out', async () => {
    const user = userEvent.setup();
    signInAs(me, { 'DELETE /api/users/42': new Response(null, { status: 204 }) });
    const { router } = renderWithProviders(routes('me'), { path: '/profile/me' });

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure? This cannot be undone.' });
    expect(fetchMock).not.toHaveBeenCalledWith('/api/users/42', expect.anything());
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(fetchMock).toHaveBeenCalledWith('/api/users/42', expect.objectContaining({ method: 'DELETE' }));
    expect(screen.getByText('Your account has been deleted.')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(authStore.getSnapshot().isAuthenticated).toBe(false);
  });

  it('logs out from the settings too, after the same question as the top bar', async () => {
    const user = userEvent.setup();
    signInAs();
    renderWithProviders(routes('me'), { path: '/profile/me' });

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure? You will be logged out!' });
    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });
});
