/**
 * The web app's routes (SPEC §2 route table), as patterns. The server answers these deep links with
 * the app itself (status 200); any other page path gets the app with status 404.
 */
export const WEB_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/login$/,
  /^\/signup$/,
  /^\/forgot-password$/,
  /^\/reset-password(\/[^/]+)?$/,
  /^\/apps$/,
  /^\/jobs$/,
  /^\/admin\/(jobs|reports|members|audit)$/,
  /^\/feed$/,
  /^\/videos$/,
  /^\/shorts$/,
  /^\/profile\/[^/]+$/,
  /^\/bids$/,
  /^\/services$/,
  /^\/create$/,
  /^\/explore$/,
  /^\/explore\/users$/,
  /^\/explore\/jobs(\/[^/]+)?$/,
  /^\/kaquiz$/,
  /^\/user\/[^/]+$/,
  /^\/achievements$/,
  /^\/notifications$/,
  /^\/messages(\/[^/]+)?$/,
];

export const isWebRoute = (pathname: string) => WEB_ROUTE_PATTERNS.some((p) => p.test(pathname));

/** Web paths the server hands out inside its answers (the web app builds the same ones). */
export const webPaths = {
  jobDetails: (id: number) => `/explore/jobs/${id}`,
} as const;
