import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse } from '../../test/auth';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { DataExportSection } from './data-export';

const fetchMock = stubFetchForEachTest();

/** A zip-like answer that arrives in two chunks, with its length announced. */
function zipResponse(chunks: Uint8Array[]) {
  const total = chunks.reduce((n, c) => n + c.byteLength, 0);
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]!);
      else controller.close();
    },
  });
  return new Response(body, {
    headers: { 'Content-Type': 'application/zip', 'Content-Length': String(total) },
  });
}

describe('DataExportSection', () => {
  it('downloads the member’s zip and hands it to the browser as jamii-my-data.zip', async () => {
    const user = userEvent.setup();
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(zipResponse([new Uint8Array([0x50, 0x4b, 3, 4]), new Uint8Array(96)]));
    renderWithProviders(<DataExportSection memberId={7} className="" />);

    expect(screen.getByRole('heading', { name: 'Your data' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/privacy');
    await user.click(screen.getByRole('button', { name: 'Download my data' }));

    expect(await screen.findByText('Your data is downloaded: jamii-my-data.zip')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users/7/export');
    const blob = created.mock.calls[0]?.[0] as Blob;
    expect(blob.size).toBe(100);
    expect(blob.type).toBe('application/zip');
    expect(clicked).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it('says why when the server refuses, in the member’s words', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      errorResponse(429, 'RATE_LIMITED', 'Too many downloads of your data. Please try again later.'),
    );
    renderWithProviders(<DataExportSection memberId={7} className="" />);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many downloads of your data. Please try again later.',
    );
  });
});
