// The admins' delivery counts (docs/features/notifications.md): push, email and SMS by state.
export const en = {
  'admin.nav.deliveries': 'Deliveries',
  'admin.deliveries.title': 'Notification deliveries',
  'admin.deliveries.intro':
    'Push, email and SMS sent outside Jamii, counted by when each was queued. A channel with failures, or with nothing sent, is marked.',
  'admin.deliveries.day': 'Last 24 hours',
  'admin.deliveries.week': 'Last 7 days',
  'admin.deliveries.channel': 'Channel',
  'admin.deliveries.sent': 'Sent',
  'admin.deliveries.failed': 'Failed',
  'admin.deliveries.queued': 'Queued',
  'admin.deliveries.ok': 'Working',
  'admin.deliveries.failing': 'Failures',
  'admin.deliveries.silent': 'Nothing sent',
  'admin.deliveries.lastFailures': 'Last failure of each channel',
  'admin.deliveries.noFailure': 'Never failed',
  'admin.deliveries.noReason': 'No reason recorded',
  'admin.deliveries.loadFailed': 'Could not load the delivery counts.',
  'admin.deliveries.refresh': 'Count again',
} as const;

export const sw: { readonly [K in keyof typeof en]: string } = {
  'admin.nav.deliveries': 'Uwasilishaji',
  'admin.deliveries.title': 'Uwasilishaji wa arifa',
  'admin.deliveries.intro':
    'Arifa za kifaa, barua pepe na SMS zilizotumwa nje ya Jamii, zimehesabiwa kwa wakati kila moja ilipopangwa. Njia yenye hitilafu, au iliyo kimya (haikutuma chochote), imewekwa alama.',
  'admin.deliveries.day': 'Saa 24 zilizopita',
  'admin.deliveries.week': 'Siku 7 zilizopita',
  'admin.deliveries.channel': 'Njia',
  'admin.deliveries.sent': 'Zimetumwa',
  'admin.deliveries.failed': 'Zimeshindwa',
  'admin.deliveries.queued': 'Zinasubiri',
  'admin.deliveries.ok': 'Inafanya kazi',
  'admin.deliveries.failing': 'Hitilafu',
  'admin.deliveries.silent': 'Kimya',
  'admin.deliveries.lastFailures': 'Hitilafu ya mwisho ya kila njia',
  'admin.deliveries.noFailure': 'Haijawahi kushindwa',
  'admin.deliveries.noReason': 'Hakuna sababu iliyorekodiwa',
  'admin.deliveries.loadFailed': 'Imeshindwa kupakia hesabu za uwasilishaji.',
  'admin.deliveries.refresh': 'Hesabu tena',
} as const;
