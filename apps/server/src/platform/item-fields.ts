import type { Moderation } from '../db/schema';

// Fields that several features' answers share, mapped once (docs/design.md#contracts-round-two: the same names everywhere).

/** When a member's item was written and last edited, and who may see it (docs/design.md#trust-and-safety). */
export const editedItemFields = (row: {
  created_at: Date;
  edited_at: Date | null;
  moderation: Moderation;
}) => ({
  created_at: row.created_at.toISOString(),
  edited_at: row.edited_at?.toISOString() ?? null,
  moderation: row.moderation,
});

/** The author's name, handle and picture beside their item (db/authors AUTHOR_COLUMNS). */
export const authorFields = (row: { name: string; username: string; profile_pic: string | null }) => ({
  name: row.name,
  username: row.username,
  profile_pic: row.profile_pic,
});
