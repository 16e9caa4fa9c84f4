import { expect, test, type APIRequestContext, type TestInfo } from '@playwright/test';
import {
  apiAs,
  logInByApi,
  newMember,
  type NewMember,
  seriousAxeViolations,
  signIn,
  signUpByApi,
  signUpMembers,
  snap,
  snapPart,
} from './helpers';

// The whole deal (docs/design.md "Done when", docs/design.md#offers-that-behave-like-a-marketplace, docs/design.md#messages, docs/design.md#reviews): a client posts a bid in
// shillings; two bidders offer once each; the client compares them with their ratings and accepts
// one after the question; the winner and the client talk in Messages; the other bidder sees
// Declined and is told; the bid is Completed; both review each other; the winner's profile shows
// the rating. Screens pass axe at 375 and 1280 px.

const bare = (username: string) => username.replace(/^@/, '');

/** An earlier finished deal through the API, so the winner comes with one 4-star review. */
async function earlierDeal(request: APIRequestContext, testInfo: TestInfo, worker: NewMember) {
  const past = { ...newMember(testInfo), name: 'Sifa Mteja' };
  await signUpByApi(request, past);
  const pastToken = await logInByApi(request, past.username, past.password);
  const workerToken = await logInByApi(request, worker.username, worker.password);
  const bid = await apiAs<{ id: number }>(request, pastToken, 'post', '/api/bids', {
    job_title: `Earlier job ${past.username}`,
    max_price: 5000,
    description: 'A small repair.',
  });
  const placed = await apiAs<{ offer: { id: number } }>(request, workerToken, 'post', '/api/bids/offer', {
    bid_id: bid.id,
    offer_price: 4000,
    message: 'Nitafanya kesho.',
  });
  await apiAs(request, pastToken, 'put', `/api/bids/offer/accept/${placed.offer.id}`, {});
  await apiAs(request, pastToken, 'post', `/api/bids/${bid.id}/complete`, {});
  await apiAs(request, pastToken, 'post', '/api/reviews', { bid_id: bid.id, rating: 4, text: 'Good work.' });
}

