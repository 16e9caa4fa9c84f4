import { expect, test } from '@playwright/test';

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

    await page.screenshot({ path: `test-results/landing-${testInfo.project.name}.png`, fullPage: true });
  });

  test('Get Started goes to /login', async ({ page }) => {
    await page.goto('/');

    await page.getByRole('link', { name: 'Get Started' }).click();

    await expect(page).toHaveURL(/\/login$/);
  });
});
