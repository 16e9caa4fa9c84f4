import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse, makeUser } from '../../test/auth';
import { makeBid } from '../../test/content';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { flushOutbox, memoryStorage, pendingEntries, setOutboxStorage } from '../../lib/offline/outbox';
import { BidForm } from './bid-form';

const fetchMock = stubFetchForEachTest({ withAuth: true, signedIn: makeUser({ id: 42 }) });

async function fillAndPost() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Job title'), 'Paint a two-room house');
  await user.type(screen.getByLabelText('Max price'), '120');
  await user.click(screen.getByRole('button', { name: 'Post Bid' }));
}

describe('BidForm (the shared create-form scaffolding)', () => {
  it('sends the checked values, says so, empties the form and reports the creation', async () => {
    const onCreated = vi.fn();
    fetchMock.mockImplementation(
      fakeFetch({ 'POST /api/bids': jsonResponse(makeBid({ job_title: 'Paint a two-room house' }), 201) }),
    );
    renderWithProviders(<BidForm onCreated={onCreated} />);

    await fillAndPost();

    expect(await screen.findByText('Bid posted')).toBeInTheDocument();
    expect(screen.getByLabelText('Job title')).toHaveValue('');
    expect(onCreated).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      job_title: 'Paint a two-room house',
      max_price: 120,
      currency: 'KES',
    });
  });

  it("puts the server's field messages under the fields, keeps the values and toasts the failure", async () => {
    const onCreated = vi.fn();
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/bids': jsonResponse(
          { code: 'VALIDATION', message: 'Check the form', errors: { max_price: 'Too high for a bid' } },
          400,
        ),
      }),
    );
    renderWithProviders(<BidForm onCreated={onCreated} />);

    await fillAndPost();

    expect(await screen.findByText('Too high for a bid')).toBeInTheDocument();
    expect(screen.getByText('Check the form')).toBeInTheDocument();
    expect(screen.getByLabelText('Job title')).toHaveValue('Paint a two-room house');
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('offline: keeps the bid on the phone with its key, says so, and sends it once the connection returns', async () => {
    setOutboxStorage(memoryStorage());
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const onCreated = vi.fn();
    renderWithProviders(<BidForm onCreated={onCreated} />);

    await fillAndPost();

    expect(
      await screen.findByText('Saved on your phone; it will be sent when you are back online'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Job title')).toHaveValue('');
    expect(onCreated).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
    const [kept] = await pendingEntries(42);
    expect(kept).toMatchObject({ kind: 'bid', path: '/api/bids', summary: 'Paint a two-room house' });

    onLine.mockRestore();
    fetchMock.mockImplementation(fakeFetch({ 'POST /api/bids': jsonResponse(makeBid(), 201) }));
    await flushOutbox(42);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Idempotency-Key')).toBe(kept?.key);
    expect(await pendingEntries(42)).toEqual([]);
  });

  it('checks the shared rules before sending anything', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BidForm />);

    await user.click(screen.getByRole('button', { name: 'Post Bid' }));

    await waitFor(() => expect(screen.getByLabelText('Job title')).toHaveAttribute('aria-invalid', 'true'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
