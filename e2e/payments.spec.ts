import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { en } from '../apps/web/src/lib/i18n/en';
import { sw } from '../apps/web/src/lib/i18n/sw';
import {
  apiAs,
  DEMO_PASSWORD,
  logInByApi,
  seriousAxeViolations,
  signIn,
  signUpMembers,
  snap,
  snapPart,
} from './helpers';

// M-Pesa for deals (docs/features/payments.md), in test mode (MPESA_URL unset: the Daraja stand-in
// inside the product approves each PIN prompt after a moment): the owner pays, the money is held,
// completing the bid releases it to the worker's verified phone; a disputed payment waits on
// /admin/payments, where an admin refunds it.

/** Where the e2e server (scripts/e2e-server.mjs) writes its SMS. */
const SMS_OUTBOX = path.resolve(
  import.meta.dirname,
  '..',
  `.data-e2e-${process.env.E2E_PORT ?? '3199'}`,
  'sms-outbox',
);

let numbers = 0;
/** A Kenyan mobile number no other test has verified (mobile and desktop share one database). */
function freshNumber(testInfo: TestInfo) {
  numbers += 1;
  const seed = (Date.now() * 10 + numbers + (testInfo.project.name === 'mobile' ? 0 : 5)) % 10_000_000;
  return `+25471${String(seed).padStart(7, '0')}`;
}

/** Verifies a number for the member with this token, reading the code from the SMS it sent. */
async function verifyPhone(request: APIRequestContext, token: string, phone: string) {
  await apiAs(request, token, 'post', '/api/auth/phone/start', { phone });
  let code: string | undefined;
  await expect
    .poll(async () => {
      const files = await readdir(SMS_OUTBOX).catch(() => [] as string[]);
      for (const file of files) {
        const text = await readFile(path.join(SMS_OUTBOX, file), 'utf8');
        if (text.startsWith(`To: ${phone}\n`)) code = /\b(\d{6})\b/.exec(text)?.[1];
      }
      return code;
    })
    .toBeTruthy();
  await apiAs(request, token, 'post', '/api/auth/phone/verify', { phone, code });
}

/** A bid of the owner's with the worker's offer accepted, through the API; answers its id. */
async function acceptedDeal(
  request: APIRequestContext,
  owner: { username: string; password: string },
  worker: { username: string; password: string },
  title: string,
  price: number,
) {
  const ownerToken = await logInByApi(request, owner.username, owner.password);
  const workerToken = await logInByApi(request, worker.username, worker.password);
  const bid = await apiAs<{ id: number }>(request, ownerToken, 'post', '/api/bids', {
    job_title: title,
    description: 'Kupaka rangi vyumba vitatu na sebule.',
    max_price: 30000,
    currency: 'KES',
  });
  const { offer } = await apiAs<{ offer: { id: number } }>(request, workerToken, 'post', '/api/bids/offer', {
    bid_id: bid.id,
    offer_price: price,
    message: 'Nitamaliza kwa siku tano.',
  });
  await apiAs(request, ownerToken, 'put', `/api/bids/offer/accept/${offer.id}`, {});
  return { bidId: bid.id, ownerToken, workerToken };
}

const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((all, [key, value]) => all.replace(`{${key}}`, value), text);

