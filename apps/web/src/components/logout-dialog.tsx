import { useState } from 'react';
import { useLogout } from '../lib/auth';
import { t } from '../lib/i18n';
import { ConfirmDialog } from './confirm-dialog';

/** the specified screens Top bar: Logout asks "Are you sure? You will be logged out!", then logs out to /login. */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const logout = useLogout();
  const [isBusy, setIsBusy] = useState(false);

  async function handleConfirm() {
    setIsBusy(true);
    try {
      await logout();
    } finally {
      setIsBusy(false);
      onClose();
    }
  }

  return (
    <ConfirmDialog
      open={open}
      message={t('logout.confirm')}
      confirmLabel={t('logout.button')}
      isBusy={isBusy}
      onConfirm={() => void handleConfirm()}
      onCancel={onClose}
    />
  );
}
