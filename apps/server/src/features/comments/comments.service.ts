import { webPaths, type CommentInputValues } from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CurrentUser } from '../../platform/auth';
import type { Platform } from '../../platform/context';
import { forbidden, notFound, validationError } from '../../platform/errors';
import { toPage, type PageRequest } from '../../platform/pagination';
import { findMentionedMembers } from '../../platform/mentions';
import { isForeignKeyViolation } from '../../platform/pg-errors';
import { toViewer, type Viewer } from '../../platform/visibility';
import { assertListingOpen, blockedError, findListingStanding } from '../../platform/interactions';
import { createNotifier } from '../notifications/notifications.service';
import { toCommentDto } from './comments.mapper';
import { canDeleteComment } from './comments.policy';
import * as repo from './comments.repo';
import { writeTransaction } from '../../platform/write-transaction';

const badParent = () =>
  validationError(
    { parent_id: 'You can only reply to a comment on this post' },
    'You can only reply to a comment on this post',
  );

/** Whether a member (or a visitor, null) may see the post: who may watch its live comments. */
export async function canSeePost(db: Platform['db'], userId: number | null, postId: number) {
  let viewer: Viewer = null;
  if (userId !== null) {
    const user = await repo.findViewer(db, userId);
    if (!user) return false;
    viewer = toViewer(user);
  }
  return repo.isPostVisible(db, postId, viewer);
}

/** For reports on comments: the comment and its post are visible to the member. */
export const canSeeComment = (db: Platform['db'], id: number, viewer: CurrentUser) =>
  repo.isCommentVisible(db, id, toViewer(viewer));

export function createCommentsService(p: Pick<Platform, 'db' | 'events'>, log: FastifyBaseLogger) {
  const { db, events } = p;
  const notifier = createNotifier(db, events);

  /** The reply's parent: an open comment of the same post; a reply's own parent for a reply. */
  async function resolveParent(user: CurrentUser, postId: number, parentId: number) {
    let parent = await repo.findCommentForChange(db, parentId);
    if (parent?.parent_id != null) parent = await repo.findCommentForChange(db, parent.parent_id);
    if (!parent || parent.post_id !== postId) throw badParent();
    // Hidden, held or by a suspended member: not a comment one may reply to (platform/interactions).
    const standing = await findListingStanding(db, 'comments', parent.id, user.id);
    if (!standing?.open) throw badParent();
    if (standing.blocked) throw blockedError();
    return parent;
  }

  return {
    async list(viewer: CurrentUser | null, postId: number, page: PageRequest) {
      const v = toViewer(viewer);
      const post = await repo.findPost(db, postId);
      if (!post || !(await repo.isPostVisible(db, postId, v))) throw notFound('Post');
      const result = toPage(await repo.listComments(db, postId, v, page), page);
      return {
        ...result,
        items: result.items.map((row) => toCommentDto(row, canDeleteComment(viewer, row, post.user_id))),
      };
    },

    /** Writes the comment, notifies the post's owner and the parent's author, and pushes it to watchers. */
    async create(user: CurrentUser, postId: number, input: CommentInputValues) {
      // Hidden, held or its author suspended: 404; the author and the commenter a blocked pair: 403.
      const postOwnerId = await assertListingOpen(db, 'posts', postId, user.id, 'Post');
      const parent =
        input.parent_id === undefined ? null : await resolveParent(user, postId, input.parent_id);

      let created: { id: number; publish: (() => void)[] };
      try {
        created = await writeTransaction(db, async (trx) => {
          const row = await repo.insertComment(trx, {
            post_id: postId,
            author_id: user.id,
            parent_id: parent?.id ?? null,
            body: input.body,
          });
          const publish: (() => void)[] = [];
          const link = webPaths.post(postId);
          // Each member is told once, by the first reason that applies: owner, parent's author, mention.
          const told = new Set([user.id]);
          const tellOnce = async (
            memberId: number,
            kind: 'post_commented' | 'comment_replied' | 'comment_mention',
            category: 'comments' | 'mentions',
          ) => {
            if (told.has(memberId)) return;
            told.add(memberId);
            publish.push(
              await notifier.notifyIn(trx, memberId, { kind, params: { name: user.name } }, 'info', {
                link,
                category,
              }),
            );
          };
          await tellOnce(postOwnerId, 'post_commented', 'comments');
          if (parent) await tellOnce(parent.author_id, 'comment_replied', 'comments');
          // @mentions (docs/design.md#conversation-around-posts).
          for (const memberId of await findMentionedMembers(trx, input.body, user.id)) {
            await tellOnce(memberId, 'comment_mention', 'mentions');
          }
          return { id: row.id, publish };
        });
      } catch (err) {
        // The post (or the parent) was deleted meanwhile.
        if (isForeignKeyViolation(err)) throw notFound('Post');
        throw err;
      }
      for (const publish of created.publish) publish();
      const row = (await repo.findComment(db, created.id))!;
      events.emitToWatchers(
        'post',
        postId,
        'commentAdded',
        { post_id: postId, comment: toCommentDto(row, false) },
        await repo.blockedWith(db, user.id),
      );
      log.info({ commentId: row.id, postId, userId: user.id, reply: parent !== null }, 'comment added');
      return toCommentDto(row, true);
    },

    async remove(user: CurrentUser, id: number) {
      const comment = await repo.findCommentForChange(db, id);
      if (!comment) throw notFound('Comment');
      if (!canDeleteComment(user, comment, comment.post_owner_id))
        throw forbidden('Only its author, the post’s owner or an admin can delete a comment');
      await repo.deleteComment(db, id);
      log.info({ commentId: id, by: user.id }, 'comment deleted');
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
