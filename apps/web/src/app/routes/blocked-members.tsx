import { BlockedMembersPage } from '../../features/blocks/blocked-members-page';

/** `/settings/blocked`: the members I blocked (docs/design.md#trust-and-safety). */
export function Component() {
  return <BlockedMembersPage />;
}
