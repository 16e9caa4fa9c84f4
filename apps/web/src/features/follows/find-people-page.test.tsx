import type { FollowAnswer } from '@jamii/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser, type Routes } from '../../test/auth';
import { makePerson } from '../../test/people';
import { renderWithProviders } from '../../test/render';
import { FindPeoplePage } from './find-people-page';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const me = makeUser({ id: 42, username: '@wanjiku_k' });
const SUGGESTIONS = 'GET /api/users/suggestions?username=%40wanjiku_k&limit=20';

const brian = makePerson();
const amina = makePerson({ id: 8, username: '@amina_hassan', name: 'Amina Hassan', location: 'Mombasa' });
const answer = (following: boolean): FollowAnswer => ({
  following,
  followers_count: following ? 11 : 10,
  following_count: 3,
});

const fetchMock = stubFetchForEachTest({ withAuth: true, signedIn: me });

function serve(routes: Routes) {
  fetchMock.mockImplementation(fakeFetch(routes));
}

const row = (name: string) =>
  screen.getAllByTestId('person-row').find((element) => element.textContent?.includes(name))!;

describe('FindPeoplePage', () => {
  it('lists the suggested members with their details', async () => {
    serve({ [SUGGESTIONS]: jsonResponse([brian, amina]) });
    renderWithProviders(<FindPeoplePage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Find People' })).toBeInTheDocument();
    await screen.findByText('@otieno_dev');
    const brianRow = row('Brian Otieno');
    expect(within(brianRow).getByText('@otieno_dev')).toBeInTheDocument();
    expect(within(brianRow).getByText('Kisumu')).toBeInTheDocument();
    expect(within(brianRow).getByText('Full-stack developer.')).toBeInTheDocument();
    expect(within(brianRow).getByText('2 mutual connections')).toBeInTheDocument();
    expect(within(brianRow).getByRole('link', { name: 'View Brian Otieno' })).toHaveAttribute(
      'href',
      '/user/otieno_dev',
    );
  });

  it('shows each person’s headline, rating and a few skills, then +N', async () => {
    const skilled = makePerson({
      headline: 'Solar installer in Nakuru',
      skills: ['Solar PV', 'Wiring', 'Welding', 'Plumbing', 'Tiling'],
      rating_avg: 4.5,
      rating_count: 12,
    });
    serve({ [SUGGESTIONS]: jsonResponse([skilled, amina]) });
    renderWithProviders(<FindPeoplePage />);
    await screen.findByText('@otieno_dev');
    const skilledRow = row('Brian Otieno');
    expect(within(skilledRow).getByText('Solar installer in Nakuru')).toBeInTheDocument();
    expect(
      within(skilledRow).getByRole('img', { name: 'Rated 4.5 out of 5 from 12 reviews' }),
    ).toBeInTheDocument();
    expect(within(skilledRow).getByRole('list', { name: 'Skills' })).toHaveTextContent(
      'Solar PVWiringWelding+2',
    );
    // No rating and no skills: nothing shown for them.
    expect(within(row('Amina Hassan')).queryByRole('img')).not.toBeInTheDocument();
    expect(within(row('Amina Hassan')).queryByRole('list', { name: 'Skills' })).not.toBeInTheDocument();
  });

  it('follows with a working toggle: Follow, then Following, then Follow again', async () => {
    const user = userEvent.setup();
    const follow = vi.fn(() => jsonResponse(answer(true)));
    const unfollow = vi.fn(() => jsonResponse(answer(false)));
    serve({
      [SUGGESTIONS]: jsonResponse([brian, amina]),
      'POST /api/users/otieno_dev/follow': follow,
      'DELETE /api/users/otieno_dev/follow': unfollow,
    });
    renderWithProviders(<FindPeoplePage />);
    await screen.findByText('@otieno_dev');

    await user.click(within(row('Brian Otieno')).getByRole('button', { name: 'Follow Brian Otieno' }));

    expect(await screen.findByText('You followed this item')).toBeInTheDocument();
    expect(within(row('Brian Otieno')).getByRole('button', { name: 'Following Brian Otieno' })).toBeEnabled();
    expect(follow).toHaveBeenCalledTimes(1);
    // Find People's toast has no Undo (that is Discover's).
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(
      within(row('Amina Hassan')).getByRole('button', { name: 'Follow Amina Hassan' }),
    ).toBeInTheDocument();

    await user.click(within(row('Brian Otieno')).getByRole('button', { name: 'Following Brian Otieno' }));

    await vi.waitFor(() => expect(unfollow).toHaveBeenCalledTimes(1));
    expect(
      await within(row('Brian Otieno')).findByRole('button', { name: 'Follow Brian Otieno' }),
    ).toBeEnabled();
  });

  it('says Failed to follow and puts the button back when the follow fails', async () => {
    const user = userEvent.setup();
    serve({
      [SUGGESTIONS]: jsonResponse([brian]),
      'POST /api/users/otieno_dev/follow': errorResponse(500, 'INTERNAL', 'Oops'),
    });
    renderWithProviders(<FindPeoplePage />);
    await screen.findByText('@otieno_dev');

    await user.click(screen.getByRole('button', { name: 'Follow Brian Otieno' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to follow');
    expect(screen.getByRole('button', { name: 'Follow Brian Otieno' })).toBeEnabled();
  });

  it('shows Failed to load users. as a toast, without crashing, and retries', async () => {
    const user = userEvent.setup();
    let calls = 0;
    serve({
      [SUGGESTIONS]: () => (++calls === 1 ? errorResponse(500, 'INTERNAL', 'Oops') : jsonResponse([brian])),
    });
    renderWithProviders(<FindPeoplePage />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load users.');
    expect(screen.getByRole('heading', { level: 1, name: 'Find People' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('@otieno_dev')).toBeInTheDocument();
  });

  it('says so honestly when there is nobody to suggest', async () => {
    serve({ [SUGGESTIONS]: jsonResponse([]) });
    renderWithProviders(<FindPeoplePage />);

    expect(
      await screen.findByText('No one to suggest right now. Check back as more people join.'),
    ).toBeInTheDocument();
  });
});
