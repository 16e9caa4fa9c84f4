import { lazy, Suspense, type ComponentType } from 'react';
import type { ProfileTabContents, ProfileTabProps } from '../../features/users/profile-tabs';
import { t } from '../../lib/i18n';

// Each tab's code downloads when the tab is first opened, not with the profile.
const GamesTab = lazy(() => import('../../features/quiz/games-tab').then((m) => ({ default: m.GamesTab })));
const MemberVideosTab = lazy(() =>
  import('../../features/videos/member-videos-tab').then((m) => ({ default: m.MemberVideosTab })),
);

const UserPostsTab = lazy(() =>
  import('../../features/posts/user-posts').then((m) => ({ default: m.UserPosts })),
);
const UserJobsTab = lazy(() =>
  import('../../features/jobs/user-jobs').then((m) => ({ default: m.UserJobs })),
);
const SavedJobsTab = lazy(() =>
  import('../../features/jobs/user-jobs').then((m) => ({ default: m.SavedJobs })),
);
const MyApplicationsTab = lazy(() =>
  import('../../features/applications/my-applications-tab').then((m) => ({ default: m.MyApplicationsTab })),
);
const UserBidsTab = lazy(() => import('../../features/bids/bid-list').then((m) => ({ default: m.UserBids })));
const ReviewsTab = lazy(() =>
  import('../../features/reviews/reviews-tab').then((m) => ({ default: m.ReviewsTab })),
);
const NotificationsTab = lazy(() =>
  import('../../features/notifications/notifications-page').then((m) => ({ default: m.NotificationsTab })),
);
const FollowersTab = lazy(() =>
  import('../../features/follows/follow-lists').then((m) => ({ default: m.FollowersTab })),
);
const FollowingTab = lazy(() =>
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

/** The profile tabs other features fill in (SPEC §2 Profile); `videos` opens with `?tab=videos`. */
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
