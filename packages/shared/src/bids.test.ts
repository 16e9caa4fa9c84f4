import { describe, expect, it } from 'vitest';
import { BidInput, BidPatchInput, OfferInput, OfferPatchInput, offerAboveMaxMessage } from './bids';
import { formatMoney } from './format';
import { JobInput, JobPatchInput } from './jobs';
import { ServiceInput } from './services';

describe('money (docs/design.md#money-in-kenya-shillings)', () => {
  it('formats shillings as KSh and dollars as US$, cents only when there are some', () => {
    expect(formatMoney(25000)).toBe('KSh 25,000');
    expect(formatMoney(25000, 'KES')).toBe('KSh 25,000');
    expect(formatMoney(250, 'USD')).toBe('US$250');
    expect(formatMoney(1250, 'USD')).toBe('US$1,250');
    expect(formatMoney(99.5)).toBe('KSh 99.50');
    expect(formatMoney(0.05, 'USD')).toBe('US$0.05');
    expect(formatMoney(1234567.89)).toBe('KSh 1,234,567.89');
    expect(formatMoney(0)).toBe('KSh 0');
  });

  it('names the max price in its currency when an offer is above it, comparing cents', () => {
    expect(offerAboveMaxMessage(5000.01, { max_price: 5000, currency: 'KES' })).toBe(
      'Price cannot be more than the max price of KSh 5,000',
    );
    expect(offerAboveMaxMessage(300, { max_price: 250.5, currency: 'USD' })).toBe(
      'Price cannot be more than the max price of US$250.50',
    );
    expect(offerAboveMaxMessage(5000, { max_price: 5000, currency: 'KES' })).toBeUndefined();
    expect(offerAboveMaxMessage(0.1 + 0.2, { max_price: 0.3, currency: 'KES' })).toBeUndefined();
  });

  it('keeps amounts to cents (at most 2 decimals)', () => {
    expect(BidInput.safeParse({ job_title: 'Logo', max_price: 10.25 }).success).toBe(true);
    expect(BidInput.safeParse({ job_title: 'Logo', max_price: 10.255 }).error!.issues[0]!.message).toBe(
      'Max price can have at most 2 decimals',
    );
    expect(ServiceInput.safeParse({ title: 'Tutoring', price: 0.001 }).error!.issues[0]!.message).toBe(
      'Price can have at most 2 decimals',
    );
    expect(JobInput.safeParse({ title: 'Driver', salary_min: 1.005 }).success).toBe(false);
  });

  it('takes KES by default and refuses any currency but KES and USD', () => {
    expect(BidInput.parse({ job_title: 'Logo', max_price: 10 }).currency).toBe('KES');
    expect(ServiceInput.parse({ title: 'Tutoring', price: 0, currency: 'USD' }).currency).toBe('USD');
    const euro = BidInput.safeParse({ job_title: 'Logo', max_price: 10, currency: 'EUR' });
    expect(euro.error!.issues[0]).toMatchObject({
      path: ['currency'],
      message: 'Currency must be KES or USD',
    });
  });

  it('keeps a job’s salary range in order and its period one of five', () => {
    const job = JobInput.parse({
      title: 'Driver',
      salary_min: '30000',
      salary_max: '',
      salary_period: 'month',
    });
    expect(job).toMatchObject({
      currency: 'KES',
      salary_min: 30000,
      salary_max: null,
      salary_period: 'month',
    });
    const reversed = JobInput.safeParse({ title: 'Driver', salary_min: 50000, salary_max: 40000 });
    expect(reversed.error!.issues[0]).toMatchObject({
      path: ['salary_max'],
      message: 'Maximum salary cannot be less than the minimum',
    });
    expect(JobInput.safeParse({ title: 'Driver', salary_period: 'year' }).success).toBe(false);
    // A PATCH leaves out what it does not change (no defaults fill it in).
    expect(JobPatchInput.parse({ title: 'Lorry driver' })).toEqual({ title: 'Lorry driver' });
  });
});

describe('bid contracts', () => {
  it('requires an offer’s price and message (the specified validation rules), ignores user_id, takes optional delivery days', () => {
    const empty = OfferInput.safeParse({ bid_id: 1 });
    expect(empty.success).toBe(false);
    expect(empty.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['offer_price', 'Price is required'],
      ['message', 'Message is required'],
    ]);
    const ok = OfferInput.parse({ bid_id: '3', user_id: 9, offer_price: '250', message: ' Done in a week ' });
    expect(ok).toEqual({ bid_id: 3, offer_price: 250, message: 'Done in a week' });
    expect(
      OfferInput.parse({ bid_id: 3, offer_price: 1, message: 'x', delivery_days: '' }).delivery_days,
    ).toBe(undefined);
    expect(
      OfferInput.parse({ bid_id: 3, offer_price: 1, message: 'x', delivery_days: '7' }).delivery_days,
    ).toBe(7);
    for (const days of [0, 366, 2.5]) {
      expect(OfferPatchInput.safeParse({ delivery_days: days }).success).toBe(false);
    }
  });

  it('wants a max price above 0; a PATCH may give any field or none', () => {
    expect(BidInput.safeParse({ job_title: 'Logo', max_price: 0 }).error!.issues[0]!.message).toBe(
      'Max price must be more than 0',
    );
    expect(BidInput.parse({ job_title: 'Logo', max_price: 10 })).toEqual({
      job_title: 'Logo',
      max_price: 10,
      description: '',
      currency: 'KES',
    });
    expect(BidPatchInput.parse({})).toEqual({});
    expect(BidPatchInput.safeParse({ job_title: ' ' }).error!.issues[0]!.message).toBe(
      'Job title is required',
    );
  });
});
