import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser } from '../test/auth';
import { stubFetchForEachTest } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { RatingBadge } from './rating-badge';
import { ReviewForm } from './review-form';
import { SkillChips } from './skill-chips';

const me = makeUser({ id: 42, username: '@mimi_hapa' });
const fetchMock = stubFetchForEachTest({ withAuth: true, signedIn: me });

describe('RatingBadge', () => {
  it('shows the stars and count, read out in words', () => {
    renderWithProviders([{ path: '/', element: <RatingBadge avg={4.5} count={12} /> }]);
    const badge = screen.getByRole('img', { name: 'Rated 4.5 out of 5 from 12 reviews' });
    expect(badge).toHaveTextContent('★4.5(12)');
  });

  it('says one review, and "No reviews yet" only where asked', () => {
    renderWithProviders([
      {
        path: '/',
        element: (
          <>
            <RatingBadge avg={4} count={1} />
            <RatingBadge avg={null} count={0} showEmpty />
            <RatingBadge avg={null} count={0} />
          </>
        ),
      },
    ]);
    expect(screen.getByRole('img', { name: 'Rated 4.0 out of 5 from 1 review' })).toBeInTheDocument();
    expect(screen.getAllByText('No reviews yet')).toHaveLength(1);
  });
});

describe('SkillChips', () => {
  it('shows a few skills, then +N with the rest read out', () => {
    renderWithProviders([
      { path: '/', element: <SkillChips skills={['Solar', 'Wiring', 'Welding', 'Plumbing', 'Tiling']} /> },
    ]);
    const list = screen.getByRole('list', { name: 'Skills' });
    expect(list).toHaveTextContent('SolarWiringWelding+2');
    expect(screen.getByText('2 more skills: Plumbing, Tiling')).toBeInTheDocument();
  });
});

describe('ReviewForm', () => {
  it('asks for a rating, posts the review and then says it is done', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    let reviewed = 0;
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/reviews': (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse({ id: 1 }, 201);
        },
      }),
    );
    renderWithProviders([
      {
        path: '/',
        element: (
          <ReviewForm
            deal={{ bid_id: 9 }}
            revieweeName="Jabali Fundi"
            isReviewed={false}
            onReviewed={() => (reviewed += 1)}
          />
        ),
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Leave a review' }));
    const form = screen.getByRole('form', { name: 'Review Jabali Fundi' });
    expect(form).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText('Choose a rating from 1 to 5 stars')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.type(screen.getByLabelText('What was it like to work with them? (optional)'), ' Kazi safi ');
    await user.click(screen.getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText('You reviewed Jabali Fundi.')).toBeInTheDocument();
    expect(bodies).toEqual([{ bid_id: 9, rating: 4, text: 'Kazi safi' }]);
    expect(reviewed).toBe(1);
  });

  it('shows "You reviewed" for a deal already reviewed, and after a 409 from the server', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/reviews': errorResponse(409, 'ALREADY_REVIEWED', 'You have already reviewed this deal'),
      }),
    );
    const { unmount } = renderWithProviders([
      { path: '/', element: <ReviewForm deal={{ bid_id: 9 }} revieweeName="Makena" isReviewed /> },
    ]);
    expect(screen.getByText('You reviewed Makena.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave a review' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders([
      {
        path: '/',
        element: <ReviewForm deal={{ application_id: 3 }} revieweeName="Makena" isReviewed={false} />,
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Leave a review' }));
    await user.click(screen.getByRole('radio', { name: '1 star' }));
    await user.click(screen.getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText('You reviewed Makena.')).toBeInTheDocument();
  });
});
