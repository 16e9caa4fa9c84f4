import type { JobApplicantDto, MyApplicationDto } from '@jamii/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser } from '../../test/auth';
import { makeJob } from '../../test/content';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { ApplyPanel } from './apply-panel';
import { JobApplicationsPage } from './job-applications-page';
import { MyApplicationsTab } from './my-applications-tab';

const me = makeUser({ id: 501, username: '@mwombaji', name: 'Mwombaji Kazi' });
const fetchMock = stubFetchForEachTest({ withAuth: true, signedIn: me });

const application = {
  id: 31,
  job_id: 12,
  user_id: me.id,
  message: 'Nina uzoefu',
  status: 'submitted',
  has_cv: false,
  created_at: '2025-05-02T08:00:00.000Z',
  status_changed_at: null,
} as const;

const pdf = (size = 100) => new File([new Uint8Array(size)], 'cv.pdf', { type: 'application/pdf' });

describe('ApplyPanel', () => {
  it('sends a cover note and shows Application sent with the status', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/jobs/12/apply': (init) => {
          sent = JSON.parse(String(init?.body));
          return jsonResponse(
            { ...application, name: me.name, username: me.username, profile_pic: null },
            201,
          );
        },
      }),
    );
    renderWithProviders(<ApplyPanel job={makeJob({ id: 12 })} />);

    await user.type(screen.getByLabelText('Cover note (optional)'), '  Nina uzoefu ');
    await user.click(screen.getByRole('button', { name: 'Send application' }));

    expect(await screen.findByRole('heading', { name: 'Application sent' })).toBeInTheDocument();
    expect(screen.getByText('Submitted')).toBeInTheDocument();
    expect(sent).toEqual({ message: 'Nina uzoefu' });
  });

  it('checks the CV before sending: a PDF of at most 5 MB', async () => {
    fetchMock.mockImplementation(fakeFetch({}));
    renderWithProviders(<ApplyPanel job={makeJob({ id: 12 })} />);
    const input = screen.getByLabelText('CV (optional)');

    fireEvent.change(input, {
      target: { files: [new File(['x'], 'cv.docx', { type: 'application/msword' })] },
    });
    expect(await screen.findByText('The CV must be a PDF file')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [pdf(5 * 1024 * 1024 + 1)] } });
    expect(await screen.findByText('The CV can be at most 5 MB')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the CV as a multipart form and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    let body: unknown;
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/jobs/12/apply': (init) => {
          body = init?.body;
          return errorResponse(409, 'JOB_CLOSED', 'This job is closed and takes no more applications');
        },
      }),
    );
    renderWithProviders(<ApplyPanel job={makeJob({ id: 12 })} />);
    await user.upload(screen.getByLabelText('CV (optional)'), pdf());
    await user.click(screen.getByRole('button', { name: 'Send application' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This job is closed and takes no more applications',
    );
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('cv')).toBeInstanceOf(File);
  });

  it('shows "This job is closed" and no form for a closed or expired job; the status once applied', () => {
    fetchMock.mockImplementation(fakeFetch({}));
    const { unmount } = renderWithProviders(<ApplyPanel job={makeJob({ status: 'closed' })} />);
    expect(screen.getByRole('heading', { name: 'This job is closed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send application' })).not.toBeInTheDocument();
    unmount();

    const second = renderWithProviders(
      <ApplyPanel job={makeJob({ expires_at: '2020-01-01T00:00:00.000Z' })} />,
    );
    expect(screen.getByRole('heading', { name: 'This job is closed' })).toBeInTheDocument();
    second.unmount();

    renderWithProviders(
      <ApplyPanel job={makeJob({ applied_by_me: true, my_application_status: 'shortlisted' })} />,
    );
    expect(screen.getByText('Shortlisted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send application' })).not.toBeInTheDocument();
  });

  it('shows the poster nothing', () => {
    fetchMock.mockImplementation(fakeFetch({}));
    renderWithProviders(<ApplyPanel job={makeJob({ client_id: me.id })} />);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('MyApplicationsTab', () => {
  const mine: MyApplicationDto = { ...application, job_title: 'Fundi wa Mbao', company: 'Mbao Bora' };

  it('lists title, company and status, and withdraws after a confirm', async () => {
    const user = userEvent.setup();
    let patched: unknown;
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/applications/me?limit=20': jsonResponse([mine]),
        'PATCH /api/applications/31': (init) => {
          patched = JSON.parse(String(init?.body));
          return jsonResponse({ ...application, status: 'withdrawn' });
        },
      }),
    );
    renderWithProviders(<MyApplicationsTab />);

    const list = await screen.findByRole('list', { name: 'My applications' });
    expect(within(list).getByRole('link', { name: 'Fundi wa Mbao' })).toHaveAttribute(
      'href',
      '/explore/jobs/12',
    );
    expect(within(list).getByText(/Mbao Bora/)).toBeInTheDocument();
    expect(within(list).getByText('Submitted')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Withdraw your application for Fundi wa Mbao' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, withdraw' }));
    await waitFor(() => expect(patched).toEqual({ status: 'withdrawn' }));
  });

  it('says so when there are none', async () => {
    fetchMock.mockImplementation(fakeFetch({ 'GET /api/applications/me?limit=20': jsonResponse([]) }));
    renderWithProviders(<MyApplicationsTab />);
    expect(await screen.findByText('You have not applied for any jobs yet.')).toBeInTheDocument();
  });
});

describe('JobApplicationsPage', () => {
  const applicant: JobApplicantDto = {
    ...application,
    user_id: 77,
    has_cv: true,
    applicant: { id: 77, username: '@fundi_stadi', name: 'Fundi Stadi', profile_pic: null },
  };

  it('lists applicants with note, CV download and status select, filtered by status', async () => {
    const user = userEvent.setup();
    let patched: unknown;
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/jobs/12': jsonResponse(makeJob({ id: 12, title: 'Fundi wa Mbao', client_id: me.id })),
        'GET /api/jobs/12/applications?limit=20': jsonResponse([applicant]),
        'GET /api/jobs/12/applications?limit=20&status=hired': jsonResponse([]),
        'PATCH /api/applications/31': (init) => {
          patched = JSON.parse(String(init?.body));
          return jsonResponse({ ...application, status: 'shortlisted' });
        },
      }),
    );
    renderWithProviders(<JobApplicationsPage jobId={12} />);

    const list = await screen.findByRole('list', { name: 'Applications' });
    expect(within(list).getByRole('link', { name: 'Fundi Stadi' })).toBeInTheDocument();
    expect(within(list).getByText('Nina uzoefu')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Download CV of Fundi Stadi' })).toBeInTheDocument();
    expect(await screen.findByText('For Fundi wa Mbao')).toBeInTheDocument();

    await user.selectOptions(
      within(list).getByLabelText('Status of the application by Fundi Stadi'),
      'shortlisted',
    );
    await waitFor(() => expect(patched).toEqual({ status: 'shortlisted' }));

    await user.selectOptions(screen.getByLabelText('Show'), 'hired');
    expect(await screen.findByText('No applications here yet.')).toBeInTheDocument();
  });

  it('tells a member who is not the poster that the list is not theirs', async () => {
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/jobs/12': jsonResponse(makeJob({ id: 12 })),
        'GET /api/jobs/12/applications?limit=20': errorResponse(403, 'FORBIDDEN', 'No'),
      }),
    );
    renderWithProviders(<JobApplicationsPage jobId={12} />);
    expect(
      await screen.findByText('Only the poster of this job can see its applications.'),
    ).toBeInTheDocument();
  });
});
