import { PhoneLoginPage } from '../../features/auth/phone-login-page';

export function Component() {
  return <PhoneLoginPage />;
}
