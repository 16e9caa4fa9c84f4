import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser, storeSignedIn } from '../../test/auth';
import { makePost } from '../../test/content';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { PostPage } from './post-page';

const fetchMock = stubFetchForEachTest({ withAuth: true });
const post = makePost({ id: 12, name: 'Amina Hassan', content: 'Mandazi za moto Eastleigh leo' });

describe('PostPage (/p/{id})', () => {
  it('shows a visitor the shared post and asks them to join', async () => {
    fetchMock.mockImplementation(fakeFetch({ 'GET /api/posts/12': jsonResponse(post) }));
    renderWithProviders(<PostPage postId={12} />);
    expect(await screen.findByText('Mandazi za moto Eastleigh leo')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Post by Amina Hassan' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Join Jamii' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up free' })).toHaveAttribute('href', '/signup');
  });

  it('asks a visitor to join only once the post is there, so its arrival moves nothing below it', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<PostPage postId={12} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Post' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Join Jamii' })).not.toBeInTheDocument();

    answer(jsonResponse(post));
    const invitation = await screen.findByRole('heading', { name: 'Join Jamii' });
    const text = screen.getByText('Mandazi za moto Eastleigh leo');
    expect(text.compareDocumentPosition(invitation) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows a member the post without the invitation, with the way back to the feed', async () => {
    storeSignedIn(makeUser());
    fetchMock.mockImplementation(fakeFetch({ 'GET /api/posts/12': jsonResponse(post) }));
    renderWithProviders(<PostPage postId={12} />);
    expect(await screen.findByText('Mandazi za moto Eastleigh leo')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Join Jamii' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to the feed' })).toHaveAttribute('href', '/feed');
  });

  it('says the post is not available when it is gone or hidden (404)', async () => {
    fetchMock.mockImplementation(
      fakeFetch({ 'GET /api/posts/12': errorResponse(404, 'NOT_FOUND', 'Post not found') }),
    );
    renderWithProviders(<PostPage postId={12} />);
    expect(await screen.findByText('This post is not available.')).toBeInTheDocument();
  });
});
