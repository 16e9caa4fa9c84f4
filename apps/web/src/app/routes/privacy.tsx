import { PrivacyPage } from '../../features/privacy/privacy-page';

/** `/privacy`: the privacy notice, public (issue 16 §6). */
export function Component() {
  return <PrivacyPage />;
}
