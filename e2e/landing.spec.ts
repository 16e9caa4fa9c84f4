import { expect, test } from '@playwright/test';
import { holdTheApp, snap } from './helpers';
import { sw } from '../apps/web/src/lib/i18n/sw';

test.describe('landing page', () => {
  test('shows the SPEC texts, links and footer, and the hero only on wide screens', async ({
    page,
  }, testInfo) => {
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1, name: 'Just that simple' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/signup',
    );

    const hero = page.getByTestId('hero-illustration');
    if (testInfo.project.name === 'mobile') {
      await expect(hero).toBeHidden();
    } else {
      await expect(hero).toBeVisible();
    }

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('Nairobi, Kenya')).toBeVisible();
    await expect(footer.getByText('© 2025 Jamii. All rights reserved.')).toBeVisible();

    await snap(page, testInfo, 'landing');
  });

  test('Get Started goes to /login', async ({ page }) => {
    await page.goto('/');

    await page.getByRole('link', { name: 'Get Started' }).click();

    await expect(page).toHaveURL(/\/login$/);
  });

  test('paints and answers before the app scripts arrive, and keeps a language picked meanwhile', async ({
    page,
  }) => {
    const { entries, letThrough } = await holdTheApp(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Just that simple' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('sw');
    // Reaching for the menu started the app.
    await expect.poll(() => entries.length).toBe(1);

    letThrough();
    await expect(page.getByRole('heading', { level: 1, name: sw['landing.headline'] })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page.getByRole('combobox', { name: sw['language.label'] })).toHaveValue('sw');
  });
});
