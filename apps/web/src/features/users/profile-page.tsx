import { stripAt, type UserDto } from '@jamii/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { buttonClasses } from '../../components/button-styles';
import { PageSpinner } from '../../components/page-spinner';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { useMember } from './api';
import { ProfileHeader } from './profile-header';
import { ProfileTabs } from './profile-tabs';

/** `me`, one's id or one's username (with or without @, any case) all mean one's own profile. */
export function isOwnKey(key: string, user: UserDto): boolean {
  if (key === 'me' || key === String(user.id)) return true;
  return stripAt(key).toLowerCase() === stripAt(user.username).toLowerCase();
}

const pageClass = 'mx-auto w-full max-w-3xl px-3 py-4 sm:px-4 sm:py-6';

function ProfileView({ member, isOwn }: { member: UserDto; isOwn: boolean }) {
  return (
    <div className={pageClass}>
      <title>{t('page.title', { page: isOwn ? t('profile.title') : member.name })}</title>
      {isOwn && (
        <h1 className="mb-4 text-2xl font-bold tracking-tight text-gray-900">{t('profile.title')}</h1>
      )}
      <ProfileHeader member={member} isPageHeading={!isOwn} />
      <ProfileTabs member={member} isOwn={isOwn} />
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

function MemberProfile({ memberKey }: { memberKey: string }) {
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
  return <ProfileView member={member.data} isOwn={false} />;
}

/**
 * SPEC §2 Profile, at /profile/{id, username or me} and /user/{username}: one's own profile (My
 * Profile, with settings) or another member's, read only.
 */
export function ProfilePage({ memberKey }: { memberKey: string }) {
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
  if (isOwnKey(memberKey, user)) return <ProfileView member={user} isOwn />;
  return <MemberProfile memberKey={memberKey} />;
}
