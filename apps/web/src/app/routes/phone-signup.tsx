import { PhoneSignupPage } from '../../features/auth/phone-signup-page';

export function Component() {
  return <PhoneSignupPage />;
}
