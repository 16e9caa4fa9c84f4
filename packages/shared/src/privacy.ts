import { z } from 'zod';

/**
 * The privacy notice's versions, oldest first; the last is the one /privacy shows. A new version of
 * the text adds a date here, so the consent record of each member says which text they accepted.
 */
export const PRIVACY_NOTICE_VERSIONS = ['2026-11-25'] as const;
export type PrivacyNoticeVersion = (typeof PRIVACY_NOTICE_VERSIONS)[number];
export const PRIVACY_NOTICE_VERSION: PrivacyNoticeVersion = PRIVACY_NOTICE_VERSIONS.at(-1)!;

/** The version a signup records: the one the form showed when it is a known one, else the current. */
export function acceptedNoticeVersion(shown: string | undefined): PrivacyNoticeVersion {
  return (PRIVACY_NOTICE_VERSIONS as readonly string[]).includes(shown ?? '')
    ? (shown as PrivacyNoticeVersion)
    : PRIVACY_NOTICE_VERSION;
}

/** One export of a member's data (GET /api/users/{id}/export): the zip's file names. */
export const EXPORT_FILE_NAME = 'jamii-my-data.zip';
export const EXPORT_DATA_FILE = 'data.json';
export const EXPORT_README_FILE = 'README.txt';

/** What data.json holds, one key per part (the integration test checks each). */
export const EXPORT_PARTS = [
  'consent',
  'profile',
  'sessions',
  'posts',
  'comments',
  'likes',
  'follows',
  'jobs',
  'saved_jobs',
  'applications',
  'bids',
  'offers',
  'services',
  'videos',
  'conversations',
  'reviews',
  'notifications',
  'notification_preferences',
  'reports',
  'blocks',
  'quiz_results',
] as const;
export type ExportPart = (typeof EXPORT_PARTS)[number];

/** `GET /api/users/{id}/export`: the zip itself, sent as an attachment (not JSON). */
export const ExportArchiveSchema = z.string().meta({
  format: 'binary',
  description:
    'A zip (application/zip) of data.json, README.txt and the member’s own files, as an attachment',
});
