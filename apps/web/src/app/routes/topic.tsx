import { useParams } from 'react-router';
import { TopicPage } from '../../features/posts/topic-page';

/** `/explore/topics/{tag}`: a topic's posts; the tag as stored (lowercase, without #). */
export function Component() {
  const { tag = '' } = useParams();
  const normalized = tag.replace(/^#/, '').toLowerCase();
  return <TopicPage key={normalized} tag={normalized} />;
}
