import type { UserDto } from '@jamii/shared';
import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import { forgetEarlyAnswers } from '../lib/api';
import { installAuth } from '../lib/auth';
import { storeSignedIn } from './auth';

interface FetchStubOptions {
  /** Install the auth layer (token refresh, sign-out on 401) around each test. */
  withAuth?: boolean;
  /** Start each test with this member's session stored (as after a page load). */
  signedIn?: UserDto;
  /** The stored access token of `signedIn`. */
  token?: string;
}

/**
 * The web tests' one set-up: call at the top level of a test file. Each test gets a fresh `fetch`
 * stand-in (answer with `fetchMock.mockImplementation(fakeFetch(routes))`), optionally the auth
 * layer and a signed-in member; all of it is undone after the test.
 */
export function stubFetchForEachTest({ withAuth = false, signedIn, token }: FetchStubOptions = {}): Mock<
  typeof fetch
> {
  const fetchMock = vi.fn<typeof fetch>();
  let uninstall: (() => void) | null = null;

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    if (withAuth) uninstall = installAuth();
    if (signedIn) storeSignedIn(signedIn, token);
  });

  afterEach(() => {
    uninstall?.();
    uninstall = null;
    fetchMock.mockReset();
    // Answers started for a screen (app/early-requests.ts) belong to its test only.
    forgetEarlyAnswers();
    vi.unstubAllGlobals();
  });

  return fetchMock;
}
