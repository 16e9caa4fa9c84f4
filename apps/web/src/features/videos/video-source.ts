import type { VideoDto } from '@jamii/shared';

/** What Chrome on Android tells about the connection (the Network Information API); absent elsewhere. */
export interface ConnectionHint {
  saveData?: boolean;
  effectiveType?: string;
  type?: string;
}

export function readConnection(): ConnectionHint | undefined {
  return (navigator as Navigator & { connection?: ConnectionHint }).connection;
}

const SLOW = new Set(['slow-2g', '2g']);

/**
 * The file to play (DESIGN §8.8): the original on Wi-Fi, wired or a connection the browser does not
 * describe; on mobile data the 360p copy, and the 240p one when the member saves data or the
 * connection is 2G. A video whose copies are not made yet plays its original.
 */
export function chooseVideoSource(
  video: Pick<VideoDto, 'video_url' | 'renditions'>,
  connection: ConnectionHint | undefined = readConnection(),
): string {
  const [smallest] = video.renditions;
  if (!smallest || !connection) return video.video_url;
  if (connection.type === 'wifi' || connection.type === 'ethernet') return video.video_url;
  if (connection.saveData || SLOW.has(connection.effectiveType ?? '')) return smallest.url;
  const medium =
    video.renditions.find((r) => r.height === 360) ?? video.renditions[video.renditions.length - 1]!;
  if (connection.type === 'cellular' || connection.effectiveType === '3g') return medium.url;
  return video.video_url;
}
