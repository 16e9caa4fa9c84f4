import type { UserDto } from '@jamii/shared';
import { useState } from 'react';
import { buttonClasses } from '../../components/button-styles';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { t } from '../../lib/i18n';
import { useToast } from '../../lib/toast';
import { useBlock, useBlockedUsernames } from './api';

/**
 * Block / Unblock on another member's profile (docs/design.md#trust-and-safety). Blocking asks first and says what it
 * does; unblocking is immediate (it is harmless and can be redone).
 */
export function BlockControl({ member }: { member: UserDto }) {
  const toast = useToast();
  const known = useBlockedUsernames();
  const block = useBlock();
  const [confirming, setConfirming] = useState(false);
  const isBlocked = known.data?.has(member.username.toLowerCase()) ?? false;

  function change(blocking: boolean) {
    block.mutate(
      { username: member.username, block: blocking },
      {
        onSuccess: () => {
          setConfirming(false);
          toast.success(t(blocking ? 'blocks.blocked' : 'blocks.unblocked', { name: member.name }));
        },
        onError: () => toast.error(t('blocks.failed')),
      },
    );
  }

  if (known.isPending) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      {isBlocked ? (
        <>
          <p className="text-sm text-gray-700">{t('blocks.youBlocked')}</p>
          <button
            type="button"
            className={buttonClasses('secondary')}
            disabled={block.isPending}
            onClick={() => change(false)}
          >
            {block.isPending ? t('blocks.unblocking') : t('blocks.unblock')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className={`${buttonClasses('ghost')} text-red-700`}
          onClick={() => setConfirming(true)}
        >
          {t('blocks.block')}
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        message={t('blocks.confirm', { name: member.name })}
        confirmLabel={t('blocks.block')}
        busyLabel={t('blocks.blocking')}
        isBusy={block.isPending}
        isDestructive
        onConfirm={() => change(true)}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
