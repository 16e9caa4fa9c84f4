import { randomUUID } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../src/test/build-test-app';
import { makeBid, makeJob, makeOffer, makePost, makeUser } from '../src/test/factories';
import type { RoutePolicy } from '../src/platform/auth';

// The authorization matrix (docs/security.md): every route of the live route table (collected with
// onRoute) is called as a visitor, member A (who owns the objects in the path), member B, an admin
// and with four bad tokens. The expected statuses are the one table below; a route missing from it
// fails the test. Nothing of A's may be readable or changeable by B where SPEC/DESIGN do not make it
// public: B's refused writes leave A's rows as they were, and no answer to B, a visitor or a bad
// token carries A's email, phone or private texts.

type Member = Awaited<ReturnType<typeof makeUser>>;
const MARK = {
  message: 'PRIVATE-MESSAGE-MARK-7Q',
  application: 'PRIVATE-APPLICATION-MARK-3Z',
  notification: 'PRIVATE-NOTIFICATION-MARK-9K',
  phone: '+254712000999',
};

/** Owner-only fields found on objects that describe the member (by id or user_id), at any depth. */
function ownFieldsOf(value: unknown, memberId: number, fields: string[]): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => ownFieldsOf(v, memberId, fields));
  if (!value || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  const isMember = record.id === memberId || record.user_id === memberId;
  const found = isMember ? fields.filter((f) => f in record) : [];
  return [...found, ...Object.values(record).flatMap((v) => ownFieldsOf(v, memberId, fields))];
}

/** What A owns (fresh for each write, so one call cannot spoil the next). */
interface World {
  a: Member;
  post: number;
  comment: number;
  job: number;
  bid: number;
  /** C's offer on A's bid (A may accept it; B may not). */
  offerOnBid: number;
  /** A's offer on C's bid (A may edit or withdraw it; B may not). */
  offer: number;
  service: number;
  video: number;
  notification: number;
  conversation: number;
  /** C's application to A's job (A decides it; B may not). */
  application: number;
  round: string;
  report: number;
}

/** [visitor, A, B, admin]; bad tokens expect what a visitor gets. */
type Row = readonly [number, number, number, number];
interface Case {
  path: (w: World) => string;
  body?: (w: World) => unknown;
  expect: Row;
}

const u = (w: World) => encodeURIComponent(w.a.username);

/**
 * THE table: one entry per route (METHOD url as registered), [visitor, A, B, admin]. Reading notes:
 * B gets 403 or 404 on every object of A's that is not public (404 where existence is private:
 * conversations, sessions, notifications, quiz rounds); the offers of a bid are public to members
 * (SPEC: the bid card lists them); creating routes are called without a body (400 past the policy).
 */
