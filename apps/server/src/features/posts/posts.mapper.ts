import type { PostDto } from '@jamii/shared';
import { authorFields, editedItemFields } from '../../platform/item-fields';
import { toRisk } from '../shield/shield.service';
import type { PostRow } from './posts.repo';

export function toPostDto(row: PostRow): PostDto {
  return {
    id: row.id,
    content: row.content,
    title: row.title,
    image_url: row.image_url,
    image_feed_url: row.image_feed_url,
    image_bytes: row.image_bytes,
    image_feed_bytes: row.image_feed_bytes,
    image_placeholder: row.image_placeholder,
    ...editedItemFields(row),
    risk: toRisk(row),
    user_id: row.user_id,
    ...authorFields(row),
    likes: row.likes,
    comment_count: row.comment_count,
    liked_by_me: Boolean(row.liked_by_me),
  };
}
