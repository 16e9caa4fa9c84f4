import { expect, test } from '@playwright/test';
import { sw } from '../apps/web/src/lib/i18n/sw';
import {
  apiAs,
  logInByApi,
  newMember,
  seriousAxeViolations,
  signIn,
  signUpByApi,
  signUpMembers,
  snap,
  snapPart,
} from './helpers';

// Money in shillings and offers that behave like a marketplace (docs/design.md#money-in-kenya-shillings, docs/design.md#offers-that-behave-like-a-marketplace): a bid in KES,
// one offer per member, edited by its author, accepted after a question that says what follows,
// the other offer declined, the bid completed; the screens pass axe at 375 and 1280 px.

test('a bid in shillings: one offer per member, edited, accepted after a question, the other declined', async ({
  page,
  browser,
}, testInfo) => {
  const [client, fundi, rival] = await signUpMembers(
    page.request,
    testInfo,
    'Grace Njeri',
    'Baraka Mwangi',
    'Wanjiru Rival',
  );
  const title = `Rangi ya nyumba ${client.username}`;

  // The client asks for offers in shillings (the default currency).
  await signIn(page, client.username, client.password);
  await page.goto('/bids');
  const form = page.getByRole('form', { name: 'Ask for offers' });
  await form.getByLabel('Job title').fill(title);
  await form.getByLabel('Max price').fill('25000');
  await expect(form.getByLabel('Currency')).toHaveValue('KES');
  await form.getByRole('button', { name: 'Post Bid' }).click();
  await expect(page.getByText('Bid posted')).toBeVisible();
  const ownCard = page.getByRole('article', { name: title });
  await expect(ownCard).toContainText('Max Price:KSh 25,000');
  await expect(ownCard).toContainText('Open');

  // A rival offers through the API; the fundi offers in the app, then edits the offer.
  const rivalToken = await logInByApi(page.request, rival.username, rival.password);
  const found = await page.request.get(`/api/bids?search=${encodeURIComponent(title)}`, {
    headers: { Authorization: `Bearer ${rivalToken}` },
  });
  const bidId = ((await found.json()) as { id: number }[])[0]!.id;
  await apiAs(page.request, rivalToken, 'post', '/api/bids/offer', {
    bid_id: bidId,
    offer_price: 19000,
    message: 'Nina timu ya watu watatu.',
  });

  const fundiContext = await browser.newContext({ viewport: page.viewportSize() });
  try {
    const fundiPage = await fundiContext.newPage();
    await signIn(fundiPage, fundi.username, fundi.password);
    await fundiPage.goto('/bids');
    const card = fundiPage.getByRole('article', { name: title });
    await card.getByRole('button', { name: 'Place Bid' }).click();
    const offerForm = card.getByRole('form', { name: 'Your offer' });
    await offerForm.getByLabel('Your price (KSh)').fill('26000');
    await offerForm.getByLabel('Message').fill('Nitamaliza kwa siku tano.');
    await offerForm.getByLabel('Delivery in days (optional)').fill('5');
    await offerForm.getByRole('button', { name: 'Submit Offer' }).click();
    await expect(offerForm.getByText('Price cannot be more than the max price of KSh 25,000')).toBeVisible();
    await offerForm.getByLabel('Your price (KSh)').fill('20000');
    await offerForm.getByRole('button', { name: 'Submit Offer' }).click();
    await expect(fundiPage.getByText('Bid Submitted')).toBeVisible();
    const mine = card.getByRole('listitem').filter({ hasText: 'Baraka Mwangi' });
    await expect(mine).toContainText('KSh 20,000');
    await expect(mine).toContainText('Delivery in 5 days');
    await expect(mine).toContainText('Pending');
    // One live offer per member: no second Place Bid, an Edit instead.
    await expect(card.getByRole('button', { name: 'Place Bid' })).toHaveCount(0);
    await mine.getByRole('button', { name: 'Edit offer' }).click();
    const editForm = card.getByRole('form', { name: 'Edit your offer' });
    await editForm.getByLabel('Your price (KSh)').fill('18000');
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    await expect(fundiPage.getByText('Offer updated')).toBeVisible();
    await expect(mine).toContainText('KSh 18,000');
    await expect(mine).toContainText('(edited)');
    expect(await seriousAxeViolations(fundiPage)).toEqual([]);
    await snap(fundiPage, testInfo, 'offer-edited');
    await snapPart(card, testInfo, 'offer-card');

    // The owner accepts the fundi's offer after a question that says what happens next.
    await page.reload();
    const fundiLine = ownCard.getByRole('listitem').filter({ hasText: 'Baraka Mwangi' });
    const rivalLine = ownCard.getByRole('listitem').filter({ hasText: 'Wanjiru Rival' });
    await expect(rivalLine).toContainText('KSh 19,000');
    await fundiLine.getByRole('button', { name: 'Accept Offer' }).click();
    const question = page.getByRole('dialog');
    await expect(question).toContainText(
      'Accept Baraka Mwangi’s offer of KSh 18,000? The bid closes to new offers, Baraka Mwangi is told, and a conversation with them opens in Messages. Other pending offers (1) are declined and their authors told.',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, testInfo, 'accept-question');
    await question.getByRole('button', { name: 'Accept Offer' }).click();
    await expect(page.getByText('Offer accepted')).toBeVisible();
    await expect(ownCard).toContainText('Closed');
    await expect(fundiLine).toContainText('Accepted');
    await expect(rivalLine).toContainText('Declined');
    await expect(ownCard.getByRole('button', { name: 'Accept Offer' })).toHaveCount(0);

    // The fundi sees the outcome, and can no longer change the offer.
    await fundiPage.reload();
    await expect(mine).toContainText('Accepted');
    await expect(mine.getByRole('button', { name: 'Edit offer' })).toHaveCount(0);

    // The work is done: the owner marks the bid completed.
    await ownCard.getByRole('button', { name: 'Mark completed' }).click();
    await expect(page.getByText('Bid marked completed')).toBeVisible();
    await expect(ownCard).toContainText('Completed');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, testInfo, 'bid-completed');
    await snapPart(ownCard, testInfo, 'completed-card');
  } finally {
    await fundiContext.close();
  }
});

