import { useParams } from 'react-router';
import { ReportButton } from '../../components/report-button';
import { ScamReportButton } from '../../components/scam-report-button';
import { ThreadPage } from '../../features/messages/thread-page';

/** `/messages/{id}`: one conversation's thread; a fresh screen per conversation. */
export function Component() {
  const { id = '' } = useParams();
  const conversationId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  return (
    <ThreadPage
      key={conversationId}
      conversationId={conversationId}
      messageActions={(message) => (
        <>
          <ReportButton targetType="message" targetId={message.id} authorId={message.sender_id} />
          <ScamReportButton targetType="message" targetId={message.id} authorId={message.sender_id} />
        </>
      )}
    />
  );
}