const MATRIX: Record<string, Case> = {
  'GET /api/docs': { path: () => '/api/docs', expect: [200, 200, 200, 200] },
  'GET /api/docs/static/index.html': {
    path: () => '/api/docs/static/index.html',
    expect: [302, 302, 302, 302],
  },
  'GET /api/docs/static/swagger-initializer.js': {
    path: () => '/api/docs/static/swagger-initializer.js',
    expect: [200, 200, 200, 200],
  },
  'GET /api/docs/yaml': { path: () => '/api/docs/yaml', expect: [200, 200, 200, 200] },
  'GET /api/docs/static/*': { path: () => '/api/docs/static/swagger-ui.css', expect: [200, 200, 200, 200] },
  'POST /api/jobs/:id/apply': { path: (w) => `/api/jobs/${w.job}/apply`, expect: [401, 403, 201, 201] },
  'PATCH /api/applications/:id': {
    path: (w) => `/api/applications/${w.application}`,
    body: () => ({ status: 'shortlisted' }),
    expect: [401, 200, 403, 403],
  },
  'GET /api/applications/me': { path: () => '/api/applications/me', expect: [401, 200, 200, 200] },
  'GET /api/jobs/:id/applications': {
    path: (w) => `/api/jobs/${w.job}/applications`,
    expect: [401, 200, 403, 200],
  },
  'GET /api/applications/:id/cv': {
    path: (w) => `/api/applications/${w.application}/cv`,
    expect: [401, 404, 403, 403],
  },
  'POST /api/signup': { path: () => '/api/signup', expect: [400, 400, 400, 400] },
  'POST /api/login': { path: () => '/api/login', body: () => ({}), expect: [400, 400, 400, 400] },
  'POST /api/refresh': { path: () => '/api/refresh', expect: [401, 401, 401, 401] },
  'POST /api/logout': { path: () => '/api/logout', expect: [204, 204, 204, 204] },
  'GET /api/me': { path: () => '/api/me', expect: [401, 200, 200, 200] },
  'POST /api/auth/forgot-password': {
    path: () => '/api/auth/forgot-password',
    body: () => ({}),
    expect: [400, 400, 400, 400],
  },
  'POST /api/auth/reset-password': {
    path: () => '/api/auth/reset-password',
    body: () => ({}),
    expect: [400, 400, 400, 400],
  },
  'POST /api/auth/change-password': {
    path: () => '/api/auth/change-password',
    body: () => ({}),
    expect: [401, 400, 400, 400],
  },
  'GET /api/auth/sessions': { path: () => '/api/auth/sessions', expect: [401, 200, 200, 200] },
  'POST /api/auth/phone/start': {
    path: () => '/api/auth/phone/start',
    body: () => ({}),
    expect: [400, 400, 400, 400],
  },
  'POST /api/auth/phone/verify': {
    path: () => '/api/auth/phone/verify',
    body: () => ({}),
    expect: [400, 400, 400, 400],
  },
  'POST /api/unsubscribe': { path: () => '/api/unsubscribe', body: () => ({}), expect: [400, 400, 400, 400] },
  'GET /api/unsubscribe': { path: () => '/api/unsubscribe?token=not-a-token', expect: [200, 200, 200, 200] },
  'POST /api/job-alerts/unsubscribe': {
    path: () => '/api/job-alerts/unsubscribe?token=not-a-token',
    body: () => ({}),
    expect: [400, 400, 400, 400],
  },
  'GET /api/job-alerts/unsubscribe': {
    path: () => '/api/job-alerts/unsubscribe?token=not-a-token',
    expect: [200, 200, 200, 200],
  },
  'GET /api/push/key': { path: () => '/api/push/key', expect: [200, 200, 200, 200] },
  'POST /api/push/subscriptions': {
    path: () => '/api/push/subscriptions',
    body: () => ({}),
    expect: [401, 400, 400, 400],
  },
  'DELETE /api/push/subscriptions': {
    path: () => '/api/push/subscriptions',
    body: () => ({ endpoint: 'https://push.example/none' }),
    expect: [401, 204, 204, 204],
  },
  'GET /api/job-alerts': { path: () => '/api/job-alerts', expect: [401, 200, 200, 200] },
  'POST /api/job-alerts': { path: () => '/api/job-alerts', body: () => ({}), expect: [401, 400, 400, 400] },
  'DELETE /api/job-alerts/:id': { path: () => '/api/job-alerts/999999', expect: [401, 404, 404, 404] },
  // Daraja's callbacks carry a secret in their path: a wrong one is a route that does not exist.
  'POST /api/mpesa/stk/:token': {
    path: () => '/api/mpesa/stk/not-the-secret',
    body: () => ({}),
    expect: [404, 404, 404, 404],
  },
  'POST /api/mpesa/b2c/result/:token': {
    path: () => '/api/mpesa/b2c/result/not-the-secret',
    body: () => ({}),
    expect: [404, 404, 404, 404],
  },
  'POST /api/mpesa/b2c/timeout/:token': {
    path: () => '/api/mpesa/b2c/timeout/not-the-secret',
    body: () => ({}),
    expect: [404, 404, 404, 404],
  },
  'GET /api/payments/mode': { path: () => '/api/payments/mode', expect: [401, 200, 200, 200] },
  'POST /api/bids/:id/payment': {
    path: (w) => `/api/bids/${w.bid}/payment`,
    body: () => ({ phone: '0712345678' }),
    expect: [401, 409, 403, 403],
  },
  'GET /api/bids/:id/payment': { path: (w) => `/api/bids/${w.bid}/payment`, expect: [401, 404, 404, 404] },
  'POST /api/bids/:id/payment/cancel': {
    path: (w) => `/api/bids/${w.bid}/payment/cancel`,
    expect: [401, 404, 404, 404],
  },
  'POST /api/bids/:id/payment/dispute': {
    path: (w) => `/api/bids/${w.bid}/payment/dispute`,
    body: () => ({ reason: 'The work was not done' }),
    expect: [401, 404, 404, 404],
  },
  'GET /api/admin/payments': { path: () => '/api/admin/payments', expect: [401, 403, 403, 200] },
  'GET /api/admin/notification-deliveries': {
    path: () => '/api/admin/notification-deliveries',
    expect: [401, 403, 403, 200],
  },
  'POST /api/admin/payments/:id/refund': {
    path: () => '/api/admin/payments/999999/refund',
    expect: [401, 403, 403, 404],
  },
  'POST /api/admin/payments/:id/release': {
    path: () => '/api/admin/payments/999999/release',
    expect: [401, 403, 403, 404],
  },
  'GET /api/employer-verification': {
    path: () => '/api/employer-verification',
    expect: [401, 200, 200, 200],
  },
  'POST /api/employer-verification': {
    path: () => '/api/employer-verification',
    expect: [401, 400, 400, 400],
  },
  'GET /api/admin/employer-verifications': {
    path: () => '/api/admin/employer-verifications',
    expect: [401, 403, 403, 200],
  },
  'GET /api/admin/employer-verifications/:id/document': {
    path: () => '/api/admin/employer-verifications/999999/document',
    expect: [401, 403, 403, 404],
  },
  'POST /api/admin/employer-verifications/:id/approve': {
    path: () => '/api/admin/employer-verifications/999999/approve',
    body: () => ({}),
    expect: [401, 403, 403, 404],
  },
  'POST /api/admin/employer-verifications/:id/reject': {
    path: () => '/api/admin/employer-verifications/999999/reject',
    body: () => ({ reason: 'Not readable' }),
    expect: [401, 403, 403, 404],
  },
  // The gateway's callbacks answer by their form, never by a login (the test calls from loopback, allowed).
  'POST /api/ussd': { path: () => '/api/ussd', body: () => ({}), expect: [400, 400, 400, 400] },
  'POST /api/sms/inbound': { path: () => '/api/sms/inbound', body: () => ({}), expect: [400, 400, 400, 400] },
  'PUT /api/auth/ussd-pin': {
    path: () => '/api/auth/ussd-pin',
    body: () => ({}),
    expect: [401, 400, 400, 400],
  },
  'DELETE /api/auth/sessions/:id': {
    path: (w) => `/api/auth/sessions/${w.a.sessionId}`,
    expect: [401, 204, 404, 404],
  },
  'POST /api/auth/verify-email': {
    path: () => '/api/auth/verify-email',
    body: () => ({}),
    expect: [400, 400, 400, 400],
  },
  'POST /api/auth/verify-email/resend': {
    path: () => '/api/auth/verify-email/resend',
    expect: [401, 200, 200, 200],
  },
  'GET /api/bids': { path: () => '/api/bids', expect: [401, 200, 200, 200] },
  'GET /api/bids/:id': { path: (w) => `/api/bids/${w.bid}`, expect: [401, 200, 200, 200] },
  'POST /api/bids': { path: () => '/api/bids', body: () => ({}), expect: [401, 400, 400, 400] },
  'POST /api/bids/offer': { path: () => '/api/bids/offer', body: () => ({}), expect: [401, 400, 400, 400] },
  'GET /api/bids/offers/:id': { path: (w) => `/api/bids/offers/${w.bid}`, expect: [401, 200, 200, 200] },
  'PUT /api/bids/offer/accept/:offerId': {
    path: (w) => `/api/bids/offer/accept/${w.offerOnBid}`,
    expect: [401, 200, 403, 403],
  },
  'PATCH /api/bids/:id': {
    path: (w) => `/api/bids/${w.bid}`,
    body: () => ({ job_title: 'Changed by someone' }),
    expect: [401, 200, 403, 403],
  },
  'DELETE /api/bids/:id': { path: (w) => `/api/bids/${w.bid}`, expect: [401, 204, 403, 204] },
  'POST /api/bids/:id/complete': { path: (w) => `/api/bids/${w.bid}/complete`, expect: [401, 409, 403, 403] },
  'PATCH /api/bids/offers/:id': {
    path: (w) => `/api/bids/offers/${w.offer}`,
    body: () => ({ message: 'Changed by someone' }),
    expect: [401, 200, 403, 403],
  },
  'DELETE /api/bids/offers/:id': { path: (w) => `/api/bids/offers/${w.offer}`, expect: [401, 200, 403, 403] },
  'POST /api/users/:username/block': {
    path: (w) => `/api/users/${u(w)}/block`,
    expect: [401, 400, 200, 200],
  },
  'DELETE /api/users/:username/block': {
    path: (w) => `/api/users/${u(w)}/block`,
    expect: [401, 400, 200, 200],
  },
  'GET /api/blocks': { path: () => '/api/blocks', expect: [401, 200, 200, 200] },
  'GET /api/posts/:id/comments': {
    path: (w) => `/api/posts/${w.post}/comments`,
    expect: [200, 200, 200, 200],
  },
  'POST /api/posts/:id/comments': {
    path: (w) => `/api/posts/${w.post}/comments`,
    body: () => ({ body: 'Poa' }),
    expect: [401, 201, 201, 201],
  },
  'DELETE /api/comments/:id': { path: (w) => `/api/comments/${w.comment}`, expect: [401, 204, 403, 204] },
  'POST /api/conversations': {
    path: () => '/api/conversations',
    body: () => ({}),
    expect: [401, 400, 400, 400],
  },
  'GET /api/conversations': { path: () => '/api/conversations', expect: [401, 200, 200, 200] },
  'GET /api/conversations/unread-count': {
    path: () => '/api/conversations/unread-count',
    expect: [401, 200, 200, 200],
  },
  'GET /api/conversations/:id': {
    path: (w) => `/api/conversations/${w.conversation}`,
    expect: [401, 200, 404, 404],
  },
  'GET /api/conversations/:id/messages': {
    path: (w) => `/api/conversations/${w.conversation}/messages`,
    expect: [401, 200, 404, 404],
  },
  'POST /api/conversations/:id/messages': {
    path: (w) => `/api/conversations/${w.conversation}/messages`,
    body: () => ({ body: 'Sneaked in', client_id: randomUUID() }),
    expect: [401, 201, 404, 404],
  },
  'POST /api/conversations/:id/read': {
    path: (w) => `/api/conversations/${w.conversation}/read`,
    expect: [401, 200, 404, 404],
  },
  'GET /api/topics/explore': { path: () => '/api/topics/explore', expect: [200, 200, 200, 200] },
  'GET /api/hiring/explore': { path: () => '/api/hiring/explore', expect: [200, 200, 200, 200] },
  'GET /api/users/suggestions': { path: () => '/api/users/suggestions', expect: [401, 200, 200, 200] },
  'POST /api/users/:username/follow': {
    path: (w) => `/api/users/${u(w)}/follow`,
    expect: [401, 400, 200, 200],
  },
  'DELETE /api/users/:username/follow': {
    path: (w) => `/api/users/${u(w)}/follow`,
    expect: [401, 200, 200, 200],
  },
  'GET /api/users/:username/followers': {
    path: (w) => `/api/users/${u(w)}/followers`,
    expect: [200, 200, 200, 200],
  },
  'GET /api/users/:username/following': {
    path: (w) => `/api/users/${u(w)}/following`,
    expect: [200, 200, 200, 200],
  },
  'GET /api/health': { path: () => '/api/health', expect: [200, 200, 200, 200] },
  'GET /api/ready': { path: () => '/api/ready', expect: [200, 200, 200, 200] },
  'GET /api/jobs': { path: () => '/api/jobs', expect: [200, 200, 200, 200] },
  'GET /api/jobs/explore': { path: () => '/api/jobs/explore', expect: [401, 403, 403, 200] },
  'GET /api/jobs/filters': { path: () => '/api/jobs/filters', expect: [200, 200, 200, 200] },
  'GET /api/jobs/saved': { path: () => '/api/jobs/saved', expect: [401, 200, 200, 200] },
  'GET /api/jobs/:id': { path: (w) => `/api/jobs/${w.job}`, expect: [200, 200, 200, 200] },
  'POST /api/jobs': { path: () => '/api/jobs', body: () => ({}), expect: [401, 400, 400, 400] },
  'PATCH /api/jobs/:id': {
    path: (w) => `/api/jobs/${w.job}`,
    body: () => ({ title: 'Changed by someone' }),
    expect: [401, 200, 403, 403],
  },
  'DELETE /api/jobs/:id': { path: (w) => `/api/jobs/${w.job}`, expect: [401, 204, 403, 204] },
  'POST /api/jobs/:id/save': { path: (w) => `/api/jobs/${w.job}/save`, expect: [401, 200, 200, 200] },
  'DELETE /api/jobs/:id/save': { path: (w) => `/api/jobs/${w.job}/save`, expect: [401, 200, 200, 200] },
  'POST /api/reports': { path: () => '/api/reports', body: () => ({}), expect: [401, 400, 400, 400] },
  'GET /api/admin/reports': { path: () => '/api/admin/reports', expect: [401, 403, 403, 200] },
  'POST /api/admin/reports/:id/resolve': {
    path: (w) => `/api/admin/reports/${w.report}/resolve`,
    body: () => ({}),
    expect: [401, 403, 403, 400],
  },
  'GET /api/admin/users': { path: () => '/api/admin/users', expect: [401, 403, 403, 200] },
  'GET /api/admin/background-jobs/failed': {
    path: () => '/api/admin/background-jobs/failed',
    expect: [401, 403, 403, 200],
  },
  'POST /api/admin/users/:username/suspend': {
    path: (w) => `/api/admin/users/${u(w)}/suspend`,
    body: () => ({}),
    expect: [401, 403, 403, 400],
  },
  'POST /api/admin/users/:username/restore': {
    path: (w) => `/api/admin/users/${u(w)}/restore`,
    body: () => ({}),
    expect: [401, 403, 403, 200],
  },
  'PUT /api/admin/users/:username/role': {
    path: (w) => `/api/admin/users/${u(w)}/role`,
    body: () => ({ role: 'admin' }),
    expect: [401, 403, 403, 200],
  },
  'GET /api/admin/audit': { path: () => '/api/admin/audit', expect: [401, 403, 403, 200] },
  'GET /api/admin/held': { path: () => '/api/admin/held', expect: [401, 403, 403, 200] },
  'POST /api/admin/held/:type/:id/approve': {
    path: (w) => `/api/admin/held/post/${w.post}/approve`,
    body: () => ({}),
    expect: [401, 403, 403, 404],
  },
  'POST /api/admin/held/:type/:id/reject': {
    path: (w) => `/api/admin/held/post/${w.post}/reject`,
    body: () => ({}),
    expect: [401, 403, 403, 404],
  },
  'GET /api/notifications/preferences': {
    path: () => '/api/notifications/preferences',
    expect: [401, 200, 200, 200],
  },
  'PUT /api/notifications/preferences': {
    path: () => '/api/notifications/preferences',
    body: () => ({}),
    expect: [401, 200, 200, 200],
  },
  'GET /api/notifications/:id': {
    path: (w) => `/api/notifications/${w.a.id}`,
    expect: [401, 200, 403, 403],
  },
  'GET /api/notifications/:userId/unread-count': {
    path: (w) => `/api/notifications/${w.a.id}/unread-count`,
    expect: [401, 200, 403, 403],
  },
  'PUT /api/notifications/read-all': {
    path: () => '/api/notifications/read-all',
    expect: [401, 200, 200, 200],
  },
  'PUT /api/notifications/:id/read': {
    path: (w) => `/api/notifications/${w.notification}/read`,
    expect: [401, 200, 404, 404],
  },
  'DELETE /api/notifications/:id': {
    path: (w) => `/api/notifications/${w.notification}`,
    expect: [401, 204, 404, 404],
  },
  'POST /api/notifications': {
    path: () => '/api/notifications',
    body: () => ({}),
    expect: [401, 400, 400, 400],
  },
  'GET /api/posts': { path: () => '/api/posts', expect: [200, 200, 200, 200] },
  'GET /api/topics/:tag/posts': { path: () => '/api/topics/habari/posts', expect: [200, 200, 200, 200] },
  'GET /api/posts/user/:id': { path: (w) => `/api/posts/user/${w.a.id}`, expect: [200, 200, 200, 200] },
  'GET /api/posts/:id': { path: (w) => `/api/posts/${w.post}`, expect: [200, 200, 200, 200] },
  'POST /api/posts': { path: () => '/api/posts', expect: [401, 400, 400, 400] },
  'PATCH /api/posts/:id': {
    path: (w) => `/api/posts/${w.post}`,
    body: () => ({ content: 'Changed by someone' }),
    expect: [401, 200, 403, 403],
  },
  'DELETE /api/posts/:id': { path: (w) => `/api/posts/${w.post}`, expect: [401, 204, 403, 204] },
  'POST /api/posts/:id/like': { path: (w) => `/api/posts/${w.post}/like`, expect: [401, 200, 200, 200] },
  'DELETE /api/posts/:id/like': { path: (w) => `/api/posts/${w.post}/like`, expect: [401, 200, 200, 200] },
  'POST /api/quiz/rounds': { path: () => '/api/quiz/rounds', expect: [401, 201, 201, 201] },
  'POST /api/quiz/rounds/:id/answers': {
    path: (w) => `/api/quiz/rounds/${w.round}/answers`,
    body: () => ({ answers: [] }),
    expect: [401, 400, 404, 404],
  },
  'POST /api/quiz/results': {
    path: () => '/api/quiz/results',
    body: () => ({}),
    expect: [401, 410, 410, 410],
  },
  'GET /api/quiz/results/me': { path: () => '/api/quiz/results/me', expect: [401, 200, 200, 200] },
  'GET /api/quiz/achievements/me': { path: () => '/api/quiz/achievements/me', expect: [401, 200, 200, 200] },
  'POST /api/reviews': { path: () => '/api/reviews', body: () => ({}), expect: [401, 400, 400, 400] },
  'GET /api/users/:username/reviews': {
    path: (w) => `/api/users/${u(w)}/reviews`,
    expect: [200, 200, 200, 200],
  },
  'GET /api/services': { path: () => '/api/services', expect: [401, 200, 200, 200] },
  'POST /api/services': { path: () => '/api/services', body: () => ({}), expect: [401, 400, 400, 400] },
  'PATCH /api/services/:id': {
    path: (w) => `/api/services/${w.service}`,
    body: () => ({ title: 'Changed by someone' }),
    expect: [401, 200, 403, 403],
  },
  'DELETE /api/services/:id': { path: (w) => `/api/services/${w.service}`, expect: [401, 204, 403, 204] },
  'GET /api/site': { path: () => '/api/site', expect: [200, 200, 200, 200] },
  'GET /api/users/:id': { path: (w) => `/api/users/${w.a.id}`, expect: [200, 200, 200, 200] },
  'PUT /api/users/:id': {
    path: (w) => `/api/users/${w.a.id}`,
    body: () => ({ name: 'Changed by someone' }),
    expect: [401, 200, 403, 403],
  },
  'GET /api/users/:id/export': { path: (w) => `/api/users/${w.a.id}/export`, expect: [401, 200, 403, 403] },
  'DELETE /api/users/:id': { path: (w) => `/api/users/${w.a.id}`, expect: [401, 204, 403, 204] },
  'PUT /api/user/:id/profile-pic': {
    path: (w) => `/api/user/${w.a.id}/profile-pic`,
    expect: [401, 400, 403, 403],
  },
  'GET /api/videos/short': { path: () => '/api/videos/short', expect: [200, 200, 200, 200] },
  'GET /api/videos/long': { path: () => '/api/videos/long', expect: [200, 200, 200, 200] },
  'POST /api/videos': { path: () => '/api/videos', expect: [401, 415, 415, 415] },
  'DELETE /api/videos/:id': { path: (w) => `/api/videos/${w.video}`, expect: [401, 204, 403, 204] },
  'GET /api/docs/json': { path: () => '/api/docs/json', expect: [200, 200, 200, 200] },
};

