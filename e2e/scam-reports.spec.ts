import { expect, test, type Page } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '@jamii/shared';
import {
  apiAs,
  DEMO_PASSWORD,
  logInByApi,
  newMember,
  seriousAxeViolations,
  signIn,
  signUpByApi,
  snap,
  storedItem,
  uniqueTitle,
} from './helpers';

// One-tap scam reports and what moderators see (docs/features/moderation.md#scam-reports,
// docs/features/shield.md#the-held-queue): three members tap Report scam on a job and it is held;
// the held queue shows a scam job's whole text with the words that held it marked and the reasons
// in words, in English and Kiswahili; a message asking for money is warned, with Report scam inside
// the warning. Every screen passes axe.

const ADMIN = 'msimamizi';
const SCAM =
  'Pay the registration fee of KSh 1,000 to M-Pesa 0712 345 678 then WhatsApp me only. Start on Monday.';

async function openHeldTab(page: Page) {
  await page.goto('/admin/reports');
  await page.getByRole('tab', { name: /^(Held|Zinasubiri ukaguzi)$/ }).click();
}

test('three members report a job as a scam in one tap; it is held for the moderators', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const [poster, reader, ...reporters] = Array.from({ length: 5 }, () => newMember(testInfo));
  for (const m of [poster!, reader!, ...reporters]) await signUpByApi(page.request, m);
  const title = uniqueTitle(testInfo, 'Shop attendants in Eldoret');
  const token = await logInByApi(page.request, poster!.username, poster!.password);
  const job = await apiAs<{ id: number }>(page.request, token, 'post', '/api/jobs', {
    title,
    description: 'Serve customers and stock the shelves. Salary KSh 16,000 a month.',
  });

  for (const [i, reporter] of reporters.entries()) {
    await signIn(page, reporter.username, reporter.password);
    await page.goto(`/explore/jobs/${job.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Report scam' }).click();
    await expect(page.getByText('Thanks: our moderators will check it for a scam.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reported as a scam' })).toBeDisabled();
    if (i === 0) {
      await snap(page, testInfo, 'scam-report-job');
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
  }

  // Held: another member no longer finds it.
  await signIn(page, reader!.username, reader!.password);
  await page.goto(`/explore/jobs/${job.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toHaveCount(0);

  await signIn(page, ADMIN, DEMO_PASSWORD);
  await openHeldTab(page);
  const card = page.getByRole('article', { name: `job #${job.id}` });
  await expect(card).toContainText('Reported as a scam by 3 different members');
  await expect(card).toContainText('The scam check found nothing');
  await expect(card.getByTestId('held-text')).toContainText('Serve customers and stock the shelves.');
  await snap(page, testInfo, 'scam-report-held');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Approved: everyone can see it now.')).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('the held queue shows the whole text with the matched words marked and the reasons in words, in both languages', async ({
  page,
}, testInfo) => {
  const poster = newMember(testInfo);
  await signUpByApi(page.request, poster);
  const token = await logInByApi(page.request, poster.username, poster.password);
  const job = await apiAs<{ id: number; risk: { level: string } }>(page.request, token, 'post', '/api/jobs', {
    title: uniqueTitle(testInfo, 'Supermarket attendants'),
    description: SCAM,
  });
  expect(job.risk.level).toBe('high');

  await signIn(page, ADMIN, DEMO_PASSWORD);
  await openHeldTab(page);
  const card = page.getByRole('article', { name: `job #${job.id}` });
  await expect(card).toContainText('The scam check found a high risk');
  const reasons = card.getByTestId('held-reasons');
  await expect(reasons).toContainText('It asks for money before any work');
  await expect(reasons).toContainText('It gives an M-Pesa number, till or paybill to send money to.');
  await expect(reasons).toContainText('It pushes you to talk only on WhatsApp or Telegram.');
  const text = card.getByTestId('held-text');
  await expect(text).toContainText('Start on Monday.');
  await expect(text.locator('mark')).toHaveText([
    'registration fee of KSh 1,000',
    'M-Pesa 0712 345 678',
    'WhatsApp me only',
  ]);
  await snap(page, testInfo, 'held-queue-marked');
  expect(await seriousAxeViolations(page)).toEqual([]);

  // In Kiswahili: the demo admin's language goes back to English for the other specs.
  const admin = JSON.parse((await storedItem(page, 'user')) ?? '{}') as { id: number };
  const adminToken = await storedItem(page, TOKEN_STORAGE_KEY);
  try {
    await page.goto('/apps');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('sw');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await openHeldTab(page);
    const kadi = page.getByRole('article', { name: new RegExp(`#${job.id}$`) });
    await expect(kadi).toContainText('Ukaguzi wa utapeli umepata hatari kubwa');
    await expect(kadi.getByTestId('held-reasons')).toContainText('Inaomba pesa kabla ya kazi');
    await expect(kadi.getByTestId('held-text').locator('mark')).toHaveCount(3);
    await snap(page, testInfo, 'held-queue-marked-sw');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await kadi.getByRole('button', { name: 'Kataa' }).click();
    await expect(page.getByText('Kimekataliwa: kitaendelea kufichwa.')).toBeVisible();
  } finally {
    const reset = await page.request.put(`/api/users/${admin.id}`, {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { language: 'en' },
    });
    expect(reset.ok()).toBe(true);
  }
});

test('a message asking for money is warned, and the warning reports it as a scam in one tap', async ({
  page,
}, testInfo) => {
  const [sender, receiver] = [newMember(testInfo), newMember(testInfo)];
  for (const m of [sender, receiver]) await signUpByApi(page.request, m);
  const token = await logInByApi(page.request, sender.username, sender.password);
  const conversation = await apiAs<{ id: number }>(page.request, token, 'post', '/api/conversations', {
    username: receiver.username,
  });
  await apiAs(page.request, token, 'post', `/api/conversations/${conversation.id}/messages`, {
    body: 'You got the job! Please pay a registration fee of KSh 500 before Monday.',
    client_id: uniqueTitle(testInfo, 'scam-message').replace(/\s/g, '-'),
  });

  await signIn(page, receiver.username, receiver.password);
  await page.goto(`/messages/${conversation.id}`);
  const message = page.getByTestId('message').filter({ hasText: 'registration fee of KSh 500' });
  const warning = message.getByRole('note');
  await expect(warning).toContainText('Jamii never asks for fees to get a job — don’t pay');
  await warning.getByRole('button', { name: 'Report scam' }).click();
  await expect(page.getByText('Thanks: our moderators will check it for a scam.')).toBeVisible();
  await expect(warning.getByRole('button', { name: 'Reported as a scam' })).toBeDisabled();
  await snap(page, testInfo, 'scam-report-message');
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Reported already: the next tap (after a reload) says so.
  await page.reload();
  await message.getByRole('note').getByRole('button', { name: 'Report scam' }).click();
  await expect(page.getByText('You already reported this')).toBeVisible();
});
