import { SUSPEND_REASON_MAX, type AdminMember } from '@jamii/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DialogTextarea, FormDialog } from '../../components/form-dialog';
import { EmptyState, ListError } from '../../components/list-states';
import { MorePages } from '../../components/load-more';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { flattenPages } from '../../lib/pages';
import { paths } from '../../lib/paths';
import { useToast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { AdminNav, cardClass } from './admin-nav';
import { useAdminMembers, useRestoreMember, useSetRole, useSuspendMember } from './api';

/** `/admin/members`: search members; grant or revoke admin; suspend with a reason; restore. */
export function AdminMembersPage() {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const members = useAdminMembers(debounced);
  const list = flattenPages(members.data);
  const searchId = useId();
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6">
      <AdminNav />
      <h1 className="text-2xl font-bold text-gray-900">{t('admin.members.title')}</h1>
      <label htmlFor={searchId} className="mt-3 block text-sm font-medium text-gray-700">
        {t('admin.members.search')}
      </label>
      <input
        id={searchId}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 focus-visible:outline-2 focus-visible:outline-brand-600"
      />
      <div className="mt-4">
        {members.isPending ? (
          <p className="text-sm text-gray-600">{t('common.loading')}</p>
        ) : members.isError ? (
          <ListError message={t('admin.members.loadFailed')} onRetry={() => void members.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState>{t('admin.members.empty')}</EmptyState>
        ) : (
          <ul className="space-y-3">
            {list.map((m) => (
              <li key={m.id}>
                <MemberCard member={m} />
              </li>
            ))}
            <li>
              <MorePages list={members} />
            </li>
          </ul>
        )}
      </div>
    </main>
  );
}

function MemberCard({ member }: { member: AdminMember }) {
  const { user } = useAuth();
  const toast = useToast();
  const setRole = useSetRole();
  const restore = useRestoreMember();
  const [suspending, setSuspending] = useState(false);
  const [confirmRole, setConfirmRole] = useState(false);
  const isSelf = user?.id === member.id;
  const nextRole = member.role === 'admin' ? 'member' : 'admin';

  async function changeRole() {
    try {
      await setRole.mutateAsync({ username: member.username, role: nextRole });
      toast.success(t(nextRole === 'admin' ? 'admin.members.granted' : 'admin.members.revoked'));
    } catch (err) {
      toast.error(errorMessage(err, t('admin.members.failed')));
    } finally {
      setConfirmRole(false);
    }
  }
  async function lift() {
    try {
      await restore.mutateAsync(member.username);
      toast.success(t('admin.members.restored'));
    } catch (err) {
      toast.error(errorMessage(err, t('admin.members.failed')));
    }
  }

  return (
    <article aria-label={member.name} className={cardClass}>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <Link to={paths.user(member.username)} className="font-semibold text-gray-900 hover:underline">
          {member.name}
        </Link>
        <span className="text-sm text-gray-600">{member.username}</span>
        {member.role === 'admin' && (
          <span className="rounded bg-brand-100 px-1.5 py-0.5 text-xs font-semibold text-brand-800">
            {t('admin.members.adminBadge')}
          </span>
        )}
        {member.suspended_at && (
          <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800">
            {t('admin.members.suspendedBadge')}
          </span>
        )}
      </div>
      <p className="text-sm break-all text-gray-600">{member.email}</p>
      {member.suspended_reason && (
        <p className="mt-1 text-sm text-gray-700">
          {t('admin.members.reason')}: {member.suspended_reason}
        </p>
      )}
      {!isSelf && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" onClick={() => setConfirmRole(true)} className={buttonClasses('secondary')}>
            {t(member.role === 'admin' ? 'admin.members.revoke' : 'admin.members.grant')}
          </button>
          {member.suspended_at ? (
            <button
              type="button"
              onClick={() => void lift()}
              disabled={restore.isPending}
              className={buttonClasses('secondary')}
            >
              {t('admin.members.restore')}
            </button>
          ) : (
            <button type="button" onClick={() => setSuspending(true)} className={buttonClasses('danger')}>
              {t('admin.members.suspend')}
            </button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirmRole}
        message={t(nextRole === 'admin' ? 'admin.members.grantConfirm' : 'admin.members.revokeConfirm', {
          name: member.name,
        })}
        confirmLabel={t(nextRole === 'admin' ? 'admin.members.grant' : 'admin.members.revoke')}
        isBusy={setRole.isPending}
        onConfirm={() => void changeRole()}
        onCancel={() => setConfirmRole(false)}
      />
      {suspending && <SuspendDialog member={member} onClose={() => setSuspending(false)} />}
    </article>
  );
}

function SuspendDialog({ member, onClose }: { member: AdminMember; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const suspend = useSuspendMember();
  const toast = useToast();
  async function submit() {
    if (!reason.trim()) return setError(t('admin.members.reasonRequired'));
    try {
      await suspend.mutateAsync({ username: member.username, reason: reason.trim() });
      toast.success(t('admin.members.suspended'));
      onClose();
    } catch (err) {
      setError(errorMessage(err, t('admin.members.failed')));
    }
  }
  return (
    <FormDialog
      title={t('admin.members.suspendTitle', { name: member.name })}
      submitLabel={t('admin.members.suspend')}
      isBusy={suspend.isPending}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <DialogTextarea
        hint={t('admin.members.suspendHint')}
        label={t('admin.members.reason')}
        value={reason}
        maxLength={SUSPEND_REASON_MAX}
        onChange={setReason}
      />
    </FormDialog>
  );
}
