import { TOKEN_STORAGE_KEY, type UserDto } from '@jamii/shared';
import { authStore, USER_STORAGE_KEY } from '../lib/auth';

let lastId = 100;

/** A member as the API answers one; each call a new id unless given. */
export function makeUser(overrides: Partial<UserDto> = {}): UserDto {
  const id = overrides.id ?? ++lastId;
  return {
    id,
    user_id: id,
    username: '@wanjiku_k',
    name: 'Wanjiku Kamau',
    location: 'Nairobi',
    bio: 'Fundi wa data.',
    profile_pic: null,
    role: 'member',
    created_at: '2025-03-01T09:00:00.000Z',
    email: 'wanjiku@acme.co.ke',
    email_verified: false,
    verified_domain: null,
    employer_verified: false,
    agency_licensed: false,
    headline: '',
    skills: [],
    rating_avg: null,
    rating_count: 0,
    ...overrides,
  };
}

/** Starts the store as after a page load with a stored session (not yet checked by the guard). */
export function storeSignedIn(user: UserDto, token = 'stored.token'): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  authStore.reset();
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/**
 * The API's answer to a refused request: `{ code, message }` with its status; given a field, the
 * message stands under that field too (`errors: { [field]: message }`), as a validation answer.
 */
export function errorResponse(status: number, code: string, message: string, field?: string): Response {
  return jsonResponse(
    field === undefined ? { code, message } : { code, message, errors: { [field]: message } },
    status,
  );
}

/** What a fake server answers: by "METHOD /path", a response or a function making one. */
export type Routes = Record<
  string,
  Response | ((init: RequestInit | undefined) => Response | Promise<Response>)
>;

/**
 * A fetch stand-in answering from `routes`; an unknown call fails the test loudly. Each entry may be
 * answered many times (a function is called again each time).
 */
export function fakeFetch(routes: Routes) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const route = routes[key];
    if (!route) throw new Error(`unexpected call: ${key}`);
    return typeof route === 'function' ? route(init) : route.clone();
  };
}
