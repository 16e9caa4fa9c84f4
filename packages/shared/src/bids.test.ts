import { describe, expect, it } from 'vitest';
import { BidInput, OfferInput } from './bids';
import { formatPrice } from './format';

describe('bid contracts', () => {
  it('formats prices with the $ sign, cents only when there are some', () => {
    expect(formatPrice(400)).toBe('$400');
    expect(formatPrice(1250)).toBe('$1,250');
    expect(formatPrice(99.5)).toBe('$99.50');
  });

  it('requires an offer’s price and message (SPEC §5) and ignores user_id', () => {
    const empty = OfferInput.safeParse({ bid_id: 1 });
    expect(empty.success).toBe(false);
    expect(empty.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['offer_price', 'Price is required'],
      ['message', 'Message is required'],
    ]);
    const ok = OfferInput.parse({ bid_id: '3', user_id: 9, offer_price: '250', message: ' Done in a week ' });
    expect(ok).toEqual({ bid_id: 3, offer_price: 250, message: 'Done in a week' });
  });

  it('wants a max price above 0', () => {
    expect(BidInput.safeParse({ job_title: 'Logo', max_price: 0 }).error!.issues[0]!.message).toBe(
      'Max price must be more than 0',
    );
    expect(BidInput.parse({ job_title: 'Logo', max_price: 10 })).toEqual({
      job_title: 'Logo',
      max_price: 10,
      description: '',
    });
  });
});
