import { AccountSecurityPage } from '../../features/auth/account-security-page';

/** `/settings/security`: change password and active sessions (docs/design.md#trust-and-safety). */
export function Component() {
  return <AccountSecurityPage />;
}
