import { expect, test } from '@playwright/test';
import { apiAs, logInByApi, signIn, signUpMembers, snap } from './helpers';

// docs/features/phones-and-places.md: a phone number on the profile, private until shown; numbers in jobs to call and to
// chat on WhatsApp; location suggestions; the Jobs list by county.

test('a phone number stays private until its owner shows it, then calls and opens WhatsApp', async ({
  page,
  browser,
}, testInfo) => {
  const [amina, brian] = await signUpMembers(page.request, testInfo, 'Amina Wanjiru', 'Brian Korir');
  await signIn(page, amina.username, amina.password);
  await page.goto('/profile/me?tab=settings');
  await page.getByLabel('Phone number (optional)').fill('0712 345 678');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByText('(Only you see your number)')).toBeVisible();

  // Brian, on his own phone, sees no number on Amina's profile.
  const other = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: page.viewportSize(),
  });
  const brianPage = await other.newPage();
  await signIn(brianPage, brian.username, brian.password);
  await brianPage.goto(`/user/${amina.username}`);
  await expect(brianPage.getByRole('heading', { level: 1, name: amina.name })).toBeVisible();
  await expect(brianPage.getByRole('link', { name: /WhatsApp/ })).toHaveCount(0);
  const token = await logInByApi(page.request, brian.username, brian.password);
  const hidden = await page.request.get(`/api/users/${amina.username}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(((await hidden.json()) as { phone?: string }).phone).toBeUndefined();

  await page.getByRole('checkbox', { name: 'Show my phone number on my profile' }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated').first()).toBeVisible();
  await expect(page.getByText('(Only you see your number)')).toBeHidden();

  await brianPage.reload();
  await expect(brianPage.getByRole('link', { name: '0712 345 678', exact: true })).toHaveAttribute(
    'href',
    'tel:+254712345678',
  );
  await expect(brianPage.getByRole('link', { name: 'WhatsApp 0712 345 678' })).toHaveAttribute(
    'href',
    'https://wa.me/254712345678',
  );
  await snap(brianPage, testInfo, 'phones-shown-profile');
  await other.close();
});

test('Jobs filter by county, and a number in a job calls', async ({ page }, testInfo) => {
  const [poster] = await signUpMembers(page.request, testInfo, 'Ochieng Korir');
  const token = await logInByApi(page.request, poster.username, poster.password);
  const title = `Fish trader ${poster.username}`;
  await apiAs(page.request, token, 'post', '/api/jobs', {
    title,
    location: 'Ahero',
    description: 'Call 0722 123 456 before Friday.',
  });

  await page.goto('/jobs?county=Kisumu');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByLabel('County')).toHaveValue('Kisumu');
  await expect(page.getByRole('link', { name: '0722 123 456', exact: true }).first()).toHaveAttribute(
    'href',
    'tel:+254722123456',
  );
  await snap(page, testInfo, 'phones-jobs-county');

  await page.getByLabel('County').selectOption('Nyeri');
  await expect(page).toHaveURL(/county=Nyeri/);
  await expect(page.getByRole('heading', { name: title })).toBeHidden();

  // The job form suggests places as the location is typed.
  await signIn(page, poster.username, poster.password);
  await page.goto('/create?tab=job');
  const location = page.getByLabel('Location (optional)');
  const listId = await location.getAttribute('list');
  expect(listId).toBeTruthy();
  await expect(page.locator(`datalist[id="${listId}"] option[value="Eldoret, Uasin Gishu"]`)).toHaveCount(1);
});
