import { BlockedMembersPage } from '../../features/blocks/blocked-members-page';

/** `/settings/blocked`: the members I blocked (DESIGN §8.6). */
export function Component() {
  return <BlockedMembersPage />;
}
