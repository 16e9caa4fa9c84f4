import { stripAt, type ProfileDto, type UserDto } from '@jamii/shared';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { buttonClasses } from '../../components/button-styles';
import { PageSpinner } from '../../components/page-spinner';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { useMember } from './api';
import { ProfileHeader } from './profile-header';
import { ProfileTabs, type ProfileTabContents } from './profile-tabs';

/** `me`, one's id or one's username (with or without @, any case) all mean one's own profile. */
export function isOwnKey(key: string, user: UserDto): boolean {
  if (key === 'me' || key === String(user.id)) return true;
  return stripAt(key).toLowerCase() === stripAt(user.username).toLowerCase();
}

const pageClass = 'mx-auto w-full max-w-3xl px-3 py-4 sm:px-4 sm:py-6';

/** The follow fields of a profile answer (ProfileDto), when the page has fetched one. */
export type ProfileFollowFields = Pick<ProfileDto, 'followers_count' | 'following_count' | 'followed_by_me'>;

/**
 * What another feature shows under the profile header (the follow counts and Follow button, from
 * the follows feature): handed in by the route, as tab contents are (STYLE rule 17).
 */
export interface ProfileSummaryProps {
  member: UserDto;
  isOwn: boolean;
  known?: ProfileFollowFields;
}

interface ProfileViewProps {
  member: UserDto;
  isOwn: boolean;
  tabContents: ProfileTabContents | undefined;
  Summary: ComponentType<ProfileSummaryProps> | undefined;
  known?: ProfileFollowFields;
}

function ProfileView({ member, isOwn, tabContents, Summary, known }: ProfileViewProps) {
  return (
    <div className={pageClass}>
      <title>{t('page.title', { page: isOwn ? t('profile.title') : member.name })}</title>
      {isOwn && (
        <h1 className="mb-4 text-2xl font-bold tracking-tight text-gray-900">{t('profile.title')}</h1>
      )}
      <ProfileHeader member={member} isPageHeading={!isOwn}>
        {Summary && <Summary member={member} isOwn={isOwn} known={known} />}
      </ProfileHeader>
      <ProfileTabs member={member} isOwn={isOwn} contents={tabContents} />
    </div>
  );
}

function Notice({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className={`${pageClass} flex flex-col items-center gap-4 py-16 text-center`}>
      <p className="text-lg text-gray-800">{message}</p>
      {children}
    </div>
  );
}

interface MemberProfileProps {
  memberKey: string;
  tabContents: ProfileTabContents | undefined;
  Summary: ComponentType<ProfileSummaryProps> | undefined;
}

function MemberProfile({ memberKey, tabContents, Summary }: MemberProfileProps) {
  const member = useMember(memberKey);
  if (member.isPending) return <PageSpinner />;
  if (member.isError) {
    const isMissing = member.error instanceof ApiError && member.error.status === 404;
    return (
      <Notice message={isMissing ? t('profile.notFound') : t('profile.loadFailed')}>
        {!isMissing && (
          <button type="button" onClick={() => void member.refetch()} className={buttonClasses('primary')}>
            {t('error.retry')}
          </button>
        )}
      </Notice>
    );
  }
  const { followers_count, following_count, followed_by_me } = member.data;
  return (
    <ProfileView
      member={member.data}
      isOwn={false}
      tabContents={tabContents}
      Summary={Summary}
      known={{ followers_count, following_count, followed_by_me }}
    />
  );
}

/**
 * the specified screens Profile, at /profile/{id, username or me} and /user/{username}: one's own profile (My
 * Profile, with settings) or another member's, read only.
 */
export function ProfilePage({
  memberKey,
  tabContents,
  Summary,
}: {
  memberKey: string;
  /** Tab contents owned by other features, by tab id (see ProfileTabContents). */
  tabContents?: ProfileTabContents;
  /** Shown in the header card under the bio (see ProfileSummaryProps). */
  Summary?: ComponentType<ProfileSummaryProps>;
}) {
  const { user } = useAuth();
  if (!user) {
    return (
      <Notice message={t('profile.needLogin')}>
        <Link to={paths.login} className={buttonClasses('primary')}>
          {t('profile.goToLogin')}
        </Link>
      </Notice>
    );
  }
  if (isOwnKey(memberKey, user)) {
    return <ProfileView member={user} isOwn tabContents={tabContents} Summary={Summary} />;
  }
  return <MemberProfile memberKey={memberKey} tabContents={tabContents} Summary={Summary} />;
}
