import { ConversationsPage } from '../../features/messages/conversations-page';

/** `/messages`: my conversations (DESIGN §8.3). */
export function Component() {
  return <ConversationsPage />;
}
