import { PrivacyPage } from '../../features/privacy/privacy-page';

/** `/privacy`: the privacy notice, public (docs/features/your-data.md). */
export function Component() {
  return <PrivacyPage />;
}