test('a popular bid in the list: its first five offers, Bids (6), and Show all 6 bids, in English and Kiswahili', async ({
  page,
  browser,
}, testInfo) => {
  const [client, ...bidders] = await signUpMembers(
    page.request,
    testInfo,
    'Akinyi Client',
    'Fundi One',
    'Fundi Two',
    'Fundi Three',
    'Fundi Four',
    'Fundi Five',
    'Fundi Six',
  );
  const title = `Ukuta wa shamba ${client.username}`;
  const clientToken = await logInByApi(page.request, client.username, client.password);
  const bid = await apiAs<{ id: number }>(page.request, clientToken, 'post', '/api/bids', {
    job_title: title,
    max_price: 40000,
  });
  for (const [i, bidder] of bidders.entries()) {
    const token = await logInByApi(page.request, bidder.username, bidder.password);
    await apiAs(page.request, token, 'post', '/api/bids/offer', {
      bid_id: bid.id,
      offer_price: 30000 + 1000 * i,
      message: `Offer number ${i + 1}`,
    });
  }

  // The owner sees five of the six and the count of all; Show all brings the sixth.
  await signIn(page, client.username, client.password);
  await page.goto('/bids');
  const card = page.getByRole('article', { name: title });
  const offers = card.getByRole('region', { name: 'Bids' });
  await expect(offers.getByRole('heading')).toHaveText('Bids (6)');
  await expect(offers.getByRole('listitem')).toHaveCount(5);
  await expect(offers).not.toContainText('Fundi Six');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await snapPart(card, testInfo, 'popular-bid-five');
  await card.getByRole('button', { name: 'Show all 6 bids' }).click();
  await expect(offers.getByRole('listitem')).toHaveCount(6);
  await expect(offers.getByRole('listitem').last()).toContainText('Fundi Six');
  await expect(card.getByRole('button', { name: /Show all/ })).toHaveCount(0);
  await expect(offers.getByRole('list')).toBeFocused();
  await snapPart(card, testInfo, 'popular-bid-all');

  // The first bidder, in Kiswahili: the same five, and the button in their language.
  const first = bidders[0]!;
  const swContext = await browser.newContext({ viewport: page.viewportSize(), locale: 'sw-KE' });
  try {
    const swPage = await swContext.newPage();
    const chosen = await swPage.request.post('/api/login', {
      data: { username: first.username, password: first.password, language: 'sw' },
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(chosen.status()).toBe(200);
    await signIn(swPage, first.username, first.password);
    await swPage.goto('/bids');
    const swCard = swPage.getByRole('article', { name: title });
    const swOffers = swCard.getByRole('region', { name: sw['bids.list'] });
    await expect(swOffers.getByRole('heading')).toHaveText(sw['bids.listCount'].replace('{count}', '6'));
    await expect(swOffers.getByRole('listitem')).toHaveCount(5);
    const showAll = swCard.getByRole('button', { name: sw['bids.showAllOffers'].replace('{count}', '6') });
    await expect(showAll).toBeVisible();
    expect(await seriousAxeViolations(swPage)).toEqual([]);
    await snapPart(swCard, testInfo, 'popular-bid-sw');
    await showAll.click();
    await expect(swOffers.getByRole('listitem')).toHaveCount(6);
  } finally {
    await swContext.close();
  }
});

test('a service in dollars and a job’s salary range: edited by their owner, marked edited, the service deleted', async ({
  page,
}, testInfo) => {
  const owner = { ...newMember(testInfo), name: 'Wambui Karanja' };
  await signUpByApi(page.request, owner);
  const serviceTitle = `Safari photos ${owner.username}`;
  const jobTitle = `Dereva ${owner.username}`;
  const token = await logInByApi(page.request, owner.username, owner.password);
  const job = await apiAs<{ id: number }>(page.request, token, 'post', '/api/jobs', {
    title: jobTitle,
    salary: 'Negotiable',
  });

  await signIn(page, owner.username, owner.password);
  await page.goto('/services');
  const form = page.getByRole('form', { name: 'Offer a service' });
  await form.getByLabel('Service').fill(serviceTitle);
  await form.getByLabel('Price').fill('250');
  await form.getByLabel('Currency').selectOption('USD');
  await form.getByRole('button', { name: 'Add Service' }).click();
  await expect(page.getByText('Service added')).toBeVisible();
  const card = page.getByRole('article', { name: serviceTitle });
  await expect(card).toContainText('US$250');
  await card.getByRole('button', { name: 'Edit' }).click();
  const editForm = card.getByRole('form', { name: 'Edit service' });
  await expect(editForm.getByLabel('Currency')).toHaveValue('USD');
  await editForm.getByLabel('Price').fill('30000');
  await editForm.getByLabel('Currency').selectOption('KES');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await editForm.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Service updated')).toBeVisible();
  await expect(card).toContainText('KSh 30,000');
  await expect(card).toContainText('(edited)');
  await snapPart(card, testInfo, 'service-card');
  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Service deleted')).toBeVisible();
  await expect(page.getByRole('article', { name: serviceTitle })).toHaveCount(0);

  await page.goto(`/explore/jobs/${job.id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const jobForm = page.getByRole('form', { name: 'Edit job' });
  await jobForm.getByLabel('Salary from (optional)').fill('40000');
  await jobForm.getByLabel('Salary up to (optional)').fill('30000');
  await jobForm.getByRole('button', { name: 'Save changes' }).click();
  await expect(jobForm.getByText('Maximum salary cannot be less than the minimum')).toBeVisible();
  await jobForm.getByLabel('Salary up to (optional)').fill('55000');
  await jobForm.getByLabel('Per', { exact: true }).selectOption('month');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await snap(page, testInfo, 'job-edit');
  await jobForm.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Job updated')).toBeVisible();
  await expect(page.getByText('KSh 40,000 – KSh 55,000 per month · Negotiable')).toBeVisible();
  await expect(page.getByText('(edited)')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await snap(page, testInfo, 'job-details-range');
});
