import { ConversationsPage } from '../../features/messages/conversations-page';

/** `/messages`: my conversations (docs/design.md#messages). */
export function Component() {
  return <ConversationsPage />;
}
