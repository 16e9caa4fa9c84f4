import type { TestApp } from './build-test-app';

/** The header the web app sends with its cookie-authenticated calls (the CSRF check asks for it). */
export const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** The refresh cookie (plain-HTTP name) a login or refresh answer sets. */
export function refreshCookieOf(res: { cookies: { name: string; value: string; expires?: Date }[] }) {
  return res.cookies.find((c) => c.name === 'jamii_rt');
}

/** POST /api/refresh or /api/logout as the web app sends it: the refresh cookie and XHR. */
export function postWithRefreshCookie(t: TestApp, url: '/api/refresh' | '/api/logout', cookie: string) {
  return t.app.inject({ method: 'POST', url, headers: XHR, cookies: { jamii_rt: cookie } });
}
