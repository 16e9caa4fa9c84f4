import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage, sendOrKeep, setOutboxStorage } from '../../lib/offline/outbox';
import { useOutboxSender } from '../../lib/offline/use-outbox';
import { flattenPages } from '../../lib/pages';
import { jsonResponse, makeUser } from '../../test/auth';
import { makePost } from '../../test/content';
import { installFakeXhr, lastXhr } from '../../test/fake-xhr';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { usePostsFeed } from './api';

const author = makeUser();
const fetchMock = stubFetchForEachTest({ signedIn: author });

function FeedWithOutbox() {
  useOutboxSender();
  const feed = usePostsFeed();
  return (
    <ul aria-label="Feed">
      {flattenPages(feed.data).map((post) => (
        <li key={post.id}>{post.content}</li>
      ))}
    </ul>
  );
}

const older = makePost({ id: 1, content: 'Habari za asubuhi' });
const kept = makePost({ id: 2, user_id: author.id, content: 'Nimeandika hii bila mtandao' });
const page = (posts: unknown[]) => jsonResponse(posts);
/** `GET /api/posts?…` answers `feed()`; any other call fails the test. */
const feedAnswers = (feed: () => unknown[]) => async (input: RequestInfo | URL) => {
  if (String(input).startsWith('/api/posts?')) return page(feed());
  throw new Error(`unexpected call: ${String(input)}`);
};
const feedCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/posts?'));

beforeEach(() => {
  setOutboxStorage(memoryStorage());
  installFakeXhr();
});

afterEach(() => vi.restoreAllMocks());

async function keepAPostOffline() {
  const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const result = await sendOrKeep({
    userId: author.id,
    kind: 'post',
    path: '/api/posts',
    form: [['content', kept.content]],
    summary: kept.content,
  });
  expect(result.queued).toBe(true);
  offline.mockRestore();
}

describe('a post kept on the phone, once sent', () => {
  it('shows in the feed even when the refetch answers the copy taken before it was sent', async () => {
    // The service worker's copy after its 5 s timeout on a slow connection: the feed without the post.
    fetchMock.mockImplementation(feedAnswers(() => [older]));
    await keepAPostOffline();
    renderWithProviders(<FeedWithOutbox />);
    expect(await screen.findByText('Habari za asubuhi')).toBeInTheDocument();

    await waitFor(() => expect(lastXhr().url).toBe('/api/posts'));
    lastXhr().respond(201, kept);

    expect(await screen.findByText('Sent')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'Nimeandika hii bila mtandao',
        'Habari za asubuhi',
      ]),
    );
  });

  it('is listed once when the refetch brought it already', async () => {
    let sent = false;
    fetchMock.mockImplementation(feedAnswers(() => (sent ? [kept, older] : [older])));
    await keepAPostOffline();
    renderWithProviders(<FeedWithOutbox />);
    expect(await screen.findByText('Habari za asubuhi')).toBeInTheDocument();

    await waitFor(() => expect(lastXhr().url).toBe('/api/posts'));
    sent = true;
    lastXhr().respond(201, kept);

    expect(await screen.findByText('Sent')).toBeInTheDocument();
    await waitFor(() => expect(feedCalls()).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'Nimeandika hii bila mtandao',
        'Habari za asubuhi',
      ]),
    );
  });
});
