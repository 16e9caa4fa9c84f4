import {
  countOffers,
  type BidDto,
  type JobDto,
  type OfferDto,
  type PostDto,
  type VideoDto,
} from '@jamii/shared';

let lastId = 1000;
const nextId = () => ++lastId;

/** A post as the API answers one; each call a new id unless given. */
export function makePost(overrides: Partial<PostDto> = {}): PostDto {
  return {
    id: nextId(),
    content: 'Habari za asubuhi',
    title: null,
    image_url: null,
    image_feed_url: null,
    image_bytes: null,
    image_feed_bytes: null,
    image_placeholder: null,
    created_at: '2025-05-01T07:00:00.000Z',
    edited_at: null,
    moderation: 'visible',
    user_id: 42,
    name: 'Wanjiku Kamau',
    username: '@wanjiku_k',
    profile_pic: null,
    likes: 0,
    comment_count: 0,
    liked_by_me: false,
    risk: { level: 'none', reasons: [] },
    ...overrides,
  };
}

/** Brian Otieno (member 7), as the poster fields of the jobs and bids he posts. */
const POSTED_BY_BRIAN = {
  client_id: 7,
  name: 'Brian Otieno',
  username: '@otieno_dev',
  profile_pic: null,
  poster_verified: false,
} as const;

export function makeJob(overrides: Partial<JobDto> = {}): JobDto {
  const type = overrides.type ?? 'Full-time';
  return {
    id: nextId(),
    title: 'Data Analyst',
    company: 'Safari Data Ltd',
    location: 'Nairobi',
    type,
    job_type: type,
    description: 'Clean and chart M-Pesa sales data.',
    salary: 'KSh 120,000',
    currency: 'KES',
    salary_min: null,
    salary_max: null,
    salary_period: null,
    ...POSTED_BY_BRIAN,
    created_at: '2025-05-01T08:00:00.000Z',
    edited_at: null,
    moderation: 'visible',
    employer_verified: false,
    agency_licensed: false,
    applied_by_me: false,
    saved_by_me: false,
    applicants_count: 0,
    risk: { level: 'none', reasons: [] },
    status: 'open',
    // Far ahead, so the job stays open whenever the tests run.
    expires_at: '2999-01-01T00:00:00.000Z',
    my_application_status: null,
    ...overrides,
  };
}

export function makeOffer(overrides: Partial<OfferDto> = {}): OfferDto {
  return {
    id: nextId(),
    bid_id: 1,
    user_id: 9,
    offer_price: 400,
    currency: 'KES',
    message: 'I can start on Monday.',
    delivery_days: null,
    name: 'Amina Hassan',
    username: '@amina_hassan',
    profile_pic: null,
    created_at: '2025-05-01T09:30:00.000Z',
    edited_at: null,
    moderation: 'visible',
    accepted: false,
    status: 'pending',
    risk: { level: 'none', reasons: [] },
    client_id: 7,
    rating_avg: null,
    rating_count: 0,
    ...overrides,
  };
}

/** Counts follow the offers given, unless the test says otherwise (a list carries only some). */
export function makeBid(overrides: Partial<BidDto> = {}): BidDto {
  const offers = overrides.offers ?? [];
  return {
    id: nextId(),
    job_title: 'Paint a two-bedroom flat',
    ...POSTED_BY_BRIAN,
    max_price: 500,
    currency: 'KES',
    description: 'Kilimani, walls and ceilings.',
    created_at: '2025-05-01T09:00:00.000Z',
    edited_at: null,
    moderation: 'visible',
    reviewed_by_me: false,
    status: 'Open',
    offers,
    ...countOffers(offers),
    risk: { level: 'none', reasons: [] },
    ...overrides,
  };
}

/** A long video by Brian Otieno as the API answers one; its files follow its id. */
export function makeVideo(overrides: Partial<VideoDto> = {}): VideoDto {
  const id = overrides.id ?? nextId();
  return {
    id,
    title: `Video ${id}`,
    description: 'Maelezo',
    kind: 'long',
    duration_seconds: 185,
    video_url: `/media/videos/${id}.mp4`,
    url: `/media/videos/${id}.mp4`,
    thumbnail_url: `/media/thumbnails/${id}.webp`,
    thumbnail: `/media/thumbnails/${id}.webp`,
    moderation: 'visible',
    user_id: 7,
    uploader: 'Brian Otieno',
    username: '@otieno_dev',
    profile_pic: null,
    created_at: '2025-05-01T10:00:00.000Z',
    size_bytes: 1000,
    mime_type: 'video/mp4',
    renditions: [],
    processing: false,
    ...overrides,
  };
}
