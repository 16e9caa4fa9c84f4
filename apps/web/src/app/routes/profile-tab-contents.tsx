import { Suspense, type ComponentType } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import type { ProfileTabContents, ProfileTabProps } from '../../features/users/profile-tabs';
import { t } from '../../lib/i18n';

// Each tab's code downloads when the tab is first opened, not with the profile.
const GamesTab = lazyComponent(() =>
  import('../../features/quiz/games-tab').then((m) => ({ default: m.GamesTab })),
);
const MemberVideosTab = lazyComponent(() =>
  import('../../features/videos/member-videos-tab').then((m) => ({ default: m.MemberVideosTab })),
);

const UserPostsTab = lazyComponent(() =>
  import('../../features/posts/user-posts').then((m) => ({ default: m.UserPosts })),
);
const UserJobsTab = lazyComponent(() =>
  import('../../features/jobs/user-jobs').then((m) => ({ default: m.UserJobs })),
);
const SavedJobsTab = lazyComponent(() =>
  import('../../features/jobs/user-jobs').then((m) => ({ default: m.SavedJobs })),
);
const MyApplicationsTab = lazyComponent(() =>
  import('../../features/applications/my-applications-tab').then((m) => ({ default: m.MyApplicationsTab })),
);
const UserBidsTab = lazyComponent(() =>
  import('../../features/bids/bid-list').then((m) => ({ default: m.UserBids })),
);
const ReviewsTab = lazyComponent(() =>
  import('../../features/reviews/reviews-tab').then((m) => ({ default: m.ReviewsTab })),
);
const NotificationsTab = lazyComponent(() =>
  import('../../features/notifications/notifications-page').then((m) => ({ default: m.NotificationsTab })),
);
const FollowersTab = lazyComponent(() =>
  import('../../features/follows/follow-lists').then((m) => ({ default: m.FollowersTab })),
);
const FollowingTab = lazyComponent(() =>
  import('../../features/follows/follow-lists').then((m) => ({ default: m.FollowingTab })),
);

function TabLoading() {
  return (
    <p role="status" className="py-6 text-center text-gray-600">
      {t('common.loading')}
    </p>
  );
}

function suspended(Tab: ComponentType<ProfileTabProps>): ComponentType<ProfileTabProps> {
  return function SuspendedTab(props: ProfileTabProps) {
    return (
      <Suspense fallback={<TabLoading />}>
        <Tab {...props} />
      </Suspense>
    );
  };
}

/** The profile tabs other features fill in (the specified screens Profile); `videos` opens with `?tab=videos`. */
export const profileTabContents: ProfileTabContents = {
  notification: suspended(NotificationsTab),
  posts: suspended(UserPostsTab),
  jobs: suspended(UserJobsTab),
  bids: suspended(UserBidsTab),
  reviews: suspended(ReviewsTab),
  saved: suspended(SavedJobsTab),
  applications: suspended(MyApplicationsTab),
  games: suspended(GamesTab),
  videos: suspended(MemberVideosTab),
  followers: suspended(FollowersTab),
  following: suspended(FollowingTab),
};
