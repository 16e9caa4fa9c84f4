import { VerifyEmailPage } from '../../features/auth/verify-email-page';

/** `/verify-email?token=…`: the emailed confirmation link (DESIGN §8.6). */
export function Component() {
  return <VerifyEmailPage />;
}
