import { DELETE_BANNER_MS } from '@jamii/shared';
import { notifyManager } from '@tanstack/react-query';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser, type Routes } from '../../test/auth';
import { makeJob } from '../../test/content';
import { renderWithProviders } from '../../test/render';
import { ManageJobsPage } from './manage-jobs-page';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const LIST = 'GET /api/jobs/explore?limit=100&offset=0';

const fetchMock = stubFetchForEachTest({
  withAuth: true,
  signedIn: makeUser({ username: '@msimamizi', role: 'admin' }),
});

beforeEach(() => {
  // TanStack Query tells components on a timer; with fake timers that would wait forever.
  notifyManager.setScheduler(queueMicrotask);
});

afterEach(() => {
  vi.useRealTimers();
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
});

function renderPage(routes: Routes) {
  fetchMock.mockImplementation(fakeFetch(routes));
  return renderWithProviders(<ManageJobsPage />);
}

describe('ManageJobsPage', () => {
  it('lists the jobs in a table with ID, Title, Company, Location, Type and Actions', async () => {
    renderPage({
      [LIST]: jsonResponse([makeJob({ id: 12, title: 'Fundi wa Mbao', company: '', type: 'Contract' })]),
    });

    await screen.findByText('Fundi wa Mbao');
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ID', 'Title', 'Company', 'Location', 'Type', 'Actions']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '12',
      'Fundi wa MbaoPrivate · Nairobi · Contract',
      'Private',
      'Nairobi',
      'Contract',
      'Delete',
    ]);
    // Under 640 px the three middle columns are hidden and their facts are a line under the title.
    expect(within(row).getByText('Private · Nairobi · Contract')).toHaveClass('sm:hidden');
    expect(within(row).getAllByRole('cell')[2]).toHaveClass('hidden', 'sm:table-cell');
  });

  it('asks first, removes the row, and shows "Job deleted successfully." for 2 seconds', async () => {
    const remove = vi.fn(() => new Response(null, { status: 204 }));
    renderPage({
      [LIST]: jsonResponse([
        makeJob({ id: 12, title: 'Fundi wa Mbao' }),
        makeJob({ id: 13, title: 'Mpishi' }),
      ]),
      'DELETE /api/jobs/12': remove,
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Fundi wa Mbao' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to delete this job?' });
    expect(remove).not.toHaveBeenCalled();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // Let the answer arrive without moving the fake clock (vi.waitFor would advance it).
    for (let turn = 0; turn < 50 && !screen.queryByText('Job deleted successfully.'); turn++) {
      await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
    }
    expect(screen.getByRole('status')).toHaveTextContent('Job deleted successfully.');

    expect(screen.queryByText('Fundi wa Mbao')).not.toBeInTheDocument();
    expect(screen.getByText('Mpishi')).toBeInTheDocument();
    expect(remove).toHaveBeenCalledTimes(1);

    act(() => {
      vi.advanceTimersByTime(DELETE_BANNER_MS - 1);
    });
    expect(screen.getByText('Job deleted successfully.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Job deleted successfully.')).not.toBeInTheDocument();
  });

  it('shows "Failed to delete job." when the delete fails, and keeps the row', async () => {
    renderPage({
      [LIST]: jsonResponse([makeJob({ id: 12, title: 'Fundi wa Mbao' })]),
      'DELETE /api/jobs/12': errorResponse(500, 'INTERNAL', 'x'),
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Fundi wa Mbao' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete job.');
    expect(screen.getByText('Fundi wa Mbao')).toBeInTheDocument();
  });

  it('says "No jobs found." when there are none', async () => {
    renderPage({ [LIST]: jsonResponse([]) });

    expect(await screen.findByText('No jobs found.')).toBeInTheDocument();
  });

  it('shows "Failed to load jobs." when the list cannot be loaded', async () => {
    renderPage({ [LIST]: errorResponse(403, 'FORBIDDEN', 'Admins only') });

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load jobs.');
  });
});
