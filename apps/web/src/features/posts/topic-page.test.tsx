import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonResponse, makeUser } from '../../test/auth';
import { makePost } from '../../test/content';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { TopicPage } from './topic-page';

const fetchMock = stubFetchForEachTest({ withAuth: true, signedIn: makeUser() });

describe('TopicPage (/explore/topics/{tag})', () => {
  it('lists the topic’s posts, whose #topics, @mentions and phone numbers are links', async () => {
    const post = makePost({ content: 'Mvua #Kisumu leo, uliza @otieno_dev au piga 0712 345 678' });
    fetchMock.mockImplementation(
      fakeFetch({ 'GET /api/topics/kisumu/posts?limit=10': jsonResponse([post]) }),
    );
    const { router } = renderWithProviders(
      [
        { path: '/explore/topics/:tag', element: <TopicPage tag="kisumu" /> },
        { path: '/user/:username', element: <p>Profile page</p> },
      ],
      { path: '/explore/topics/kisumu' },
    );
    expect(screen.getByRole('heading', { level: 1, name: '#kisumu' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '#Kisumu' })).toHaveAttribute(
      'href',
      '/explore/topics/kisumu',
    );
    expect(screen.getByRole('link', { name: '0712 345 678' })).toHaveAttribute('href', 'tel:+254712345678');
    await userEvent.click(screen.getByRole('link', { name: '@otieno_dev' }));
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/otieno_dev');
  });

  it('says when nobody has used the topic yet', async () => {
    fetchMock.mockImplementation(fakeFetch({ 'GET /api/topics/haipo/posts?limit=10': jsonResponse([]) }));
    renderWithProviders(<TopicPage tag="haipo" />);
    expect(await screen.findByText('No posts on this topic yet.')).toBeInTheDocument();
  });
});
