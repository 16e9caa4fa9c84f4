// Business constants of the specified constants, one place for the web app and the server.
export const SMALL_SCREEN_MAX_PX = 768;
export const TOAST_DISMISS_MS = 5000;
export const NOTIFICATION_POLL_MS = 60_000;
export const COMPOSER_RESET_MS = 1200;
export const COMPOSER_ROWS = 3;
export const SEARCH_DEBOUNCE_MS = 400;
export const RESET_REDIRECT_MS = 3000;
export const DELETE_BANNER_MS = 2000;
export const ADMIN_JOB_LIST = { limit: 100, offset: 0 } as const;

export const PASSWORD_MIN = { login: 8, signup: 12, reset: 6 } as const;
export const USERNAME_LENGTH = { loginMin: 3, signupMin: 5, signupMax: 15 } as const;
export const NAME_LENGTH = { min: 2, max: 50 } as const;
export const LOCATION_MAX = 100;
export const BIO_MAX = 250;

/** Job and bid card avatars: four colours, chosen by a hash of the name. */
export const CARD_AVATAR_COLOURS = ['green', 'blue', 'yellow', 'red'] as const;
/** Explore person rows: a six-colour cycle. */
export const PERSON_AVATAR_COLOURS = ['green', 'blue', 'yellow', 'red', 'purple', 'orange'] as const;

export const QUIZ_RANK_THRESHOLDS = { master: 1, expert: 0.8, enthusiast: 0.6 } as const;
export const CURRENCY_SIGN = '$';

/** Keyset pagination (docs/design.md#api-conventions). */
export const PAGE_SIZE = { default: 20, max: 100 } as const;
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/** Uploads. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Local storage key of the access token (the specified fields Session). */
export const TOKEN_STORAGE_KEY = 'token';

/** Longest search text a list accepts. */
export const SEARCH_MAX = 100;
