/**
 * The web app's routes (the specified screens route table), as patterns. The server answers these deep links with
 * the app itself (status 200); any other page path gets the app with status 404.
 */
export const WEB_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/login(\/phone)?$/,
  /^\/signup(\/phone)?$/,
  /^\/forgot-password$/,
  /^\/reset-password(\/[^/]+)?$/,
  /^\/apps$/,
  /^\/jobs$/,
  /^\/jobs\/[^/]+\/applications$/,
  /^\/jobs\/alerts$/,
  /^\/admin\/(jobs|reports|members|audit|payments|deliveries|employers)$/,
  /^\/feed$/,
  /^\/videos$/,
  /^\/shorts$/,
  /^\/profile\/[^/]+$/,
  /^\/bids$/,
  /^\/services$/,
  /^\/create$/,
  /^\/explore$/,
  /^\/explore\/users$/,
  /^\/explore\/topics\/[^/]+$/,
  /^\/explore\/jobs(\/[^/]+)?$/,
  /^\/p\/[^/]+$/,
  /^\/kaquiz$/,
  /^\/user\/[^/]+$/,
  /^\/achievements$/,
  /^\/notifications$/,
  /^\/messages(\/[^/]+)?$/,
  /^\/settings\/(blocked|security|notifications|employer)$/,
  /^\/verify-email$/,
  /^\/privacy$/,
];

export const isWebRoute = (pathname: string) => WEB_ROUTE_PATTERNS.some((p) => p.test(pathname));

/** Web paths the server hands out inside its answers (the web app builds the same ones). */
export const webPaths = {
  jobDetails: (id: number) => `/explore/jobs/${id}`,
  post: (id: number) => `/p/${id}`,
  jobApplications: (id: number) => `/jobs/${id}/applications`,
  /** Usernames are stored with a leading @; the address carries the name without it. */
  user: (username: string) => `/user/${encodeURIComponent(username.replace(/^@/, ''))}`,
  bids: '/bids',
  conversation: (id: number) => `/messages/${id}`,
  myReviews: '/profile/me?tab=reviews',
} as const;
