import { SignupPage } from '../../features/auth/signup-page';

export function Component() {
  return <SignupPage />;
}
