import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import {
  logIn,
  logInByApi,
  type NewMember,
  seriousAxeViolations,
  signIn,
  signUpMembers,
  snap,
  uniqueTitle,
} from './helpers';

// Job applications (docs/design.md#job-applications): a poster posts a job, a member applies with a cover note and a
// PDF CV, follows it in My applications; the poster reads the applicant list, downloads the CV and
// shortlists; the applicant is told; the poster closes the job, which leaves the feed and refuses
// a third member.

/** A small but real PDF, built here. */
const CV_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function openAs(browser: Browser, testInfo: TestInfo, member: NewMember): Promise<Page> {
  const { baseURL, viewport } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await logIn(page, member.username, member.password);
  return page;
}

async function checkScreen(page: Page, testInfo: TestInfo, name: string) {
  expect(await seriousAxeViolations(page)).toEqual([]);
  await expectNoSidewaysScroll(page);
  await snap(page, testInfo, name);
}

test('a member applies with a CV, the poster shortlists and closes the job', async ({
  page,
  browser,
}, testInfo) => {
  const [poster, applicant, latecomer] = await signUpMembers(
    page.request,
    testInfo,
    'Pendo Mwajuma',
    'Imani Chebet',
    'Rehema Njambi',
  );
  const title = uniqueTitle(testInfo, 'Mpiga Chapa');

  // The poster posts a job that stays open for two weeks.
  await signIn(page, poster.username, poster.password);
  await page.goto('/create?tab=job');
  await page.getByLabel('Job title').fill(title);
  await page.getByLabel('Company (optional)').fill('Chapa Haraka Printers');
  await page.getByLabel('Location (optional)').fill('Eldoret');
  await page.getByLabel('Expires in (days)').fill('14');
  await page.getByRole('button', { name: 'Post Job' }).click();
  await expect(page.getByText('Job posted')).toBeVisible();

  // The applicant finds it and applies with a note and a CV.
  const member = await openAs(browser, testInfo, applicant);
  await member.goto(`/jobs?search=${encodeURIComponent(title)}`);
  await member.locator('#main').getByRole('link', { name: title }).click();
  await expect(member.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const jobUrl = new URL(member.url()).pathname;
  await member.getByLabel('Cover note (optional)').fill('I have run a print shop in Eldoret for 4 years.');
  await member
    .getByLabel('CV (optional)')
    .setInputFiles({ name: 'imani-cv.pdf', mimeType: 'application/pdf', buffer: CV_PDF });
  await checkScreen(member, testInfo, 'apply-form');
  await member.getByRole('button', { name: 'Send application' }).click();
  await expect(member.getByRole('heading', { name: 'Application sent' })).toBeVisible();
  await expect(member.getByText('Submitted')).toBeVisible();
  await checkScreen(member, testInfo, 'apply-sent');

  await member.goto('/profile/me?tab=applications');
  const mine = member
    .getByRole('list', { name: 'My applications' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(mine).toContainText('Chapa Haraka Printers');
  await expect(mine).toContainText('Submitted');
  await checkScreen(member, testInfo, 'my-applications');

  // The poster opens the applicant list, downloads the CV and shortlists.
  await page.goto(jobUrl);
  await page.getByRole('link', { name: 'View applications (1)' }).click();
  await expect(page).toHaveURL(/\/jobs\/\d+\/applications$/);
  const row = page
    .getByRole('list', { name: 'Applications' })
    .getByRole('listitem')
    .filter({ hasText: applicant.name });
  await expect(row).toContainText('I have run a print shop in Eldoret for 4 years.');
  const cvAnswer = page.waitForResponse((response) => /\/api\/applications\/\d+\/cv$/.test(response.url()));
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download CV of ${applicant.name}` }).click();
  const answer = await cvAnswer;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  expect(answer.headers()['content-disposition']).toBe('attachment; filename="cv.pdf"');
  expect((await download).suggestedFilename()).toBe('cv.pdf');
  await row.getByLabel(`Status of the application by ${applicant.name}`).selectOption('shortlisted');
  await expect(page.getByText('Status updated')).toBeVisible();
  await checkScreen(page, testInfo, 'job-applications');

  // The applicant is told, and My applications shows it.
  await member.goto('/notifications');
  await expect(member.getByText(`You were shortlisted for ${title}`).first()).toBeVisible();
  await member.goto('/profile/me?tab=applications');
  await expect(mine).toContainText('Shortlisted');
  await member.context().close();

  // The poster closes the job: it says Closed and leaves the jobs feed.
  await page.goto(jobUrl);
  await page.getByRole('button', { name: 'Close job' }).click();
  await page.getByRole('button', { name: 'Yes, close it' }).click();
  await expect(page.getByText('Job closed')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Closed');
  await expect(page.getByRole('button', { name: 'Reopen job' })).toBeVisible();
  await checkScreen(page, testInfo, 'job-closed');
  await page.goto(`/jobs?search=${encodeURIComponent(title)}`);
  await expect(page.getByText('No jobs found')).toBeVisible();

  // A third member cannot apply: no form, and the API refuses.
  const late = await openAs(browser, testInfo, latecomer);
  await late.goto(jobUrl);
  await expect(late.getByRole('heading', { name: 'This job is closed' })).toBeVisible();
  await expect(late.getByRole('button', { name: 'Send application' })).toHaveCount(0);
  await checkScreen(late, testInfo, 'job-closed-visitor');
  const token = await logInByApi(late.request, latecomer.username, latecomer.password);
  const refused = await late.request.post(`/api/jobs/${jobUrl.split('/').pop()}/apply`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
    data: { message: 'Please' },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { code: string }).code).toBe('JOB_CLOSED');
  await late.context().close();
});
