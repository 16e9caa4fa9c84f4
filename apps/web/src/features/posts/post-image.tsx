import type { PostDto } from '@jamii/shared';
import { useState } from 'react';
import { formatBytes, useDataSaver } from '../../lib/data-saver';
import { t } from '../../lib/i18n';

type PostPicture = Pick<
  PostDto,
  'name' | 'image_url' | 'image_feed_url' | 'image_bytes' | 'image_feed_bytes' | 'image_placeholder'
>;

const boxClass = 'relative mt-3 block aspect-[4/3] overflow-hidden rounded-xl bg-gray-100';
const focusClass = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** The blurred stand-in (a data: URI inside the post, so it costs no request), or nothing for older posts. */
function Placeholder({ src }: { src: string | null }) {
  if (!src) return null;
  return (
    <img
      src={src}
      alt=""
      aria-hidden="true"
      className="absolute inset-0 size-full scale-110 object-cover blur-xl"
      data-testid="image-placeholder"
    />
  );
}

/**
 * A post's picture: the feed-size variant (at most 640 px) in a box of fixed shape, so the list
 * never jumps. With the data saver on, nothing is downloaded until the member taps: the box shows
 * the blurred stand-in and "Tap to load · 42 kB"; then the feed variant loads, with a link to the
 * full size that says its size too. The first card's picture is likely the screen's largest paint:
 * it is fetched at once and first (`isFirst`), the others only as they come near.
 */
export function PostImage({ post, isFirst = false }: { post: PostPicture; isFirst?: boolean }) {
  const dataSaver = useDataSaver();
  const [isTapped, setIsTapped] = useState(false);
  const src = post.image_feed_url ?? post.image_url;
  if (!src) return null;
  const alt = t('posts.imageAlt', { name: post.name });
  const feedBytes = post.image_feed_url ? post.image_feed_bytes : post.image_bytes;

  if (dataSaver && !isTapped) {
    return (
      <button type="button" onClick={() => setIsTapped(true)} className={`${boxClass} w-full ${focusClass}`}>
        <Placeholder src={post.image_placeholder} />
        <span className="absolute inset-0 flex items-center justify-center p-3">
          <span className="rounded-full bg-gray-900/80 px-4 py-2 text-sm font-semibold text-white">
            <span className="sr-only">{alt}.</span>{' '}
            {feedBytes
              ? t('dataSaver.tapToLoad', { size: formatBytes(feedBytes) })
              : t('dataSaver.tapToLoadPicture')}
          </span>
        </span>
      </button>
    );
  }

  const picture = (
    <img
      src={src}
      alt={alt}
      width={640}
      height={480}
      loading={isTapped || isFirst ? 'eager' : 'lazy'}
      fetchPriority={isFirst && !isTapped ? 'high' : undefined}
      decoding="async"
      className="relative size-full object-contain"
    />
  );

  if (!dataSaver) {
    return (
      <a
        href={post.image_url ?? src}
        target="_blank"
        rel="noopener noreferrer"
        className={`${boxClass} ${focusClass}`}
      >
        {picture}
      </a>
    );
  }

  // Tapped with the data saver on: the full size is one more choice, with its price on it.
  const hasFullSize = post.image_url && post.image_url !== src;
  return (
    <div className="mt-3">
      <div className={`${boxClass} mt-0`}>
        <Placeholder src={post.image_placeholder} />
        {picture}
      </div>
      {hasFullSize && (
        <a
          href={post.image_url!}
          target="_blank"
          rel="noopener noreferrer"
          className={`mt-1 inline-flex min-h-9 items-center rounded-lg px-2 text-sm font-semibold text-brand-700 hover:underline ${focusClass}`}
        >
          {post.image_bytes
            ? t('dataSaver.fullSize', { size: formatBytes(post.image_bytes) })
            : t('dataSaver.fullSizeUnknown')}
        </a>
      )}
    </div>
  );
}
