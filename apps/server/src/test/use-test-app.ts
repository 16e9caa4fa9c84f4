import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp, type TestAppOptions } from './build-test-app';

export type SharedTestApp = TestApp & {
  /** With `listen`: the app's own address (`http://127.0.0.1:<port>`), for sockets and fetch. */
  url: string;
};

/**
 * The test app of the surrounding `describe` (or file): built in a `beforeAll`, closed in an
 * `afterAll`. The answer is filled in when the `beforeAll` runs, so read `t.app`, `t.db`… inside
 * tests and hooks only. With `listen`, the app also listens on a free local port (`t.url`).
 */
export function useTestApp(opts: TestAppOptions & { listen?: boolean } = {}): SharedTestApp {
  const { listen = false, ...options } = opts;
  const shared = {} as SharedTestApp;
  beforeAll(async () => {
    Object.assign(shared, await buildTestApp(options));
    if (listen) {
      await shared.app.listen({ port: 0, host: '127.0.0.1' });
      shared.url = `http://127.0.0.1:${(shared.app.server.address() as AddressInfo).port}`;
    }
  });
  afterAll(() => shared.close?.());
  return shared;
}

/** `call(method, url, headers?, payload?)`: one request to the shared test app, by inject. */
export function injectCaller(t: SharedTestApp) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}
