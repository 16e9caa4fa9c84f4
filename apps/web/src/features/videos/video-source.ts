import type { VideoDto } from '@jamii/shared';
import { readConnection, useDataSaver, type ConnectionHint } from '../../lib/data-saver';

export { readConnection, type ConnectionHint } from '../../lib/data-saver';

const SLOW = new Set(['slow-2g', '2g']);

/**
 * The file to play (docs/design.md#past-one-machine): the original on Wi-Fi, wired or a connection the browser does not
 * describe; on mobile data the 360p copy, and the 240p one when the member saves data or the
 * connection is 2G. A video whose copies are not made yet plays its original. With Jamii's data
 * saver on (`dataSaver`), the smallest copy whatever the connection: a member who turned it on may be
 * on a phone's hotspot that only looks like Wi-Fi.
 */
export function chooseVideoSource(
  video: Pick<VideoDto, 'video_url' | 'renditions'>,
  connection: ConnectionHint | undefined = readConnection(),
  dataSaver = false,
): string {
  const [smallest] = video.renditions;
  if (smallest && dataSaver) return smallest.url;
  if (!smallest || !connection) return video.video_url;
  if (connection.type === 'wifi' || connection.type === 'ethernet') return video.video_url;
  if (connection.saveData || SLOW.has(connection.effectiveType ?? '')) return smallest.url;
  const medium =
    video.renditions.find((r) => r.height === 360) ?? video.renditions[video.renditions.length - 1]!;
  if (connection.type === 'cellular' || connection.effectiveType === '3g') return medium.url;
  return video.video_url;
}

/** What a player needs of a video: the file, its size in bytes (shown before play), and the still. */
export interface VideoFile {
  url: string;
  sizeBytes: number;
  /** The still frame, or null with the data saver on (it would be image bytes nobody asked for). */
  poster: string | null;
}

export function videoFile(
  video: Pick<VideoDto, 'video_url' | 'renditions' | 'size_bytes' | 'thumbnail_url'>,
  connection: ConnectionHint | undefined,
  dataSaver: boolean,
): VideoFile {
  const url = chooseVideoSource(video, connection, dataSaver);
  const rendition = video.renditions.find((r) => r.url === url);
  return {
    url,
    sizeBytes: rendition ? rendition.size_bytes : video.size_bytes,
    poster: dataSaver ? null : video.thumbnail_url,
  };
}

/**
 * What a VideoPlayer plays of this video on this device now, following the data saver: the file,
 * its still and size, and the title that names the player.
 */
export function usePlayerSource(
  video: Pick<VideoDto, 'video_url' | 'renditions' | 'size_bytes' | 'thumbnail_url' | 'title'>,
) {
  const file = videoFile(video, readConnection(), useDataSaver());
  return { src: file.url, poster: file.poster, sizeBytes: file.sizeBytes, title: video.title };
}
