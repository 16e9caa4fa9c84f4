import { CARD_AVATAR_COLOURS } from '@jamii/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cardAvatarColour } from '../../components/card-avatar';
import { fakeFetch, makeUser, storeSignedIn } from '../../test/auth';
import { makeJob } from '../../test/content';
import { renderWithProviders } from '../../test/render';
import { JobCard } from './job-card';
import { JobItem } from './job-item';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const fetchMock = stubFetchForEachTest({ withAuth: true });

describe('JobCard', () => {
  it('shows the title, company, location and type on one line, the description and Posted by', () => {
    renderWithProviders(<JobCard job={makeJob({ title: 'Data Analyst', company: 'Safari Data Ltd' })} />);

    expect(screen.getByRole('heading', { name: 'Data Analyst' })).toBeInTheDocument();
    expect(screen.getByTestId('job-facts')).toHaveTextContent('Safari Data Ltd · Nairobi · Full-time');
    expect(screen.getByText('Clean and chart M-Pesa sales data.')).toBeInTheDocument();
    expect(screen.getByText(/Posted by/)).toHaveTextContent('Posted by Brian Otieno');
  });

  it('marks a closed or expired job and offers no Apply on it (docs/design.md#job-applications)', () => {
    storeSignedIn(makeUser({ id: 900 }));
    const { unmount } = renderWithProviders(<JobItem job={makeJob({ status: 'closed' })} withActions />);
    expect(screen.getByRole('heading')).toHaveTextContent('Closed');
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<JobItem job={makeJob({ expires_at: '2020-01-01T00:00:00.000Z' })} withActions />);
    expect(screen.getByRole('heading')).toHaveTextContent('Expired');
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });

  it('marks a poster with a confirmed email as verified, and no one else', () => {
    const { unmount } = renderWithProviders(<JobCard job={makeJob({ poster_verified: true })} />);
    expect(screen.getByText(/Posted by/)).toHaveTextContent('Posted by Brian Otieno Verified email');
    unmount();
    renderWithProviders(<JobCard job={makeJob({ poster_verified: false })} />);
    expect(screen.queryByText('Verified email')).not.toBeInTheDocument();
  });

  it('says Private without a company and User without a poster name, and leaves out an empty description', () => {
    renderWithProviders(<JobCard job={makeJob({ company: '', name: '', description: '' })} />);

    expect(screen.getByTestId('job-facts')).toHaveTextContent('Private · Nairobi · Full-time');
    expect(screen.getByText(/Posted by/)).toHaveTextContent('Posted by User');
    expect(screen.queryByText('Clean and chart M-Pesa sales data.')).not.toBeInTheDocument();
  });

  it('shows the picture, else the first letter in a palette colour chosen by a hash of the name', () => {
    const { unmount } = renderWithProviders(
      <JobCard job={makeJob({ name: 'Amina Hassan', profile_pic: '/media/avatars/a.webp' })} />,
    );
    expect(document.querySelector('img[src="/media/avatars/a.webp"]')).not.toBeNull();
    unmount();

    renderWithProviders(<JobCard job={makeJob({ name: 'Amina Hassan' })} />);
    const initial = screen.getByText('A');
    expect(initial).toHaveAttribute('data-colour', cardAvatarColour('Amina Hassan'));
  });

  it('hashes names onto all four colours, the same name always the same one', () => {
    const names = [
      'Wanjiku Kamau',
      'Brian Otieno',
      'Amina Hassan',
      'Joseph Kiprop',
      'Grace Njeri',
      'Daniel Mutua',
      'Faith Akinyi',
      'Omar Hassan',
    ];
    const colours = names.map(cardAvatarColour);

    expect(new Set(colours)).toEqual(new Set(CARD_AVATAR_COLOURS));
    expect(names.map(cardAvatarColour)).toEqual(colours);
  });

  it('shows Delete only when a delete handler is given', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<JobCard job={makeJob()} />);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    unmount();

    const onDelete = vi.fn();
    renderWithProviders(<JobCard job={makeJob()} onDelete={onDelete} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});

describe('JobItem', () => {
  it('gives Delete to the poster and asks "Delete this job?"; a failure says Failed to delete job.', async () => {
    const user = userEvent.setup();
    storeSignedIn(makeUser({ id: 7 }));
    fetchMock.mockImplementation(
      fakeFetch({
        'DELETE /api/jobs/31': new Response(JSON.stringify({ code: 'X', message: 'x' }), { status: 500 }),
      }),
    );
    renderWithProviders(<JobItem job={makeJob({ id: 31, client_id: 7 })} />);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this job?' })).getByRole('button', {
        name: 'Delete',
      }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete job.');
  });

  it('gives Delete to an admin, not to another member', () => {
    storeSignedIn(makeUser({ id: 1, role: 'admin' }));
    const { unmount } = renderWithProviders(<JobItem job={makeJob({ client_id: 7 })} />);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    unmount();

    storeSignedIn(makeUser({ id: 8 }));
    renderWithProviders(<JobItem job={makeJob({ client_id: 7 })} />);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