describe('the authorization matrix', () => {
  let t: TestApp;
  const routes: { method: string; url: string; readonly policy: RoutePolicy | undefined }[] = [];
  let b: Member, c: Member, admin: Member;
  let badTokens: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp({
      onRoute: (route: RouteOptions) => {
        // The policy is read later: hooks after this one may still set it (the docs plugin's do).
        for (const method of [route.method].flat())
          routes.push({
            method,
            url: route.url,
            get policy() {
              return route.config?.policy;
            },
          });
      },
    });
    b = await makeUser(t, { name: 'Baraka B' });
    c = await makeUser(t, { name: 'Chebet C' });
    admin = await makeUser(t, { name: 'Amina Admin', role: 'admin' });
    const someone = await makeUser(t);
    const gone = await makeUser(t);
    await t.db.deleteFrom('users').where('id', '=', gone.id).execute();
    const key = new TextEncoder().encode(t.ctx.jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ sid: someone.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(someone.id))
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(key);
    const [head, payload, signature] = someone.token.split('.') as [string, string, string];
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    badTokens = {
      expired,
      'alg none': `${none}.${payload}.`,
      'signature flipped': `${head}.${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`,
      'deleted account': gone.token,
    };
  });
  afterAll(() => t.close());

  async function makeWorld(): Promise<World> {
    const a = await makeUser(t, { name: 'Akinyi A' });
    await t.db.updateTable('users').set({ phone: MARK.phone }).where('id', '=', a.id).execute();
    const post = await makePost(t, a);
    const comment = await t.db
      .insertInto('comments')
      .values({ post_id: post.id, author_id: a.id, body: 'Asante sana' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const job = await makeJob(t, a);
    const bid = await makeBid(t, a);
    const offerOnBid = await makeOffer(t, bid, c);
    const offer = await makeOffer(t, await makeBid(t, c), a);
    const service = await t.db
      .insertInto('services')
      .values({ user_id: a.id, title: 'Plumbing', description: 'Pipes and taps', price: 1500 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const video = await t.db
      .insertInto('videos')
      .values({
        user_id: a.id,
        title: 'Shamba tour',
        kind: 'short',
        duration_seconds: 12,
        video_url: '/media/none.mp4',
        mime_type: 'video/mp4',
        size_bytes: 1000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const notification = await t.db
      .insertInto('notifications')
      .values({ user_id: a.id, message: MARK.notification })
      .returning('id')
      .executeTakeFirstOrThrow();
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: a.auth,
      payload: { username: c.username },
    });
    expect(opened.statusCode, opened.body).toBeLessThan(300);
    const conversation = (opened.json() as { id: number }).id;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation}/messages`,
      headers: a.auth,
      payload: { body: MARK.message, client_id: randomUUID() },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const application = await t.db
      .insertInto('job_applications')
      .values({ job_id: job.id, user_id: c.id, message: MARK.application })
      .returning('id')
      .executeTakeFirstOrThrow();
    const started = await t.app.inject({ method: 'POST', url: '/api/quiz/rounds', headers: a.auth });
    expect(started.statusCode, started.body).toBe(201);
    const round = (started.json() as { id: string }).id;
    const report = await t.db
      .insertInto('reports')
      .values({ reporter_id: c.id, target_type: 'post', target_id: post.id, reason: 'spam' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      a,
      post: post.id,
      comment: comment.id,
      job: job.id,
      bid: bid.id,
      offerOnBid: offerOnBid.id,
      offer: offer.id,
      service: service.id,
      video: video.id,
      notification: notification.id,
      conversation,
      application: application.id,
      round,
      report: report.id,
    };
  }

  /** A's rows as they stand: a refused write must leave them exactly so. */
  async function digest(w: World) {
    const row = (table: 'posts' | 'jobs' | 'bids' | 'offers' | 'services' | 'videos', id: number) =>
      t.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
    return JSON.stringify([
      await t.db.selectFrom('users').selectAll().where('id', '=', w.a.id).executeTakeFirst(),
      await row('posts', w.post),
      await row('jobs', w.job),
      await row('bids', w.bid),
      await row('offers', w.offer),
      await row('offers', w.offerOnBid),
      await row('services', w.service),
      await row('videos', w.video),
      await t.db.selectFrom('comments').selectAll().where('id', '=', w.comment).executeTakeFirst(),
      await t.db.selectFrom('notifications').selectAll().where('id', '=', w.notification).executeTakeFirst(),
      await t.db
        .selectFrom('job_applications')
        .selectAll()
        .where('id', '=', w.application)
        .executeTakeFirst(),
      await t.db.selectFrom('messages').selectAll().where('conversation_id', '=', w.conversation).execute(),
      await t.db.selectFrom('session_families').select(['id']).where('user_id', '=', w.a.id).execute(),
      await t.db.selectFrom('post_likes').selectAll().where('post_id', '=', w.post).execute(),
    ]);
  }

  it('has one entry in the table for every route, and every route declares a policy', () => {
    const api = routes.filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD');
    expect(api.length).toBeGreaterThanOrEqual(100);
    expect(api.filter((r) => !r.policy).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const missing = api.map((r) => `${r.method} ${r.url}`).filter((key) => !(key in MATRIX));
    expect(missing, 'routes without an entry in MATRIX').toEqual([]);
    const stale = Object.keys(MATRIX).filter((key) => !api.some((r) => `${r.method} ${r.url}` === key));
    expect(stale, 'MATRIX entries for routes that no longer exist').toEqual([]);
  });

  it('answers every route × role as the table says, with no leak of A’s data', async ({ annotate }) => {
    const api = routes.filter(
      (r) => r.url.startsWith('/api') && r.method !== 'HEAD' && `${r.method} ${r.url}` in MATRIX,
    );
    const failures: string[] = [];
    const recorded: Record<string, number[]> = {};
    let calls = 0;
    const readWorld = await makeWorld();
    for (const route of api) {
      const key = `${route.method} ${route.url}`;
      const entry = MATRIX[key]!;
      const write = route.method !== 'GET';
      const callers: [string, Record<string, string>, (w: World) => Record<string, string>, number][] = [
        ['visitor', {}, () => ({}), entry.expect[0]],
        ...Object.entries(badTokens).map(
          ([label, token]) =>
            [label, { authorization: `Bearer ${token}` }, () => ({}), entry.expect[0]] as [
              string,
              Record<string, string>,
              (w: World) => Record<string, string>,
              number,
            ],
        ),
        ['B', b.auth, () => ({}), entry.expect[2]],
        ['admin', admin.auth, () => ({}), entry.expect[3]],
        ['A', {}, (w) => w.a.auth, entry.expect[1]],
      ];
      const got: number[] = [];
      for (const [label, headers, own, expected] of callers) {
        const w = write ? await makeWorld() : readWorld;
        const before =
          write && label !== 'A' && label !== 'admin' && expected >= 400 ? await digest(w) : undefined;
        const body = entry.body?.(w);
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: entry.path(w),
          headers: { ...headers, ...own(w), 'x-requested-with': 'XMLHttpRequest' },
          ...(body !== undefined ? { payload: body as object } : {}),
        });
        calls += 1;
        if (label === 'visitor' || label === 'B' || label === 'admin' || label === 'A')
          got.push(res.statusCode);
        if (res.statusCode !== expected)
          failures.push(
            `${key} as ${label}: ${res.statusCode}, expected ${expected} ${res.body.slice(0, 160)}`,
          );
        if (res.statusCode >= 500) failures.push(`${key} as ${label}: 5xx`);
        if (label !== 'A') {
          const leaked = [MARK.message, MARK.notification, MARK.phone, 'password_hash', '$scrypt', '$argon2'];
          if (label !== 'admin') leaked.push(w.a.email);
          // An application's message is the job's client's to read (and an admin's, who may moderate it).
          if (label !== 'admin' || key !== 'GET /api/jobs/:id/applications') leaked.push(MARK.application);
          for (const secret of leaked)
            if (res.body.includes(secret)) failures.push(`${key} as ${label}: the answer carries ${secret}`);
        }
        if (label !== 'A' && res.headers['content-type']?.toString().includes('json')) {
          // A's own-only fields on any object that is A (the user mapper gives them to the owner alone;
          // the admin console shows members' emails to admins).
          const ownOnly =
            label === 'admin' && key.includes(' /api/admin/')
              ? ['language', 'show_phone']
              : ['email', 'language', 'show_phone'];
          for (const field of ownFieldsOf(res.json(), w.a.id, ownOnly))
            failures.push(`${key} as ${label}: the answer carries A’s ${field}`);
        }
        if (before !== undefined && (await digest(w)) !== before)
          failures.push(`${key} as ${label}: changed A’s data (${res.statusCode})`);
      }
      // In the table's order: visitor, A, B, admin.
      recorded[key] = [got[0]!, got[3]!, got[1]!, got[2]!];
    }
    if (process.env.MATRIX_RECORD) {
      // Prints what the routes answer now, to review and paste into MATRIX (MATRIX_RECORD=1).
      process.stdout.write(`MATRIX_RECORDED ${JSON.stringify(recorded)}\n`);
      process.stdout.write(`MATRIX_FAILURES ${JSON.stringify(failures)}\n`);
    }
    await annotate(
      `authorization matrix: ${api.length} routes × 8 callers = ${calls} calls, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});
