import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonResponse, makeUser } from '../../test/auth';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { ReviewsTab } from './reviews-tab';

const me = makeUser({ id: 42, username: '@mimi_hapa' });
const fetchMock = stubFetchForEachTest({ withAuth: true, signedIn: me });
const member = makeUser({
  id: 7,
  username: '@jabali_f',
  name: 'Jabali Fundi',
  rating_avg: 4.5,
  rating_count: 2,
});

describe('ReviewsTab', () => {
  it('lists the reviews newest first with stars, reviewer and text, under the rating', async () => {
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/users/jabali_f/reviews?limit=10': jsonResponse([
          {
            id: 2,
            reviewer: { id: 9, username: '@makena_m', name: 'Makena Mteja', profile_pic: null },
            reviewee_id: 7,
            bid_id: 5,
            application_id: null,
            rating: 5,
            text: 'Kazi safi, kwa wakati.',
            created_at: new Date().toISOString(),
          },
          {
            id: 1,
            reviewer: { id: 8, username: '@sifa_m', name: 'Sifa Mteja', profile_pic: null },
            reviewee_id: 7,
            bid_id: 4,
            application_id: null,
            rating: 4,
            text: '',
            created_at: new Date().toISOString(),
          },
        ]),
      }),
    );
    renderWithProviders([{ path: '/', element: <ReviewsTab member={member} /> }]);
    expect(await screen.findByText('Kazi safi, kwa wakati.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Reviews of Jabali Fundi' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'by Makena Mteja' })).toHaveAttribute('href', '/user/makena_m');
    expect(screen.getByRole('link', { name: 'by Sifa Mteja' })).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    fetchMock.mockImplementation(fakeFetch({ 'GET /api/users/jabali_f/reviews?limit=10': jsonResponse([]) }));
    renderWithProviders([{ path: '/', element: <ReviewsTab member={member} /> }]);
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
  });
});
