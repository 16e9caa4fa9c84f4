import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, logIn } from './helpers';

// The browser reads our Permissions-Policy as we mean it: every name known (no console complaint),
// position, camera and microphone off, what the app uses (autoplaying previews, copying a link) on.

/** The console's complaints about the policy, from the first byte of each page. */
function policyComplaints(page: Page): string[] {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (/permissions[- ]policy|feature policy/i.test(message.text())) complaints.push(message.text());
  });
  return complaints;
}

const allows = (page: Page, feature: string) =>
  page.evaluate<boolean>(`document.featurePolicy.allowsFeature(${JSON.stringify(feature)})`);

test('the landing page and the signed-in feed: a policy the browser knows, strict', async ({ page }) => {
  const complaints = policyComplaints(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await logIn(page, 'wanjiku_k', DEMO_PASSWORD);
  await expect(page.getByRole('article').first()).toBeVisible();
  for (const feature of ['geolocation', 'camera', 'microphone', 'payment', 'usb', 'display-capture'])
    expect(await allows(page, feature), feature).toBe(false);
  for (const feature of ['autoplay', 'clipboard-write'])
    expect(await allows(page, feature), feature).toBe(true);
  expect(complaints).toEqual([]);
});
