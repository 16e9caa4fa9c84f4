import { VerifyEmailPage } from '../../features/auth/verify-email-page';

/** `/verify-email?token=…`: the emailed confirmation link (docs/design.md#trust-and-safety). */
export function Component() {
  return <VerifyEmailPage />;
}
