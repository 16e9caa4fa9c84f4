import { expect, test, type Page } from '@playwright/test';
import {
  apiAs,
  DEMO_PASSWORD,
  logInByApi,
  newMember,
  seriousAxeViolations,
  signIn,
  signUpByApi,
  snap,
  uniqueTitle,
} from './helpers';

// Verified employers (docs/features/shield.md#verified-employers): a member asks from Settings with
// a KRA PIN, a registration number and the certificate as a PDF; an admin opens the certificate and
// approves with a note; the badge then shows on the member's profile and jobs. In Kiswahili, an agency
// is told it needs its NEA licence. Every screen passes axe.

const ADMIN = 'msimamizi';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function attachPdf(page: Page) {
  await page.locator('#employer-document').setInputFiles({
    name: 'certificate.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
}

test('a member asks to be verified, an admin approves, the badge shows on the profile and the job', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const member = newMember(testInfo);
  const reader = newMember(testInfo);
  await signUpByApi(page.request, member);
  await signUpByApi(page.request, reader);
  const legalName = uniqueTitle(testInfo, 'Tamu Bakers Limited');
  const token = await logInByApi(page.request, member.username, member.password);
  const job = await apiAs<{ id: number }>(page.request, token, 'post', '/api/jobs', {
    title: 'Bakery assistant in Thika',
    description: 'Mix dough and bake bread from 5 am. Training on the job.',
  });

  await signIn(page, member.username, member.password);
  await page.goto('/profile/me?tab=settings');
  await page.getByRole('link', { name: 'Verify as an employer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify as an employer' })).toBeVisible();

  // Every problem at once, in the shared rules' words.
  await page.getByRole('button', { name: 'Send for verification' }).click();
  await expect(page.getByText('Enter the legal name as registered')).toBeVisible();
  await expect(
    page.getByText('Enter a KRA PIN: A or P, nine digits and a letter (like P051234567X)'),
  ).toBeVisible();
  await expect(page.getByText('Enter the registration number')).toBeVisible();
  await expect(page.getByText('Attach the registration certificate as a PDF')).toBeVisible();
  await snap(page, testInfo, 'employer-form-errors');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByLabel('Legal name').fill(legalName);
  await page.getByLabel('KRA PIN').fill('p051234567x');
  await page.getByLabel('Registration number').fill('PVT-2019-123456');
  await attachPdf(page);
  await expect(page.getByText('Chosen: certificate.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Send for verification' }).click();
  await expect(page.getByText('Sent: an admin will check it soon.')).toBeVisible();
  await expect(
    page.getByText(`Waiting for an admin: your request for ${legalName} is being checked.`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send for verification' })).toHaveCount(0);
  await snap(page, testInfo, 'employer-pending');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await signIn(page, ADMIN, DEMO_PASSWORD);
  await page.goto('/admin/reports');
  await page
    .getByRole('navigation', { name: 'Admin screens' })
    .getByRole('link', { name: 'Employers' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Employer verification' })).toBeVisible();
  const card = page.getByRole('article', { name: new RegExp(`: ${legalName}$`) });
  await expect(card).toContainText('KRA PIN: P051234567X');
  await expect(card).toContainText('Registration: PVT-2019-123456');
  await expect(card).toContainText(`Asked by ${member.name} (@${member.username})`);
  const documentLink = card.getByRole('link', { name: 'Open the certificate (PDF)' });
  const document = await page.request.get((await documentLink.getAttribute('href'))!, {
    headers: { Authorization: `Bearer ${await logInByApi(page.request, ADMIN, DEMO_PASSWORD)}` },
  });
  expect(document.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.from(await document.body()).equals(PDF)).toBe(true);
  await snap(page, testInfo, 'employer-admin-queue');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await card.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: `Approve ${legalName}?` });
  await dialog.getByLabel('A note for the member (optional)').fill('Certificate checked with the registrar');
  await snap(page, testInfo, 'employer-admin-approve');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Approved: the member shows the badge now.')).toBeVisible();
  await expect(card).toHaveCount(0);

  await signIn(page, member.username, member.password);
  await page.goto('/settings/employer');
  await expect(page.getByText(`Verified: ${legalName}. Your profile and jobs show the badge.`)).toBeVisible();
  await expect(page.getByText('The admin’s note: Certificate checked with the registrar')).toBeVisible();
  await expect(page.getByTestId('employer-badge')).toHaveText('Verified employer');

  await signIn(page, reader.username, reader.password);
  await page.goto(`/user/${member.username}`);
  await expect(page.getByRole('heading', { name: member.name })).toBeVisible();
  await expect(page.getByTestId('employer-badge')).toHaveText('Verified employer');
  await snap(page, testInfo, 'employer-badge-profile');
  await page.goto(`/explore/jobs/${job.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bakery assistant in Thika' })).toBeVisible();
  await expect(page.getByTestId('employer-badge')).toHaveText('Verified employer');
  await snap(page, testInfo, 'employer-badge-job');
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('in Kiswahili, an agency is asked for its NEA licence and its request waits', async ({
  page,
}, testInfo) => {
  const member = newMember(testInfo);
  await signUpByApi(page.request, member);
  await signIn(page, member.username, member.password);
  await page.goto('/apps');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('sw');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');

  await page.goto('/settings/employer');
  await expect(page.getByRole('heading', { level: 1, name: 'Thibitisha kama mwajiri' })).toBeVisible();
  await page.getByLabel('Wakala wa ajira (mwenye leseni ya NEA)').check();
  await page.getByLabel('Jina rasmi').fill(uniqueTitle(testInfo, 'Fanaka Labour Agency'));
  await page.getByLabel('PIN ya KRA').fill('P052345678Y');
  await page.getByLabel('Namba ya usajili').fill('PVT-2020-654321');
  await attachPdf(page);
  await page.getByRole('button', { name: 'Tuma kwa uthibitisho' }).click();
  await expect(page.getByText('Wakala wa ajira anahitaji namba ya leseni yake ya NEA')).toBeVisible();
  await snap(page, testInfo, 'employer-form-sw');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByLabel('Namba ya leseni ya NEA').fill('NEA/RA/412/2025');
  await page.getByRole('button', { name: 'Tuma kwa uthibitisho' }).click();
  await expect(page.getByText('Imetumwa: msimamizi ataikagua hivi karibuni.')).toBeVisible();
  await expect(page.getByText(/^Inasubiri msimamizi: ombi lako la /)).toBeVisible();
  await snap(page, testInfo, 'employer-pending-sw');
  expect(await seriousAxeViolations(page)).toEqual([]);
});
