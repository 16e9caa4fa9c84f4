import {
  formatMoney,
  type BidDto,
  type HiringDto,
  type JobDto,
  type PostDto,
  type TopicDto,
  type VideoDto,
} from '@jamii/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { BesideAvatar } from '../../components/avatar';
import { HeartIcon, MapPinIcon, PlayIcon } from '../../components/icons';
import { useDataSaver } from '../../lib/data-saver';
import { t } from '../../lib/i18n';
import { NameLink } from '../../components/name-link';

const rowClass = 'flex items-center gap-3 py-3';
const smallLinkClass =
  'inline-flex min-h-9 shrink-0 items-center rounded-full border border-brand-700 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** A list of rows with hairlines between them. */
export function RowList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-gray-100">
      {children}
    </ul>
  );
}

function Place({ location }: { location: string }) {
  if (!location) return null;
  return (
    <span className="inline-flex min-w-0 items-center gap-0.5">
      <MapPinIcon className="size-3.5 shrink-0" />
      <span className="truncate">{location}</span>
    </span>
  );
}

/** the specified screens Discover job row: title, company, location and a Details link to /explore/jobs/{id}. */
export function JobRow({ job }: { job: JobDto }) {
  return (
    <li className={rowClass}>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-gray-900">{job.title}</p>
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 text-sm text-gray-600">
          <span className="truncate">{job.company || t('jobs.private')}</span>
          <Place location={job.location} />
        </p>
      </div>
      <Link
        to={paths.jobDetails(job.id)}
        aria-label={t('discover.detailsOf', { title: job.title })}
        className={smallLinkClass}
      >
        {t('discover.details')}
      </Link>
    </li>
  );
}

/** the specified fields Topic: its title (#tag) and description; it opens the topic's page (docs/design.md#conversation-around-posts). */
export function TopicRow({ topic }: { topic: TopicDto }) {
  return (
    <li>
      <Link
        to={paths.topic(topic.tag)}
        className="flex items-baseline justify-between gap-3 rounded-lg py-2.5 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span className="truncate font-semibold text-brand-700">{topic.title}</span>
        <span className="shrink-0 text-sm text-gray-600">{topic.description}</span>
      </Link>
    </li>
  );
}

/** the specified fields Hiring post: company, role, location, and a link to the job. */
export function HiringRow({ hiring }: { hiring: HiringDto }) {
  return (
    <li className={rowClass}>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-gray-900">{hiring.company}</p>
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 text-sm text-gray-600">
          <span className="truncate">{hiring.role}</span>
          <Place location={hiring.location} />
        </p>
      </div>
      <Link
        to={paths.jobDetails(hiring.job_id)}
        aria-label={t('discover.viewJobOf', { role: hiring.role, company: hiring.company })}
        className={smallLinkClass}
      >
        {t('discover.viewJob')}
      </Link>
    </li>
  );
}

/** A bid request: title, poster, the most the client pays, its state and how many offers it has. */
export function BidRow({ bid }: { bid: BidDto }) {
  const offers = bid.offer_count;
  const isOpen = bid.status === 'Open';
  return (
    <li className={rowClass}>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-gray-900">{bid.job_title}</p>
        <p className="truncate text-sm text-gray-600">
          {t('discover.postBy', { name: bid.name })} · {t('discover.offers', { count: offers })}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-0.5">
        <span className="text-sm font-semibold text-gray-900">
          {t('discover.maxPrice', { price: formatMoney(bid.max_price, bid.currency) })}
        </span>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            isOpen ? 'bg-brand-50 text-brand-800' : 'bg-gray-100 text-gray-700'
          }`}
        >
          {isOpen
            ? t('bids.status.open')
            : bid.status === 'Completed'
              ? t('bids.status.completed')
              : t('bids.status.closed')}
        </span>
      </div>
    </li>
  );
}

/** A post: its author, a few lines of its text and its like count (kept live: the specified states). */
export function PostRow({ post }: { post: PostDto }) {
  return (
    <li className="flex gap-3 py-3">
      <BesideAvatar person={post}>
        <p className="flex min-w-0 items-baseline gap-2">
          <NameLink to={paths.user(post.username)} className="truncate">
            {post.name}
          </NameLink>
        </p>
        {post.title && <p className="font-medium text-gray-900">{post.title}</p>}
        <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-gray-700">{post.content}</p>
        <p className="mt-1 inline-flex items-center gap-1 text-xs text-gray-600" data-testid="post-likes">
          <HeartIcon className="size-3.5" />
          {t('posts.likes', { count: post.likes })}
        </p>
      </BesideAvatar>
    </li>
  );
}

/**
 * A video: its still frame (fetched only when scrolled near; with the data saver on, not at all: the
 * tile opens the videos, where each shows its size before play), title and uploader.
 */
export function VideoTile({ video, isShort }: { video: VideoDto; isShort: boolean }) {
  const dataSaver = useDataSaver();
  return (
    <li className={isShort ? 'w-28 shrink-0' : 'min-w-0'}>
      <Link
        // Named by its visible title and uploader (an aria-label that differed failed axe's
        // label-content-name-mismatch: speech users say what they see).
        to={isShort ? paths.shorts : paths.videos}
        className="group block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span
          className={`relative flex items-center justify-center overflow-hidden rounded-lg bg-gray-900 ${
            isShort ? 'aspect-[9/16]' : 'aspect-video'
          }`}
        >
          {video.thumbnail_url && !dataSaver ? (
            <img
              src={video.thumbnail_url}
              alt=""
              loading="lazy"
              decoding="async"
              className="size-full object-cover"
            />
          ) : (
            <PlayIcon className="size-8 text-white/80" />
          )}
        </span>
        <span className="mt-1 line-clamp-2 text-sm font-medium text-gray-900 group-hover:underline">
          {video.title}
        </span>
        <span className="block truncate text-xs text-gray-600">{video.uploader}</span>
      </Link>
    </li>
  );
}
