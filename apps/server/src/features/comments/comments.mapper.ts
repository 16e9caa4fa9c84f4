import type { CommentDto } from '@jamii/shared';
import type { CommentRow } from './comments.repo';

export function toCommentDto(row: CommentRow, canDelete: boolean): CommentDto {
  return {
    id: row.id,
    post_id: row.post_id,
    parent_id: row.parent_id,
    author: { id: row.author_id, username: row.username, name: row.name, profile_pic: row.profile_pic },
    body: row.body,
    created_at: row.created_at.toISOString(),
    can_delete: canDelete,
  };
}
