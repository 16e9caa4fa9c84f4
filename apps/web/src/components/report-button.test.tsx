import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser } from '../test/auth';
import { stubFetchForEachTest } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { ReportButton } from './report-button';
import { ScamReportButton } from './scam-report-button';

const me = makeUser({ id: 42, username: '@mimi_hapa' });
const fetchMock = stubFetchForEachTest({ withAuth: true, signedIn: me });

describe('ReportButton', () => {
  it('asks for a reason first, then sends the report with the note and thanks the member', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/reports': (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse({ id: 1 }, 201);
        },
      }),
    );
    renderWithProviders(<ReportButton targetType="job" targetId={9} authorId={7} />);

    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'Scam or fraud' }));
    await user.type(within(dialog).getByRole('textbox'), 'Asks for a registration fee');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Thanks, our moderators will look at it')).toBeInTheDocument();
    expect(bodies).toEqual([
      { target_type: 'job', target_id: 9, reason: 'scam', note: 'Asks for a registration fee' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s message when the report fails', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(
      fakeFetch({ 'POST /api/reports': errorResponse(404, 'NOT_FOUND', 'Not found') }),
    );
    renderWithProviders(<ReportButton targetType="post" targetId={3} authorId={7} />);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not found');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not offered on one’s own items', () => {
    renderWithProviders(<ReportButton targetType="post" targetId={3} authorId={42} />);
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });
});

describe('ScamReportButton', () => {
  it('reports a scam in one tap, without a dialog, and stays pressed', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/reports': (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse({ id: 1 }, 201);
        },
      }),
    );
    renderWithProviders(<ScamReportButton targetType="offer" targetId={5} authorId={7} />);
    await user.click(screen.getByRole('button', { name: 'Report scam' }));
    expect(await screen.findByText('Thanks: our moderators will check it for a scam.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodies).toEqual([{ target_type: 'offer', target_id: 5, reason: 'scam' }]);
    expect(screen.getByRole('button', { name: 'Reported as a scam' })).toBeDisabled();
  });

  it('says so when it was reported already, and shows the server’s message when it fails', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/reports': errorResponse(409, 'ALREADY_REPORTED', 'Duplicate report'),
      }),
    );
    renderWithProviders(<ScamReportButton targetType="message" targetId={8} authorId={7} />);
    await user.click(screen.getByRole('button', { name: 'Report scam' }));
    expect(await screen.findByText('You already reported this')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reported as a scam' })).toBeDisabled();
  });

  it('keeps the button when the report fails', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(
      fakeFetch({ 'POST /api/reports': errorResponse(404, 'NOT_FOUND', 'Job not found') }),
    );
    renderWithProviders(<ScamReportButton targetType="job" targetId={3} authorId={7} />);
    await user.click(screen.getByRole('button', { name: 'Report scam' }));
    expect(await screen.findByText('Job not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report scam' })).toBeEnabled();
  });

  it('is not offered on one’s own items', () => {
    renderWithProviders(<ScamReportButton targetType="job" targetId={3} authorId={42} />);
    expect(screen.queryByRole('button', { name: 'Report scam' })).not.toBeInTheDocument();
  });
});
