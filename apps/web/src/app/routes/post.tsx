import { useParams } from 'react-router';
import { PostPage } from '../../features/posts/post-page';

/** `/p/{id}`: a shared post. */
export function Component() {
  const { id = '' } = useParams();
  const postId = /^\d+$/.test(id) ? Number(id) : 0;
  return <PostPage key={postId} postId={postId} />;
}
