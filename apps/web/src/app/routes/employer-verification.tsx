import { EmployerVerificationPage } from '../../features/employer-verification/employer-verification-page';

/** `/settings/employer`: ask to be verified as an employer or a licensed agency. */
export function Component() {
  return <EmployerVerificationPage />;
}
