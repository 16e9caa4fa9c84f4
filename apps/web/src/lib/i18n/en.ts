import * as applications from './catalogue/applications';
import * as auth from './catalogue/auth';
import * as bids from './catalogue/bids';
import * as blocks from './catalogue/blocks';
import * as comments from './catalogue/comments';
import * as common from './catalogue/common';
import * as dataExport from './catalogue/data-export';
import * as employerVerification from './catalogue/employer-verification';
import * as deliveryCounts from './catalogue/delivery-counts';
import * as explore from './catalogue/explore';
import * as jobAlerts from './catalogue/job-alerts';
import * as jobs from './catalogue/jobs';
import * as landing from './catalogue/landing';
import * as language from './catalogue/language';
import * as layout from './catalogue/layout';
import * as messages from './catalogue/messages';
import * as moderation from './catalogue/moderation';
import * as notificationChannels from './catalogue/notification-channels';
import * as notifications from './catalogue/notifications';
import * as offline from './catalogue/offline';
import * as payments from './catalogue/payments';
import * as phoneIdentity from './catalogue/phone-identity';
import * as posts from './catalogue/posts';
import * as privacy from './catalogue/privacy';
import * as quiz from './catalogue/quiz';
import * as reviews from './catalogue/reviews';
import * as services from './catalogue/services';
import * as shield from './catalogue/shield';
import * as sidePanels from './catalogue/side-panels';
import * as users from './catalogue/users';
import * as ussd from './catalogue/ussd';
import * as videos from './catalogue/videos';

/**
 * The English message catalogue: every string the interface shows. Texts quoted by SPEC.md are
 * copied word for word. Placeholders are written `{name}` and are checked by the type of `t()`.
 */
// Each feature's messages live in catalogue/<feature>.ts (English and Kiswahili side by side).
export const en = {
  ...applications.en,
  ...auth.en,
  ...bids.en,
  ...blocks.en,
  ...comments.en,
  ...common.en,
  ...dataExport.en,
  ...employerVerification.en,
  ...deliveryCounts.en,
  ...explore.en,
  ...jobAlerts.en,
  ...jobs.en,
  ...landing.en,
  ...language.en,
  ...layout.en,
  ...messages.en,
  ...moderation.en,
  ...notificationChannels.en,
  ...notifications.en,
  ...offline.en,
  ...payments.en,
  ...phoneIdentity.en,
  ...posts.en,
  ...privacy.en,
  ...quiz.en,
  ...reviews.en,
  ...services.en,
  ...shield.en,
  ...sidePanels.en,
  ...users.en,
  ...ussd.en,
  ...videos.en,
} as const satisfies Record<string, string>;

export type MessageKey = keyof typeof en;

/** The shape another language's catalogue must have: every key, any wording. */
export type Catalogue = { readonly [K in MessageKey]: string };
