import {
  extractHashtags,
  POST_FEED_IMAGE_MAX_SIDE,
  POST_IMAGE_MAX_SIDE,
  PostInput,
  type LikeAnswer,
  type PostListQueryValues,
  type PostPatchInputValues,
  webPaths,
} from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import { createNotifier } from '../notifications/notifications.service';
import { screenStored } from '../shield/shield.service';
import { createStorageQuota } from '../users/storage-quota';
import type { CurrentUser } from '../../platform/auth';
import { findMentionedMembers } from '../../platform/mentions';
import { toViewer } from '../../platform/visibility';
import type { Platform } from '../../platform/context';
import { fieldErrors, forbidden, notFound, unauthorized, validationError } from '../../platform/errors';
import { toWebpSizes, webpPlaceholder } from '../../platform/images';
import type { MultipartBody } from '../../platform/multipart';
import { isForeignKeyViolation } from '../../platform/pg-errors';
import { toPage, toPageRequest, type PageQueryValues } from '../../platform/pagination';
import { toPostDto } from './posts.mapper';
import { canDeletePost, canEditPost } from './posts.policy';
import * as repo from './posts.repo';
import { writeTransaction } from '../../platform/write-transaction';

export function createPostsService(
  p: Pick<Platform, 'db' | 'reader' | 'storage' | 'events' | 'config'>,
  log: FastifyBaseLogger,
) {
  const { db, storage, events } = p;
  const notifier = createNotifier(db, events);
  const quota = createStorageQuota(db, p.config.storageQuotaBytes);

  /** `@username` in a new post notifies that member (docs/design.md#conversation-around-posts), up to ten names a post. */
  async function notifyMentions(author: CurrentUser, postId: number, text: string) {
    for (const memberId of await findMentionedMembers(db, text, author.id)) {
      await notifier.notify(memberId, { kind: 'post_mention', params: { name: author.name } }, 'info', {
        link: webPaths.post(postId),
        category: 'mentions',
      });
    }
  }

  /**
   * Re-encodes the picture and stores its two sizes; answers their URLs (one file when small), their
   * sizes in bytes and the blurred stand-in the data saver shows before a tap.
   */
  async function storePicture(upload: string) {
    const [full, feed] = await toWebpSizes(upload, [POST_IMAGE_MAX_SIDE, POST_FEED_IMAGE_MAX_SIDE]);
    const isSameSize = full!.width === feed!.width && full!.height === feed!.height;
    const feedData = isSameSize ? full!.data : feed!.data;
    const placeholder = await webpPlaceholder(feedData);
    const imageUrl = await storage.put('posts', 'webp', full!.data);
    const feedUrl = isSameSize ? imageUrl : await storage.put('posts', 'webp', feed!.data);
    return {
      imageUrl,
      feedUrl,
      imageBytes: full!.data.length,
      feedBytes: feedData.length,
      /** What the picture takes in storage: one file when both sizes are the same. */
      storedBytes: full!.data.length + (isSameSize ? 0 : feedData.length),
      placeholder,
    };
  }

  async function removeFiles(...urls: (string | null)[]) {
    const results = await Promise.allSettled([...new Set(urls)].map((url) => storage.remove(url)));
    const failed = results.filter((r) => r.status === 'rejected').length;
    if (failed) log.warn({ urls, failed }, 'post files could not be removed');
  }

  /** Adds or removes the member's like; the count and the like change in one transaction. */
  async function setLike(user: CurrentUser, postId: number, liked: boolean): Promise<LikeAnswer> {
    let outcome: { likes: number; changed: boolean; authorId: number } | undefined;
    try {
      outcome = await writeTransaction(db, async (trx) => {
        // A post the member may not see (hidden, held, blocked pair) cannot be liked: 404.
        const row = await repo.setLikeIfVisible(trx, postId, user, liked);
        return row && { likes: row.like_count, changed: row.changed, authorId: row.user_id };
      });
    } catch (err) {
      // The post was deleted between the two statements.
      if (isForeignKeyViolation(err)) throw notFound('Post');
      throw err;
    }
    if (!outcome) throw notFound('Post');
    if (outcome.changed)
      events.emitToPostViewers(postId, 'likeUpdated', { type: 'post', id: postId, likes: outcome.likes });
    if (outcome.changed && liked && outcome.authorId !== user.id) {
      // One notification per post, refreshed on each like, so a popular post does not flood the list.
      const notice = { kind: 'post_liked', params: { name: user.name, others: outcome.likes - 1 } } as const;
      await notifier.notifyGrouped(outcome.authorId, `like:post:${postId}`, notice, 'info', {
        link: webPaths.post(postId),
        category: 'likes',
      });
    }
    return { likes: outcome.likes, liked };
  }

  return {
    /** A topic's posts (`/explore/topics/{tag}`), newest first, as the feed shows them. */
    async listTopic(viewer: CurrentUser | null, tag: string, query: PageQueryValues) {
      const page = toPageRequest(query);
      const rows = await repo.listPosts(
        await p.reader(viewer?.id ?? null),
        { viewerId: viewer?.id ?? null, viewer: toViewer(viewer), tag },
        page,
      );
      const result = toPage(rows, page);
      return { ...result, items: result.items.map(toPostDto) };
    },

    async list(viewer: CurrentUser | null, query: PageQueryValues & PostListQueryValues, authorId?: number) {
      const page = toPageRequest(query);
      const following = query.feed === 'following';
      if (following && !viewer) throw unauthorized('Please log in to see the posts of people you follow');
      const rows = await repo.listPosts(
        await p.reader(viewer?.id ?? null),
        {
          viewerId: viewer?.id ?? null,
          viewer: toViewer(viewer),
          authorId,
          search: query.search,
          followedBy: following ? viewer?.id : undefined,
        },
        page,
      );
      const result = toPage(rows, page);
      return { ...result, items: result.items.map(toPostDto) };
    },

    async get(viewer: CurrentUser | null, id: number) {
      const row = await repo.findPost(db, id, viewer?.id ?? null, toViewer(viewer));
      if (!row) throw notFound('Post');
      return toPostDto(row);
    },

    /** The author is the signed-in member whatever the form says; hashtags are saved with the post. */
    async create(user: CurrentUser, form: MultipartBody) {
      const parsed = PostInput.safeParse(form.fields);
      if (!parsed.success) throw validationError(fieldErrors(parsed.error.issues));
      const { content, title } = parsed.data;
      // The picture is checked and stored before the post exists, so a bad file leaves no post.
      // A member whose files already fill the quota is told before the picture is decoded.
      if (form.file) await quota.assertNotFull(user.id);
      const picture = form.file ? await storePicture(form.file.path) : null;
      try {
        const { id, screening, publish, row } = await writeTransaction(db, async (trx) => {
          if (picture) await quota.assertRoomFor(trx, user.id, picture.storedBytes);
          const post = await repo.insertPost(trx, {
            user_id: user.id,
            content,
            title: title || null,
            image_url: picture?.imageUrl ?? null,
            image_feed_url: picture?.feedUrl ?? null,
            image_bytes: picture?.imageBytes ?? null,
            image_feed_bytes: picture?.feedBytes ?? null,
            image_placeholder: picture?.placeholder ?? null,
          });
          await repo.tagPost(trx, post, extractHashtags(content));
          const stored = await screenStored(trx, 'posts', post.id, p.events);
          // Read back on the transaction's connection: under load, each further query waits its turn
          // for a connection of the pool again.
          return { id: post.id, ...stored, row: await repo.findPost(trx, post.id, user.id) };
        });
        publish();
        log.info({ postId: id, userId: user.id, hasImage: Boolean(picture) }, 'post created');
        // A post held for the moderators reaches no one yet, so it mentions no one either.
        if (screening?.moderation !== 'held') await notifyMentions(user, id, content);
        return toPostDto(row!);
      } catch (err) {
        if (picture) await removeFiles(picture.imageUrl, picture.feedUrl);
        throw err;
      }
    },

    /** The author edits the text (and title) under the create rules; the topics follow the text. */
    async update(user: CurrentUser, id: number, input: PostPatchInputValues) {
      const post = await repo.findPostForChange(db, id);
      if (!post) throw notFound('Post');
      if (!canEditPost(user, post)) throw forbidden('You can only edit your own posts');
      const changes = {
        ...(input.content === undefined ? {} : { content: input.content }),
        ...(input.title === undefined ? {} : { title: input.title || null }),
      };
      // An empty PATCH changes nothing and marks nothing edited.
      if (Object.keys(changes).length === 0) return toPostDto((await repo.findPost(db, id, user.id))!);
      const { publish } = await writeTransaction(db, async (trx) => {
        const updated = await repo.updatePost(trx, id, changes);
        if (input.content !== undefined) {
          await repo.untagPost(trx, id);
          await repo.tagPost(trx, updated, extractHashtags(input.content));
        }
        return screenStored(trx, 'posts', id, p.events);
      });
      publish();
      log.info({ postId: id, userId: user.id }, 'post edited');
      return toPostDto((await repo.findPost(db, id, user.id))!);
    },

    async remove(user: CurrentUser, id: number) {
      const post = await repo.findPostForChange(db, id);
      if (!post) throw notFound('Post');
      if (!canDeletePost(user, post)) throw forbidden('You can only delete your own posts');
      await repo.deletePost(db, id);
      await removeFiles(post.image_url, post.image_feed_url);
      log.info({ postId: id, by: user.id }, 'post deleted');
    },

    like: (user: CurrentUser, postId: number) => setLike(user, postId, true),
    unlike: (user: CurrentUser, postId: number) => setLike(user, postId, false),
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
