import { BID_SUBMITTED_MESSAGE } from '@jamii/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t } from '../../lib/i18n';
import { fakeFetch, jsonResponse, makeUser, storeSignedIn, type Routes } from '../../test/auth';
import { makeBid, makeOffer } from '../../test/content';
import { renderWithProviders } from '../../test/render';
import { BidCard } from './bid-card';
import { BidList } from './bid-list';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const owner = makeUser({ id: 7, name: 'Brian Otieno' });
// A member with no offer on the bid yet.
const bidder = makeUser({ id: 12, name: 'Joseph Kiprop' });

const fetchMock = stubFetchForEachTest({ withAuth: true });

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

const bid = (overrides = {}) =>
  makeBid({
    id: 3,
    client_id: 7,
    offers: [
      makeOffer({ id: 51, bid_id: 3, user_id: 9, name: 'Amina Hassan', offer_price: 450 }),
      makeOffer({ id: 52, bid_id: 3, user_id: 11, name: '', offer_price: 399.5 }),
    ],
    ...overrides,
  });

/** The bids list as `viewer`, its first answer `first`, later answers `later` (after a refresh). */
async function renderList(viewer: typeof owner, first = bid(), routes: Routes = {}, later = first) {
  storeSignedIn(viewer);
  let calls = 0;
  fetchMock.mockImplementation(
    fakeFetch({ 'GET /api/bids?limit=10': () => jsonResponse([calls++ === 0 ? first : later]), ...routes }),
  );
  renderWithProviders(<BidList />);
  await screen.findByRole('article');
}

describe('BidCard', () => {
  it('shows the job title, Client, Max Price in dollars, the description, Posted and the status', () => {
    renderWithProviders(<BidCard bid={bid()} />);

    expect(screen.getByRole('heading', { name: 'Paint a two-bedroom flat' })).toBeInTheDocument();
    expect(screen.getByText(/^Client/)).toHaveTextContent('Client: Brian Otieno');
    expect(screen.getByText('Max Price:').nextSibling).toHaveTextContent('KSh 500');
    expect(screen.getByText('Kilimani, walls and ceilings.')).toBeInTheDocument();
    expect(screen.getByText('Posted:')).toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();
  });

  it('marks a client with a confirmed email as verified', () => {
    const { unmount } = renderWithProviders(<BidCard bid={bid({ poster_verified: true })} />);
    expect(screen.getByText('Verified email')).toBeInTheDocument();
    unmount();
    renderWithProviders(<BidCard bid={bid()} />);
    expect(screen.queryByText('Verified email')).not.toBeInTheDocument();
  });

  it('shows the client id when the client has no name', () => {
    renderWithProviders(<BidCard bid={bid({ name: '' })} />);

    expect(screen.getByText(/^Client/)).toHaveTextContent('Client: 7');
  });

  it('lists the bids: avatar, name (or User and id), price in dollars, and Pending or Accepted', () => {
    renderWithProviders(
      <BidCard
        bid={bid({
          offers: [
            makeOffer({ name: 'Amina Hassan', offer_price: 450, accepted: true, status: 'accepted' }),
            makeOffer({ user_id: 11, name: '', offer_price: 399.5 }),
          ],
        })}
      />,
    );

    const offers = within(screen.getByRole('region', { name: 'Bids' })).getAllByRole('listitem');
    expect(offers[0]).toHaveTextContent('Amina Hassan');
    expect(offers[0]).toHaveTextContent('KSh 450');
    expect(offers[0]).toHaveTextContent('Accepted');
    expect(offers[1]).toHaveTextContent('User 11');
    expect(offers[1]).toHaveTextContent('KSh 399.50');
    expect(offers[1]).toHaveTextContent('Pending');
  });

  it('shows Place Bid only when a handler is given', () => {
    const { unmount } = renderWithProviders(<BidCard bid={bid()} />);
    expect(screen.queryByRole('button', { name: 'Place Bid' })).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<BidCard bid={bid()} onPlaceBid={() => {}} />);
    expect(screen.getByRole('button', { name: 'Place Bid' })).toBeInTheDocument();
  });
});