async function signInIn(page: Page, member: { username: string; password: string }, language: 'en' | 'sw') {
  const chosen = await page.request.post('/api/login', {
    data: { username: member.username, password: member.password, language },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(chosen.status()).toBe(200);
  await signIn(page, member.username, member.password);
}

for (const language of ['en', 'sw'] as const) {
  const words = language === 'en' ? en : sw;
  test.describe(`in ${language === 'en' ? 'English' : 'Kiswahili'}`, () => {
    test.use({ locale: language === 'en' ? 'en-KE' : 'sw-KE' });

    test('the owner pays by M-Pesa, the money is held, and completing the bid releases it', async ({
      page,
    }, testInfo) => {
      const [owner, worker] = await signUpMembers(page.request, testInfo, 'Grace Njeri', 'Baraka Mwangi');
      const title = `Rangi ${language} ${owner.username}`;
      const { bidId, workerToken } = await acceptedDeal(page.request, owner, worker, title, 20000);
      await verifyPhone(page.request, workerToken, freshNumber(testInfo));

      await signInIn(page, owner, language);
      await page.goto('/bids');
      const card = page.getByRole('article', { name: title });
      const panel = card.getByRole('region', { name: words['payments.title'] });
      await expect(panel.getByRole('note')).toHaveText(words['payments.testMode']);
      await panel
        .getByRole('button', { name: fill(words['payments.pay'], { amount: 'KSh 20,000' }) })
        .click();
      await panel.getByLabel(words['payments.phoneLabel']).fill('0712 345 678');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await snapPart(panel, testInfo, `payment-phone-${language}`);
      await panel.getByRole('button', { name: words['payments.sendPrompt'] }).click();

      // The stand-in answers the PIN prompt: pending, then held.
      await expect(panel.getByRole('status')).toHaveText(
        fill(words['payments.held'], { amount: 'KSh 20,000' }),
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
      await snap(page, testInfo, `payment-held-${language}`);

      await card.getByRole('button', { name: words['bids.complete.action'] }).click();
      await expect(panel.getByRole('status')).toHaveText(
        fill(words['payments.released'], { amount: 'KSh 20,000' }),
      );
      await expect(panel).toContainText(/M-Pesa|Risiti/);
      await snapPart(panel, testInfo, `payment-released-${language}`);

      // The worker's side of the same deal says so too.
      const payment = await page.request.get(`/api/bids/${bidId}/payment`, {
        headers: { Authorization: `Bearer ${workerToken}` },
      });
      expect(((await payment.json()) as { status: string }).status).toBe('released');
    });

    test('a disputed payment waits on the admins’ Payments screen, where an admin refunds it', async ({
      page,
    }, testInfo) => {
      const [owner, worker, moderator] = await signUpMembers(
        page.request,
        testInfo,
        'Grace Njeri',
        'Baraka Mwangi',
        'Amani Msimamizi',
      );
      const title = `Mgogoro ${language} ${owner.username}`;
      const { bidId, ownerToken, workerToken } = await acceptedDeal(
        page.request,
        owner,
        worker,
        title,
        15000,
      );
      await apiAs(page.request, ownerToken, 'post', `/api/bids/${bidId}/payment`, { phone: '0712345678' });
      await expect
        .poll(async () => {
          const res = await page.request.get(`/api/bids/${bidId}/payment`, {
            headers: { Authorization: `Bearer ${ownerToken}` },
          });
          return ((await res.json()) as { status: string }).status;
        })
        .toBe('held');
      await apiAs(page.request, workerToken, 'post', `/api/bids/${bidId}/payment/dispute`, {
        reason: 'The client stopped answering after the work was done.',
      });

      // A moderator of this test's own, made admin by the demo admin: choosing a language at login
      // keeps it on the account, and other tests read the demo admin's screens in English.
      const demoAdmin = await logInByApi(page.request, '@msimamizi', DEMO_PASSWORD);
      await apiAs(page.request, demoAdmin, 'put', `/api/admin/users/${moderator.username}/role`, {
        role: 'admin',
      });
      await signInIn(page, moderator, language);
      await page.goto('/admin/payments');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words['admin.payments.title']);
      const mine = page.getByRole('article').filter({ hasText: title });
      await expect(mine).toContainText('KSh 15,000');
      await expect(mine).toContainText(words['admin.payments.status.disputed']);
      await expect(mine).toContainText('The client stopped answering after the work was done.');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await snap(page, testInfo, `admin-payments-${language}`);

      await mine.getByRole('button', { name: words['payments.adminRefund'] }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(
        fill(words['admin.payments.refundConfirm'], { amount: 'KSh 15,000', name: 'Grace Njeri' }),
      );
      await dialog.getByRole('button', { name: words['payments.adminRefund'] }).click();
      await expect(page.getByText(words['admin.payments.refunded'])).toBeVisible();
      // Decided: it leaves the disputed list, and All payments shows it refunding or refunded.
      await expect(mine).toHaveCount(0);
      await page.getByRole('tab', { name: words['admin.payments.all'] }).click();
      await expect(page.getByRole('article').filter({ hasText: title })).toContainText(
        new RegExp(`${words['admin.payments.status.refunding']}|${words['admin.payments.status.refunded']}`),
      );
    });
  });
}
