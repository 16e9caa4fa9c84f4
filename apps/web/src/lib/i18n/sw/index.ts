export { SW_MESSAGES as swMessages } from '@jamii/shared';
import type { Catalogue } from '../en';
import * as applications from '../catalogue/applications';
import * as auth from '../catalogue/auth';
import * as bids from '../catalogue/bids';
import * as blocks from '../catalogue/blocks';
import * as comments from '../catalogue/comments';
import * as common from '../catalogue/common';
import * as dataExport from '../catalogue/data-export';
import * as employerVerification from '../catalogue/employer-verification';
import * as deliveryCounts from '../catalogue/delivery-counts';
import * as explore from '../catalogue/explore';
import * as jobAlerts from '../catalogue/job-alerts';
import * as jobs from '../catalogue/jobs';
import * as landing from '../catalogue/landing';
import * as language from '../catalogue/language';
import * as layout from '../catalogue/layout';
import * as messages from '../catalogue/messages';
import * as moderation from '../catalogue/moderation';
import * as notificationChannels from '../catalogue/notification-channels';
import * as notifications from '../catalogue/notifications';
import * as offline from '../catalogue/offline';
import * as payments from '../catalogue/payments';
import * as phoneIdentity from '../catalogue/phone-identity';
import * as posts from '../catalogue/posts';
import * as privacy from '../catalogue/privacy';
import * as quiz from '../catalogue/quiz';
import * as reviews from '../catalogue/reviews';
import * as services from '../catalogue/services';
import * as shield from '../catalogue/shield';
import * as sidePanels from '../catalogue/side-panels';
import * as users from '../catalogue/users';
import * as ussd from '../catalogue/ussd';
import * as videos from '../catalogue/videos';

/** The Kiswahili catalogue: the same keys as `en`, the same placeholders (checked by i18n.test.ts). */
export const sw = {
  ...applications.sw,
  ...auth.sw,
  ...bids.sw,
  ...blocks.sw,
  ...comments.sw,
  ...common.sw,
  ...dataExport.sw,
  ...employerVerification.sw,
  ...deliveryCounts.sw,
  ...explore.sw,
  ...jobAlerts.sw,
  ...jobs.sw,
  ...landing.sw,
  ...language.sw,
  ...layout.sw,
  ...messages.sw,
  ...moderation.sw,
  ...notificationChannels.sw,
  ...notifications.sw,
  ...offline.sw,
  ...payments.sw,
  ...phoneIdentity.sw,
  ...posts.sw,
  ...privacy.sw,
  ...quiz.sw,
  ...reviews.sw,
  ...services.sw,
  ...shield.sw,
  ...sidePanels.sw,
  ...users.sw,
  ...ussd.sw,
  ...videos.sw,
} as Catalogue;