/** Accept Offer asks first, saying what follows (docs/design.md#offers-that-behave-like-a-marketplace). */
async function confirmAccept(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent(
    'Accept Amina Hassan’s offer of KSh 450? The bid closes to new offers, Amina Hassan is told, and a conversation with them opens in Messages. Other pending offers (1) are declined and their authors told.',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Accept Offer' }));
}

describe('bid permissions', () => {
  it('lets another member place a bid on an Open bid, without Accept Offer', async () => {
    await renderList(bidder);

    expect(screen.getByRole('button', { name: 'Place Bid' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Offer' })).not.toBeInTheDocument();
  });

  it('gives the owner Accept Offer on each pending offer, and no Place Bid', async () => {
    await renderList(owner);

    expect(screen.getAllByRole('button', { name: 'Accept Offer' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Place Bid' })).not.toBeInTheDocument();
  });

  it('offers nothing on a Closed bid', async () => {
    await renderList(bidder, bid({ status: 'Closed' }));

    expect(screen.getByText('Closed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place Bid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Offer' })).not.toBeInTheDocument();
  });

  it('accepts an offer: Accepted, the bid Closed, then the list refreshed', async () => {
    const user = userEvent.setup();
    const accepted = bid({ status: 'Closed' });
    accepted.offers[0] = { ...accepted.offers[0]!, accepted: true, status: 'accepted' };
    accepted.offers[1] = { ...accepted.offers[1]!, status: 'declined' };
    await renderList(
      owner,
      bid(),
      {
        'PUT /api/bids/offer/accept/51': jsonResponse({
          ...bid().offers[0],
          accepted: true,
          status: 'accepted',
        }),
      },
      accepted,
    );

    await user.click(screen.getAllByRole('button', { name: 'Accept Offer' })[0]!);
    await confirmAccept(user);

    expect(await screen.findByText('Offer accepted')).toBeInTheDocument();
    expect(screen.getByText('Closed')).toBeInTheDocument();
    const offers = within(screen.getByRole('region', { name: 'Bids' })).getAllByRole('listitem');
    expect(offers[0]).toHaveTextContent('Accepted');
    expect(offers[1]).toHaveTextContent('Declined');
    expect(screen.queryByRole('button', { name: 'Accept Offer' })).not.toBeInTheDocument();
  });

  it('says Failed to accept offer when the server refuses', async () => {
    const user = userEvent.setup();
    await renderList(owner, bid(), {
      'PUT /api/bids/offer/accept/51': jsonResponse({ code: 'FORBIDDEN', message: 'No' }, 403),
    });

    await user.click(screen.getAllByRole('button', { name: 'Accept Offer' })[0]!);
    await confirmAccept(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to accept offer');
    expect(screen.getByText('Open')).toBeInTheDocument();
  });

  it('says Failed to refresh bids when the list cannot be reloaded after accepting', async () => {
    const user = userEvent.setup();
    let calls = 0;
    await renderList(owner, bid(), {
      'GET /api/bids?limit=10': () =>
        calls++ === 0 ? jsonResponse([bid()]) : jsonResponse({ code: 'INTERNAL', message: 'x' }, 500),
      'PUT /api/bids/offer/accept/51': jsonResponse({
        ...bid().offers[0],
        accepted: true,
        status: 'accepted',
      }),
    });

    await user.click(screen.getAllByRole('button', { name: 'Accept Offer' })[0]!);
    await confirmAccept(user);

    expect(await screen.findByText('Failed to refresh bids')).toBeInTheDocument();
  });
});

describe('a popular bid in a list (BID_OFFERS_IN_LIST)', () => {
  // The list carried two of the bid's eight offers; the rest come from GET /api/bids/offers/3.
  const everyOffer = Array.from({ length: 8 }, (_, i) =>
    makeOffer({ id: 51 + i, bid_id: 3, user_id: 20 + i, name: `Bidder ${i + 1}`, offer_price: 400 + i }),
  );
  const popular = () => bid({ offers: everyOffer.slice(0, 2), offer_count: 8, pending_offer_count: 8 });
  const region = () => screen.getByRole('region', { name: 'Bids' });

  it('counts every offer, and Show all 8 bids loads the rest with the keyboard kept on the list', async () => {
    const user = userEvent.setup();
    await renderList(bidder, popular(), {
      'GET /api/bids/offers/3': jsonResponse(everyOffer),
    });
    expect(within(region()).getByRole('heading')).toHaveTextContent('Bids (8)');
    expect(within(region()).getAllByRole('listitem')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Show all 8 bids' }));

    await waitFor(() => expect(within(region()).getAllByRole('listitem')).toHaveLength(8));
    expect(within(region()).getByText('Bidder 8')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();
    expect(within(region()).getByRole('list')).toHaveFocus();
  });

  it('says Error fetching offers and keeps the button when the rest cannot be loaded', async () => {
    const user = userEvent.setup();
    await renderList(bidder, popular(), {
      'GET /api/bids/offers/3': jsonResponse({ code: 'INTERNAL', message: 'x' }, 500),
    });

    await user.click(screen.getByRole('button', { name: 'Show all 8 bids' }));

    expect(await screen.findByText('Error fetching offers')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Show all 8 bids' })).toBeEnabled();
    expect(within(region()).getAllByRole('listitem')).toHaveLength(2);
  });

  it('tells the owner how many pending offers an accept declines, counting those not shown', async () => {
    const user = userEvent.setup();
    await renderList(owner, popular());

    await user.click(screen.getAllByRole('button', { name: 'Accept Offer' })[0]!);

    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'Other pending offers (7) are declined and their authors told.',
    );
  });
});

describe('OfferForm', () => {
  it('says the server’s own words for a placed offer', () => {
    expect(t('bids.submitted')).toBe(BID_SUBMITTED_MESSAGE);
  });

  it('needs a price and a message (the shared rules) before it sends anything', async () => {
    const user = userEvent.setup();
    await renderList(bidder);

    await user.click(screen.getByRole('button', { name: 'Place Bid' }));
    await user.click(await screen.findByRole('button', { name: 'Submit Offer' }));

    // A blank price is no price (it once read as 0: "Price must be more than 0").
    expect(await screen.findByText('Price is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/bids/offer', expect.anything());
  });

  it('sends the offer, says Bid Submitted and shows the offer the server answered', async () => {
    const user = userEvent.setup();
    const placed = makeOffer({ id: 60, bid_id: 3, user_id: 12, name: 'Joseph Kiprop', offer_price: 420 });
    const place = vi.fn((_init: RequestInit | undefined) =>
      jsonResponse({ message: BID_SUBMITTED_MESSAGE, offer: placed }, 201),
    );
    await renderList(bidder, bid({ offers: [], offer_count: 0, pending_offer_count: 0 }), {
      'POST /api/bids/offer': place,
    });

    await user.click(screen.getByRole('button', { name: 'Place Bid' }));
    await user.type(await screen.findByLabelText('Your price (KSh)'), '420');
    await user.type(screen.getByLabelText('Message'), 'Nitamaliza kwa siku tatu.');
    await user.click(screen.getByRole('button', { name: 'Submit Offer' }));

    expect(await screen.findByText('Bid Submitted')).toBeInTheDocument();
    expect(JSON.parse(String(place.mock.calls[0]?.[0]?.body))).toEqual({
      bid_id: 3,
      offer_price: 420,
      message: 'Nitamaliza kwa siku tatu.',
    });
    const region = screen.getByRole('region', { name: 'Bids' });
    const offers = within(region).getAllByRole('listitem');
    expect(offers).toHaveLength(1);
    expect(offers[0]).toHaveTextContent('Joseph Kiprop');
    expect(offers[0]).toHaveTextContent('KSh 420');
    expect(within(region).getByRole('heading')).toHaveTextContent('Bids (1)');
    expect(screen.queryByRole('form', { name: 'Your offer' })).not.toBeInTheDocument();
    // The answer is the offer: neither the bid's offers nor the list are asked for again.
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked.filter((url) => url.includes('/api/bids/offers/'))).toEqual([]);
    expect(asked.filter((url) => url.includes('/api/bids?'))).toHaveLength(1);
  });

  it('says Failed to submit offer and shows the server’s reason under the price', async () => {
    const user = userEvent.setup();
    await renderList(bidder, bid({ offers: [] }), {
      'POST /api/bids/offer': jsonResponse(
        {
          code: 'VALIDATION',
          message: 'Invalid',
          errors: { offer_price: 'Price cannot be more than the max price' },
        },
        400,
      ),
    });

    await user.click(screen.getByRole('button', { name: 'Place Bid' }));
    await user.type(await screen.findByLabelText('Your price (KSh)'), '450');
    await user.type(screen.getByLabelText('Message'), 'Bei yangu');
    await user.click(screen.getByRole('button', { name: 'Submit Offer' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to submit offer');
    expect(screen.getByText('Price cannot be more than the max price')).toBeInTheDocument();
  });
});

describe('one’s own offer and bid (docs/design.md#offers-that-behave-like-a-marketplace)', () => {
  const amina = makeUser({ id: 9, name: 'Amina Hassan' });

  it('gives the author Edit offer (the form, filled in, sending a PATCH) instead of Place Bid', async () => {
    const user = userEvent.setup();
    const update = vi.fn((_init: RequestInit | undefined) =>
      jsonResponse({ ...bid().offers[0], offer_price: 430, edited_at: '2025-05-01T10:00:00.000Z' }),
    );
    await renderList(amina, bid(), { 'PATCH /api/bids/offers/51': update });
    expect(screen.queryByRole('button', { name: 'Place Bid' })).not.toBeInTheDocument();
    const mine = within(screen.getByRole('region', { name: 'Bids' })).getAllByRole('listitem')[0]!;
    await user.click(within(mine).getByRole('button', { name: 'Edit offer' }));
    const form = await screen.findByRole('form', { name: 'Edit your offer' });
    const price = within(form).getByLabelText('Your price (KSh)');
    expect(price).toHaveValue(450);
    await user.clear(price);
    await user.type(price, '501');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(form).findByText('Price cannot be more than the max price of KSh 500'),
    ).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '430');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Offer updated')).toBeInTheDocument();
    expect(JSON.parse(String(update.mock.calls[0]?.[0]?.body))).toEqual({
      offer_price: 430,
      message: 'I can start on Monday.',
    });
    expect(mine).toHaveTextContent('KSh 430');
    expect(mine).toHaveTextContent('(edited)');
  });

  it('withdraws the author’s offer after a question; it shows Withdrawn', async () => {
    const user = userEvent.setup();
    await renderList(amina, bid(), {
      'DELETE /api/bids/offers/51': jsonResponse({ ...bid().offers[0], status: 'withdrawn' }),
    });
    const mine = within(screen.getByRole('region', { name: 'Bids' })).getAllByRole('listitem')[0]!;
    await user.click(within(mine).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Withdraw your offer?');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Offer withdrawn')).toBeInTheDocument();
    expect(mine).toHaveTextContent('Withdrawn');
    expect(within(mine).queryByRole('button', { name: 'Edit offer' })).not.toBeInTheDocument();
  });

  it('lets the owner delete the bid after a question, and mark a Closed bid completed', async () => {
    const user = userEvent.setup();
    const remove = vi.fn(() => new Response(null, { status: 204 }));
    const closed = bid({ status: 'Closed' });
    await renderList(owner, closed, {
      'DELETE /api/bids/3': remove,
      'POST /api/bids/3/complete': jsonResponse({ ...closed, status: 'Completed' }),
    });
    await user.click(screen.getByRole('button', { name: 'Mark completed' }));
    expect(await screen.findByText('Bid marked completed')).toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete this bid request and all its offers?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Bid deleted')).toBeInTheDocument();
    expect(remove).toHaveBeenCalledTimes(1);
  });
});

describe('ratings and reviews (docs/design.md#reviews)', () => {
  const completed = (overrides = {}) =>
    bid({
      status: 'Completed',
      offers: [
        makeOffer({
          id: 51,
          bid_id: 3,
          user_id: 9,
          name: 'Amina Hassan',
          status: 'accepted',
          accepted: true,
          rating_avg: 4.5,
          rating_count: 12,
        }),
        makeOffer({ id: 52, bid_id: 3, user_id: 11, name: 'Juma Ali', status: 'declined' }),
      ],
      ...overrides,
    });

  it('shows each bidder’s rating on the offer rows, or No reviews yet', async () => {
    await renderList(owner, bid({ offers: completed().offers.map((o) => ({ ...o, status: 'pending' })) }));
    const amina = screen.getAllByRole('listitem').find((li) => li.textContent?.includes('Amina Hassan'))!;
    expect(
      within(amina).getByRole('img', { name: 'Rated 4.5 out of 5 from 12 reviews' }),
    ).toBeInTheDocument();
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
  });

  it('gives the owner and the winner Leave a review on a Completed bid, and no one else', async () => {
    const user = userEvent.setup();
    const post = vi.fn(() => jsonResponse({ id: 1 }, 201));
    await renderList(owner, completed(), { 'POST /api/reviews': post }, completed({ reviewed_by_me: true }));
    await user.click(screen.getByRole('button', { name: 'Leave a review' }));
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText('You reviewed Amina Hassan.')).toBeInTheDocument();
    expect(JSON.parse(String((post.mock.calls[0] as unknown as [RequestInit])[0].body))).toEqual({
      bid_id: 3,
      rating: 5,
      text: '',
    });
  });

  it('names the client for the winner, and shows You reviewed once done', async () => {
    const winner = makeUser({ id: 9, name: 'Amina Hassan' });
    await renderList(winner, completed({ reviewed_by_me: true }));
    expect(screen.getByText('You reviewed Brian Otieno.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave a review' })).not.toBeInTheDocument();
  });

  it('has no review for a losing bidder or before Completed', async () => {
    await renderList(makeUser({ id: 11, name: 'Juma Ali' }), completed());
    expect(screen.queryByRole('button', { name: 'Leave a review' })).not.toBeInTheDocument();
  });
});
