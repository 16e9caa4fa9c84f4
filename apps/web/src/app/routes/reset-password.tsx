import { ResetPasswordPage } from '../../features/auth/reset-password-page';

export function Component() {
  return <ResetPasswordPage />;
}
