import { AccountSecurityPage } from '../../features/auth/account-security-page';

/** `/settings/security`: change password and active sessions (DESIGN §8.6). */
export function Component() {
  return <AccountSecurityPage />;
}
