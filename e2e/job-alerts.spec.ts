import { expect, test, type Page } from '@playwright/test';
import type { DeliveryCounts } from '@jamii/shared';
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
} from './helpers';

// Job alerts (docs/features/notifications.md): a member saves the Jobs screen's search as an alert,
// finds it under My job alerts (from Jobs and from notification settings) and deletes it; an admin
// reads the delivery counts. In English and Kiswahili, at 375 px (mobile) and 1280 px (desktop).

/** Signs in with the language chosen at login, which sticks to this test's own account. */
async function signInIn(page: Page, member: { username: string; password: string }, language: 'en' | 'sw') {
  const chosen = await page.request.post('/api/login', {
    data: { username: member.username, password: member.password, language },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(chosen.status()).toBe(200);
  await signIn(page, member.username, member.password);
}

/** How far the page scrolls sideways (none at 375 px is the rule). */
const sideways = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');

const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((all, [key, value]) => all.replace(`{${key}}`, value), text);

for (const language of ['en', 'sw'] as const) {
  const words = language === 'en' ? en : sw;
  test.describe(`in ${language === 'en' ? 'English' : 'Kiswahili'}`, () => {
    test.use({ locale: language === 'en' ? 'en-KE' : 'sw-KE' });

    test('a member saves an alert from the Jobs screen, sees it listed and deletes it', async ({
      page,
    }, testInfo) => {
      const [member] = await signUpMembers(page.request, testInfo, 'Achieng Wafula');
      await signInIn(page, member, language);
      await page.goto('/jobs?search=nurse&county=Kisumu');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words['jobs.feed.title']);

      await page.getByRole('button', { name: words['jobAlerts.create'] }).click();
      const dialog = page.getByRole('dialog', { name: words['jobAlerts.create'] });
      await expect(dialog).toContainText(fill(words['jobAlerts.summary.query'], { query: 'nurse' }));
      await expect(dialog).toContainText(fill(words['jobAlerts.summary.county'], { county: 'Kisumu' }));
      // A new member has no verified phone and an unconfirmed email: neither can be chosen.
      await expect(dialog.getByRole('checkbox', { name: words['notificationChannels.sms'] })).toBeDisabled();
      await expect(dialog).toContainText(words['jobAlerts.channels.smsOff']);
      await expect(
        dialog.getByRole('checkbox', { name: words['notificationChannels.email'] }),
      ).toBeDisabled();
      await dialog.getByLabel(words['jobAlerts.salary.label']).fill('30000');
      await dialog.getByRole('radio', { name: words['jobAlerts.frequency.daily'] }).check();
      await dialog.getByRole('checkbox', { name: words['notificationChannels.push'] }).check();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await snap(page, testInfo, `job-alert-form-${language}`);
      await dialog.getByRole('button', { name: words['jobAlerts.save'] }).dblclick();
      await expect(page.getByText(words['jobAlerts.saved'])).toBeVisible();
      await expect(dialog).toHaveCount(0);

      await page.getByRole('link', { name: words['jobAlerts.manage'] }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words['jobAlerts.title']);
      // The double tap saved one alert.
      const cards = page.getByRole('article');
      await expect(cards).toHaveCount(1);
      const card = cards.first();
      await expect(card).toContainText(fill(words['jobAlerts.summary.query'], { query: 'nurse' }));
      await expect(card).toContainText(fill(words['jobAlerts.summary.salary'], { amount: 'KSh 30,000' }));
      await expect(card).toContainText(words['jobAlerts.often.daily']);
      await expect(card).toContainText(
        fill(words['jobAlerts.channels.list'], { channels: words['notificationChannels.push'] }),
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await snap(page, testInfo, `job-alerts-list-${language}`);

      await card.getByRole('button', { name: words['common.delete'] }).click();
      const confirm = page.getByRole('dialog');
      await expect(confirm).toContainText(words['jobAlerts.deleteConfirm']);
      await confirm.getByRole('button', { name: words['common.delete'] }).click();
      await expect(page.getByText(words['jobAlerts.deleted'])).toBeVisible();
      await expect(page.getByText(words['jobAlerts.empty'])).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await snap(page, testInfo, `job-alerts-empty-${language}`);

      // Notification settings lead here too.
      await page.goto('/settings/notifications');
      await page
        .getByRole('region', { name: words['jobAlerts.settings.title'] })
        .getByRole('link', { name: words['jobAlerts.manage'] })
        .click();
      await expect(page).toHaveURL(/\/jobs\/alerts$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words['jobAlerts.title']);
    });

    test('an admin opens the delivery counts, where a failed email is marked', async ({ page }, testInfo) => {
      const [moderator, owner, worker] = await signUpMembers(
        page.request,
        testInfo,
        'Amani Msimamizi',
        'Grace Njeri',
        'Baraka Mwangi',
      );
      // A real failure: the worker's accepted offer is emailed as it happens (offers), and the
      // worker's address is not confirmed, so the delivery is logged failed.
      const ownerToken = await logInByApi(page.request, owner.username, owner.password);
      const workerToken = await logInByApi(page.request, worker.username, worker.password);
      const bid = await apiAs<{ id: number }>(page.request, ownerToken, 'post', '/api/bids', {
        job_title: `Uzio ${language} ${owner.username}`,
        description: 'Kujenga uzio wa mita hamsini.',
        max_price: 30000,
        currency: 'KES',
      });
      const { offer } = await apiAs<{ offer: { id: number } }>(
        page.request,
        workerToken,
        'post',
        '/api/bids/offer',
        {
          bid_id: bid.id,
          offer_price: 20000,
          message: 'Nitamaliza kwa siku tatu.',
        },
      );
      await apiAs(page.request, ownerToken, 'put', `/api/bids/offer/accept/${offer.id}`, {});
      const demoAdmin = await logInByApi(page.request, '@msimamizi', DEMO_PASSWORD);
      await expect
        .poll(async () => {
          const res = await page.request.get('/api/admin/notification-deliveries', {
            headers: { Authorization: `Bearer ${demoAdmin}` },
          });
          const body = (await res.json()) as DeliveryCounts;
          return body.channels.find((c) => c.channel === 'email')?.last_failure?.error;
        })
        .toBe('no verified email address');
      await apiAs(page.request, demoAdmin, 'put', `/api/admin/users/${moderator.username}/role`, {
        role: 'admin',
      });
      await signInIn(page, moderator, language);
      await page.goto('/admin/payments');
      await page
        .getByRole('navigation', { name: words['admin.nav.label'] })
        .getByRole('link', { name: words['admin.nav.deliveries'] })
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words['admin.deliveries.title']);
      for (const caption of [words['admin.deliveries.day'], words['admin.deliveries.week']]) {
        const table = page.getByRole('table', { name: caption });
        // Each channel's row names its state in words beside its name.
        const states = [
          words['admin.deliveries.ok'],
          words['admin.deliveries.failing'],
          words['admin.deliveries.silent'],
        ];
        for (const channel of ['push', 'email', 'sms'] as const)
          await expect(
            table.getByRole('rowheader', {
              name: new RegExp(`^${words[`notificationChannels.${channel}`]} (${states.join('|')})$`),
            }),
          ).toBeVisible();
        await expect(table.getByRole('row')).toHaveCount(4);
      }
      await expect(
        page.getByRole('table', { name: words['admin.deliveries.day'] }).getByRole('rowheader', {
          name: `${words['notificationChannels.email']} ${words['admin.deliveries.failing']}`,
        }),
      ).toBeVisible();
      const failures = page.getByRole('region', { name: words['admin.deliveries.lastFailures'] });
      await expect(failures).toContainText('no verified email address');
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await snap(page, testInfo, `admin-deliveries-${language}`);
    });
  });
}
