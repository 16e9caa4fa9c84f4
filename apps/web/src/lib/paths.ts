/** The paths without a parameter that are the same for the router and for links. */
const fixedPaths = {
  apps: '/apps',
  jobs: '/jobs',
  adminJobs: '/admin/jobs',
  /** Moderation (docs/design.md#trust-and-safety): the report queue with its Held tab, members, the audit log. */
  adminReports: '/admin/reports',
  adminMembers: '/admin/members',
  adminAudit: '/admin/audit',
  /** Deals' M-Pesa payments: the disputed ones wait here for an admin to release or refund. */
  adminPayments: '/admin/payments',
  /** Employer verification requests wait here for an admin to approve or reject. */
  adminEmployers: '/admin/employers',
  /** A member asks to be verified as an employer or a licensed agency, and reads the answer. */
  employerVerification: '/settings/employer',
  /** Push, email and SMS deliveries counted by channel and state: a silent channel shows here. */
  adminDeliveries: '/admin/deliveries',
  /** My job alerts (saved searches of the Jobs screen), with Delete. */
  jobAlerts: '/jobs/alerts',
} as const;

/**
 * Every URL of the web app (the specified screens route table), in one place. `routePatterns` are for the router;
 * `paths` build the links. A screen that does not exist yet still has its path here.
 */
export const routePatterns = {
  landing: '/',
  login: '/login',
  signup: '/signup',
  phoneSignup: '/signup/phone',
  phoneLogin: '/login/phone',
  forgotPassword: '/forgot-password',
  // SPEC: the token is read from ?token=; the path segment form is accepted too.
  resetPassword: '/reset-password/:token?',
  ...fixedPaths,
  feed: '/feed',
  videos: '/videos',
  shorts: '/shorts',
  profile: '/profile/:userId',
  bids: '/bids',
  services: '/services',
  create: '/create',
  exploreUsers: '/explore/users',
  explore: '/explore',
  quiz: '/kaquiz',
  exploreJobs: '/explore/jobs',
  jobDetails: '/explore/jobs/:id',
  post: '/p/:id',
  topic: '/explore/topics/:tag',
  jobApplications: '/jobs/:id/applications',
  user: '/user/:username',
  achievements: '/achievements',
  notifications: '/notifications',
  messages: '/messages',
  message: '/messages/:id',
  blockedMembers: '/settings/blocked',
  accountSecurity: '/settings/security',
  notificationSettings: '/settings/notifications',
  verifyEmail: '/verify-email',
  privacy: '/privacy',
  notFound: '*',
} as const;

/** Quick create on the feed: `/feed?type=post|job|bid`. */
export type QuickCreateType = 'post' | 'job' | 'bid';

const segment = (value: string | number) => encodeURIComponent(String(value));

export const paths = {
  landing: '/',
  login: '/login',
  signup: '/signup',
  /** Signup with a number proved by an SMS code, for a member without a company email. */
  phoneSignup: '/signup/phone',
  /** Login with an SMS code sent to the account's verified number. */
  phoneLogin: '/login/phone',
  forgotPassword: '/forgot-password',
  resetPassword: (token: string) => `/reset-password/${segment(token)}?token=${segment(token)}`,
  ...fixedPaths,
  feed: (type?: QuickCreateType) => (type ? `/feed?type=${type}` : '/feed'),
  videos: '/videos',
  shorts: '/shorts',
  profile: (userId: number | string) => `/profile/${segment(userId)}`,
  /** The profile's videos tab, which has no button of its own (the specified screens); uploader links open it. */
  profileVideos: (userId: number | string) => `/profile/${segment(userId)}?tab=videos`,
  bids: '/bids',
  services: '/services',
  create: '/create',
  /** The Video tab of /create: the upload form. */
  uploadVideo: '/create?tab=video',
  exploreUsers: '/explore/users',
  explore: (search?: string) => (search ? `/explore?search=${segment(search)}` : '/explore'),
  quiz: '/kaquiz',
  exploreJobs: '/explore/jobs',
  /** Job details; `/explore/jobs?id=` is accepted too. */
  jobDetails: (id: number | string) => `/explore/jobs/${segment(id)}`,
  /** A post's own page, the address a share carries (docs/design.md#conversation-around-posts). */
  post: (id: number | string) => `/p/${segment(id)}`,
  /** A topic's posts (docs/design.md#conversation-around-posts); `tag` without the #. */
  topic: (tag: string) => `/explore/topics/${segment(tag.replace(/^#/, '').toLowerCase())}`,
  /** The poster's list of a job's applications (docs/design.md#job-applications). */
  jobApplications: (id: number | string) => `/jobs/${segment(id)}/applications`,
  /** Usernames are stored with a leading @; the URL carries the name without it. */
  user: (username: string) => `/user/${segment(username.replace(/^@/, ''))}`,
  achievements: '/achievements',
  /** Your Notifications (the specified screens Notifications page); the top-bar bell links here. */
  notifications: '/notifications',
  /** Messages: my conversations, and one conversation's thread (docs/design.md#messages). */
  messages: '/messages',
  message: (id: number | string) => `/messages/${segment(id)}`,
  /** Settings: the members I blocked, with Unblock (docs/design.md#trust-and-safety). */
  blockedMembers: '/settings/blocked',
  /** Settings: change password and active sessions (docs/design.md#trust-and-safety). */
  accountSecurity: '/settings/security',
  notificationSettings: '/settings/notifications',
  /** The emailed confirmation link: `/verify-email?token=` (docs/design.md#trust-and-safety). */
  verifyEmail: (token?: string) => (token ? `/verify-email?token=${segment(token)}` : '/verify-email'),
  /** The privacy notice (docs/features/your-data.md): public, linked from signup, the footer and Settings. */
  privacy: '/privacy',
} as const;
