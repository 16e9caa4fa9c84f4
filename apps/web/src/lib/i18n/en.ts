/**
 * The English message catalogue: every string the interface shows. Texts quoted by SPEC.md are
 * copied word for word. Placeholders are written `{name}` and are checked by the type of `t()`.
 */
export const en = {
  'app.name': 'Jamii',
  'page.title': '{page} · Jamii',
  'common.loading': 'Loading...',
  'common.close': 'Close',

  'error.generic': 'An error occurred',
  'error.network': 'No connection. Check your data or Wi-Fi and try again.',
  'error.pageTitle': 'Something went wrong',
  'error.pageBody': 'This page could not be loaded. Check your connection and try again.',
  'error.retry': 'Try again',

  'notFound.title': 'Page not found',
  'notFound.body': 'The page you are looking for does not exist or has moved.',
  'notFound.home': 'Go to the home page',

  'landing.signUp': 'Sign up',
  'landing.headline': 'Just that simple',
  'landing.description':
    'Jamii is your all-in-one space for people, jobs, bids and videos across Kenya. Connect, find work and win contracts in one place, with a game in development.',
  'landing.getStarted': 'Get Started',
  'landing.featuresTitle': 'Everything in one place',
  'landing.feature.jobs.title': 'Jobs',
  'landing.feature.jobs.body': 'Find work or hire people across Kenya.',
  'landing.feature.bids.title': 'Bids',
  'landing.feature.bids.body': 'Post a job with a maximum price and compare the offers you receive.',
  'landing.feature.videos.title': 'Videos',
  'landing.feature.videos.body': 'Watch and share short and long videos.',
  'landing.feature.quiz.title': 'Quiz',
  'landing.feature.quiz.body': 'Test your geography: name the capitals of the world.',

  'footer.tagline': 'The social and professional network for Kenya.',
  'footer.contactTitle': 'Contact',
  'footer.city': 'Nairobi, Kenya',
  'footer.email': 'Email',
  'footer.phone': 'Phone',
  'footer.socialTitle': 'Follow us',
  'footer.social.facebook': 'Facebook',
  'footer.social.x': 'X',
  'footer.social.instagram': 'Instagram',
  'footer.social.linkedin': 'LinkedIn',
  'footer.newTab': '(opens in a new tab)',
  'footer.copyright': '© 2025 Jamii. All rights reserved.',

  'apps.title': 'Apps',
  'apps.quiz': 'Quiz',
  'apps.socialConnect': 'Social Connect',
  'apps.achievements': 'Achievements',
} as const satisfies Record<string, string>;

export type MessageKey = keyof typeof en;

/** The shape another language's catalogue must have: every key, any wording. */
export type Catalogue = { readonly [K in MessageKey]: string };
