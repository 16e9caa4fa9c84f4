// The reviews screens.
export const en = {
  // End of verified emails and account security.
  // Reviews and the professional profile (docs/design.md#reviews).
  'reviews.ratedLabel':
    '{count, plural, one {Rated {rating} out of 5 from # review} other {Rated {rating} out of 5 from # reviews}}',
  'reviews.none': 'No reviews yet',
  'reviews.leave': 'Leave a review',
  'reviews.formTitle': 'Review {name}',
  'reviews.rating': 'Your rating',
  'reviews.stars': '{count, plural, one {# star} other {# stars}}',
  'reviews.text': 'What was it like to work with them? (optional)',
  'reviews.submit': 'Post review',
  'reviews.submitting': 'Posting...',
  'reviews.cancel': 'Not now',
  'reviews.saved': 'Thank you: your review is posted.',
  'reviews.failed': 'Your review could not be posted. Please try again.',
  'reviews.youReviewed': 'You reviewed {name}.',
  'reviews.listTitle': 'Reviews of {name}',
  'reviews.empty': 'No reviews yet.',
  'reviews.by': 'by {name}',
  'reviews.starsLabel': '{count} out of 5 stars',
} as const;

export const sw: { readonly [K in keyof typeof en]: string } = {
  // End of verified emails and account security.
  // Reviews and the professional profile (docs/design.md#reviews).
  'reviews.ratedLabel':
    '{count, plural, one {Ukadiriaji {rating} kati ya 5 kutoka tathmini #} other {Ukadiriaji {rating} kati ya 5 kutoka tathmini #}}',
  'reviews.none': 'Bado hakuna tathmini',
  'reviews.leave': 'Andika tathmini',
  'reviews.formTitle': 'Tathmini {name}',
  'reviews.rating': 'Ukadiriaji wako',
  'reviews.stars': '{count, plural, one {nyota #} other {nyota #}}',
  'reviews.text': 'Ilikuwaje kufanya kazi naye? (si lazima)',
  'reviews.submit': 'Chapisha tathmini',
  'reviews.submitting': 'Inachapisha...',
  'reviews.cancel': 'Si sasa',
  'reviews.saved': 'Asante: tathmini yako imechapishwa.',
  'reviews.failed': 'Imeshindwa kuchapisha tathmini yako. Tafadhali jaribu tena.',
  'reviews.youReviewed': 'Umemtathmini {name}.',
  'reviews.listTitle': 'Tathmini za {name}',
  'reviews.empty': 'Bado hakuna tathmini.',
  'reviews.by': 'na {name}',
  'reviews.starsLabel': 'Nyota {count} kati ya 5',
};
