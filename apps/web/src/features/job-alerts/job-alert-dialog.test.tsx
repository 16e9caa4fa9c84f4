import { JOB_ALERTS_PER_MEMBER, type JobAlert } from '@jamii/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser } from '../../test/auth';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import JobAlertDialog from './job-alert-dialog';

const fetchMock = stubFetchForEachTest({ withAuth: true, signedIn: makeUser({ email_verified: true }) });

const saved: JobAlert = {
  id: 7,
  query: 'nurse',
  county: 'Nairobi',
  type: 'Full-time',
  salary_min: 40000,
  frequency: 'daily',
  channels: ['email'],
  created_at: '2026-03-01T09:00:00.000Z',
};

const alertsOf = (n: number) => Array.from({ length: n }, (_, i) => ({ ...saved, id: i + 1 }));

function renderDialog(onClose = vi.fn(), pushState = 'off') {
  renderWithProviders(
    <JobAlertDialog
      search={{ query: 'nurse', type: 'Full-time', county: 'Nairobi' }}
      hasUnkeptFilters
      readPushState={() => Promise.resolve(pushState)}
      onClose={onClose}
    />,
  );
  return onClose;
}

describe('JobAlertDialog', () => {
  it('saves the search once, however often Save is pressed, with one idempotency key', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const post = vi.fn(
      (_init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    fetchMock.mockImplementation(
      fakeFetch({ 'GET /api/job-alerts': jsonResponse([]), 'POST /api/job-alerts': post }),
    );
    const onClose = renderDialog();
    const dialog = within(await screen.findByRole('dialog', { name: 'Alert me about jobs like these' }));
    expect(dialog.getByText('Words: nurse')).toBeInTheDocument();
    expect(dialog.getByText('Type: Full-time')).toBeInTheDocument();
    expect(dialog.getByText('County: Nairobi')).toBeInTheDocument();
    expect(
      dialog.getByText('Location and company are not part of an alert: it matches them all.'),
    ).toBeInTheDocument();
    // No verified phone: SMS cannot be chosen, and says why; push depends on this device.
    expect(dialog.getByRole('checkbox', { name: 'SMS' })).toBeDisabled();
    expect(
      dialog.getByText('SMS needs a verified phone number, and your account has none.'),
    ).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Verify my number' })).toHaveAttribute(
      'href',
      '/settings/security',
    );
    expect(
      await dialog.findByText('Push reaches only the devices where you turned on notifications:'),
    ).toBeInTheDocument();

    await user.type(dialog.getByLabelText('Minimum salary in KSh (optional)'), '40000');
    await user.click(dialog.getByRole('radio', { name: 'Once a day, at 7:00 in the morning' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Email' }));
    const save = dialog.getByRole('button', { name: 'Save alert' });
    await user.dblClick(save);
    await user.click(save);
    expect(post).toHaveBeenCalledOnce();
    const init = post.mock.calls[0]![0]!;
    expect(JSON.parse(String(init.body))).toEqual({
      query: 'nurse',
      type: 'Full-time',
      county: 'Nairobi',
      salary_min: 40000,
      frequency: 'daily',
      channels: ['email'],
    });
    expect(new Headers(init.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
    answer(jsonResponse(saved, 201));
    expect(await screen.findByText('Job alert saved.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('sends the same key again when the same form is retried after a failure', async () => {
    const user = userEvent.setup();
    const keys: (string | null)[] = [];
    let calls = 0;
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/job-alerts': jsonResponse([]),
        'POST /api/job-alerts': (init) => {
          keys.push(new Headers(init?.headers).get('Idempotency-Key'));
          calls += 1;
          return calls === 1 ? errorResponse(500, 'INTERNAL', 'Down') : jsonResponse(saved, 201);
        },
      }),
    );
    renderDialog();
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Save alert' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Down');
    await user.click(dialog.getByRole('button', { name: 'Save alert' }));
    expect(await screen.findByText('Job alert saved.')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows the shared salary message without calling the server', async () => {
    const user = userEvent.setup();
    const post = vi.fn();
    fetchMock.mockImplementation(
      fakeFetch({ 'GET /api/job-alerts': jsonResponse([]), 'POST /api/job-alerts': post }),
    );
    renderDialog();
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Minimum salary in KSh (optional)'), 'lots');
    await user.click(dialog.getByRole('button', { name: 'Save alert' }));
    expect(await dialog.findByText('Minimum salary must be a number')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('says the limit of 10 and cannot save with ten alerts kept', async () => {
    fetchMock.mockImplementation(
      fakeFetch({ 'GET /api/job-alerts': jsonResponse(alertsOf(JOB_ALERTS_PER_MEMBER)) }),
    );
    renderDialog(vi.fn(), 'on');
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'You can keep at most 10 job alerts. Delete one to add another.',
    );
    expect(dialog.getByRole('button', { name: 'Save alert' })).toBeDisabled();
    expect(dialog.queryByText('Push reaches only the devices where you turned on notifications:')).toBeNull();
  });

  it('shows the server’s 409 when the tenth was saved elsewhere meanwhile', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/job-alerts': jsonResponse(alertsOf(3)),
        'POST /api/job-alerts': errorResponse(
          409,
          'JOB_ALERTS_FULL',
          'You can keep at most 10 job alerts. Delete one to add another.',
        ),
      }),
    );
    const onClose = renderDialog();
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Save alert' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'You can keep at most 10 job alerts. Delete one to add another.',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