test('the whole deal: offers compared by rating, one accepted, a conversation, Completed, reviews both ways', async ({
  page,
  browser,
}, testInfo) => {
  const [client, winner, loser] = await signUpMembers(
    page.request,
    testInfo,
    'Makena Mteja',
    'Jabali Fundi',
    'Kioko Mshindani',
  );
  await earlierDeal(page.request, testInfo, winner);
  const title = `Kujenga ukuta ${client.username}`;

  // The client posts a bid in shillings.
  await signIn(page, client.username, client.password);
  await page.goto('/bids');
  const form = page.getByRole('form', { name: 'Ask for offers' });
  await form.getByLabel('Job title').fill(title);
  await form.getByLabel('Max price').fill('30000');
  await expect(form.getByLabel('Currency')).toHaveValue('KES');
  await form.getByRole('button', { name: 'Post Bid' }).click();
  await expect(page.getByText('Bid posted')).toBeVisible();
  const ownCard = page.getByRole('article', { name: title });
  await expect(ownCard).toContainText('Max Price:KSh 30,000');

  const winnerContext = await browser.newContext({ viewport: page.viewportSize() });
  const loserContext = await browser.newContext({ viewport: page.viewportSize() });
  try {
    // The winner offers in the app; a second offer is refused: Edit instead, and 409 from the API.
    const winnerPage = await winnerContext.newPage();
    await signIn(winnerPage, winner.username, winner.password);
    await winnerPage.goto('/bids');
    const winnerCard = winnerPage.getByRole('article', { name: title });
    await winnerCard.getByRole('button', { name: 'Place Bid' }).click();
    const offerForm = winnerCard.getByRole('form', { name: 'Your offer' });
    await offerForm.getByLabel('Your price (KSh)').fill('27500');
    await offerForm.getByLabel('Message').fill('Nina uzoefu wa miaka kumi.');
    await offerForm.getByRole('button', { name: 'Submit Offer' }).click();
    await expect(winnerPage.getByText('Bid Submitted')).toBeVisible();
    const winnerOwnLine = winnerCard.getByRole('listitem').filter({ hasText: winner.name });
    await expect(winnerOwnLine).toContainText('KSh 27,500');
    await expect(winnerCard.getByRole('button', { name: 'Place Bid' })).toHaveCount(0);
    await expect(winnerOwnLine.getByRole('button', { name: 'Edit offer' })).toBeVisible();
    const winnerToken = await logInByApi(page.request, winner.username, winner.password);
    const bidId = (
      (await (
        await page.request.get(`/api/bids?search=${encodeURIComponent(title)}`, {
          headers: { Authorization: `Bearer ${winnerToken}` },
        })
      ).json()) as { id: number }[]
    )[0]!.id;
    const again = await page.request.post('/api/bids/offer', {
      headers: { Authorization: `Bearer ${winnerToken}`, 'X-Requested-With': 'XMLHttpRequest' },
      data: { bid_id: bidId, offer_price: 20000, message: 'Bei nafuu zaidi.' },
    });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('OFFER_EXISTS');

    // The other bidder offers through the API.
    const loserToken = await logInByApi(page.request, loser.username, loser.password);
    await apiAs(page.request, loserToken, 'post', '/api/bids/offer', {
      bid_id: bidId,
      offer_price: 26000,
      message: 'Naweza kuanza leo.',
    });

    // The client sees both offers with the bidders' ratings, and accepts one after the question.
    await page.reload();
    const winnerLine = ownCard.getByRole('listitem').filter({ hasText: winner.name });
    const loserLine = ownCard.getByRole('listitem').filter({ hasText: loser.name });
    await expect(winnerLine.getByRole('img', { name: 'Rated 4.0 out of 5 from 1 review' })).toBeVisible();
    await expect(loserLine).toContainText('No reviews yet');
    await expect(loserLine).toContainText('KSh 26,000');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, testInfo, 'deal-offers-compared');
    await snapPart(ownCard, testInfo, 'card-offers');
    await winnerLine.getByRole('button', { name: 'Accept Offer' }).click();
    const question = page.getByRole('dialog');
    await expect(question).toContainText(`Accept ${winner.name}’s offer of KSh 27,500?`);
    await question.getByRole('button', { name: 'Accept Offer' }).click();
    await expect(page.getByText('Offer accepted')).toBeVisible();
    await expect(winnerLine).toContainText('Accepted');
    await expect(loserLine).toContainText('Declined');

    // The winner and the client talk in the conversation the accept opened.
    await winnerPage.goto('/messages');
    const toClient = winnerPage.getByTestId('conversation').filter({ hasText: client.name });
    await toClient.getByRole('link').click();
    await expect(winnerPage.getByRole('heading', { name: client.name })).toBeVisible();
    await winnerPage.getByRole('textbox', { name: 'Write a message' }).fill('Asante! Nitaanza Jumatatu.');
    await winnerPage.getByRole('button', { name: 'Send' }).click();
    await expect(winnerPage.getByTestId('message').filter({ hasText: 'Nitaanza Jumatatu.' })).toHaveAttribute(
      'data-state',
      'sent',
    );
    await page.goto('/messages');
    await page.getByTestId('conversation').filter({ hasText: winner.name }).getByRole('link').click();
    await expect(page.getByTestId('message').filter({ hasText: 'Nitaanza Jumatatu.' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Write a message' }).fill('Sawa, karibu.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(winnerPage.getByTestId('message').filter({ hasText: 'Sawa, karibu.' })).toBeVisible();
    await snap(winnerPage, testInfo, 'deal-conversation');

    // The other bidder sees the offer Declined and the notification.
    const loserPage = await loserContext.newPage();
    await signIn(loserPage, loser.username, loser.password);
    await loserPage.goto('/bids');
    const loserOwnLine = loserPage
      .getByRole('article', { name: title })
      .getByRole('listitem')
      .filter({ hasText: loser.name });
    await expect(loserOwnLine).toContainText('Declined');
    await loserPage.goto('/notifications');
    await expect(
      loserPage.getByText(`Your offer on ${title} was declined: the client chose another offer`),
    ).toBeVisible();

    // The client marks the bid Completed and reviews the winner.
    await page.goto('/bids');
    await ownCard.getByRole('button', { name: 'Mark completed' }).click();
    await expect(page.getByText('Bid marked completed')).toBeVisible();
    await expect(ownCard).toContainText('Completed');
    await ownCard.getByRole('button', { name: 'Leave a review' }).click();
    const clientReview = ownCard.getByRole('form', { name: `Review ${winner.name}` });
    await clientReview.getByRole('button', { name: 'Post review' }).click();
    await expect(clientReview.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
    await clientReview.getByRole('radio', { name: '5 stars' }).check();
    await clientReview
      .getByLabel('What was it like to work with them? (optional)')
      .fill('Kazi safi, kwa wakati.');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, testInfo, 'deal-review-form');
    await snapPart(ownCard, testInfo, 'card-review-form');
    await clientReview.getByRole('button', { name: 'Post review' }).click();
    await expect(ownCard.getByText(`You reviewed ${winner.name}.`)).toBeVisible();
    await expect(ownCard.getByRole('button', { name: 'Leave a review' })).toHaveCount(0);

    // The winner reviews the client back.
    await winnerPage.goto('/bids');
    const winnerDone = winnerPage.getByRole('article', { name: title });
    await expect(winnerDone).toContainText('Completed');
    await winnerDone.getByRole('button', { name: 'Leave a review' }).click();
    const winnerReview = winnerDone.getByRole('form', { name: `Review ${client.name}` });
    await winnerReview.getByRole('radio', { name: '4 stars' }).check();
    await winnerReview.getByRole('button', { name: 'Post review' }).click();
    await expect(winnerDone.getByText(`You reviewed ${client.name}.`)).toBeVisible();
    await winnerPage.reload();
    await expect(winnerDone.getByText(`You reviewed ${client.name}.`)).toBeVisible();
    await snapPart(winnerDone, testInfo, 'card-reviewed');

    // The winner's profile shows the rating, and the review in the Reviews tab.
    await page.goto(`/user/${bare(winner.username)}`);
    await expect(page.getByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' })).toBeVisible();
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await expect(page.getByText('Kazi safi, kwa wakati.')).toBeVisible();
    await expect(page.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snap(page, testInfo, 'deal-winner-profile');
  } finally {
    await winnerContext.close();
    await loserContext.close();
  }
});

test('a professional profile: headline and skills from Settings, on the profile and found by Discover', async ({
  page,
  browser,
}, testInfo) => {
  const [member, searcher] = await signUpMembers(page.request, testInfo, 'Nuru Mjenzi', 'Tumaini Mtafuta');
  const skill = `Solar ${member.username}`;
  await signIn(page, member.username, member.password);
  await page.goto('/profile/me?tab=settings');
  const form = page.getByRole('region', { name: 'Edit profile' });
  await form.getByLabel('Headline').fill('Solar installer and electrician in Nakuru');
  await form.getByLabel('Skills').fill(`Wiring, ${skill}, wiring, Welding, Plumbing, Tiling`);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(form.getByLabel('Skills')).toHaveValue(`Wiring, ${skill}, Welding, Plumbing, Tiling`);
  const skills = page.getByRole('list', { name: 'Skills' });
  await expect(page.getByText('Solar installer and electrician in Nakuru')).toBeVisible();
  await expect(skills.getByRole('listitem')).toHaveCount(5);
  await expect(page.getByText('No reviews yet')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await snap(page, testInfo, 'profile-headline-skills');

  // Another member's Discover search matches the skill; the row shows the headline and three
  // chips, then +2.
  const searcherContext = await browser.newContext({ viewport: page.viewportSize() });
  try {
    const other = await searcherContext.newPage();
    await signIn(other, searcher.username, searcher.password);
    await other.goto(`/explore?search=${encodeURIComponent(skill)}`);
    const row = other.getByTestId('person-row').filter({ hasText: member.name });
    await expect(row).toContainText('Solar installer and electrician in Nakuru');
    await expect(row.getByRole('list', { name: 'Skills' })).toContainText('+2');
    expect(await seriousAxeViolations(other)).toEqual([]);
    await snap(other, testInfo, 'discover-skill-search');
    await snapPart(row, testInfo, 'person-row');
  } finally {
    await searcherContext.close();
  }
});
