// Offline use: the banner, the outbox of things kept on the phone, the data saver.
export const en = {
  'offline.banner': 'You are offline',
  'offline.bannerHint':
    'You see what was loaded last. What you create is kept on your phone and sent when you are back online.',
  'outbox.saved': 'Saved on your phone; it will be sent when you are back online',
  'outbox.sent': 'Sent',
  'outbox.refused': 'Could not be sent: {reason}',
  'outbox.title': '{count, plural, one {# waiting to be sent} other {# waiting to be sent}}',
  'outbox.waiting': 'Waiting to send',
  'outbox.sendNow': 'Send now',
  'outbox.kind.post': 'Post',
  'outbox.kind.job': 'Job',
  'outbox.kind.bid': 'Bid request',
  'outbox.kind.offer': 'Offer',
  'outbox.kind.message': 'Message',
  'outbox.kind.like': 'Like',
  'outbox.kind.comment': 'Comment',
  'dataSaver.title': 'Data saver',
  'dataSaver.switch': 'Save data on this device',
  'dataSaver.explain':
    'Pictures load only when you tap them, videos download nothing until you press play and never start by themselves, and live updates pause while Jamii is in the background. You see each picture and video’s size before you spend data on it.',
  'dataSaver.deviceOnly': 'This choice is kept on this phone or computer only.',
  'dataSaver.startedOn':
    'It was turned on for you because your browser asked to save data or your connection is slow.',
  'dataSaver.tapToLoad': 'Tap to load · {size}',
  'dataSaver.tapToLoadPicture': 'Tap to load the picture',
  'dataSaver.fullSize': 'Full size · {size}',
  'dataSaver.fullSizeUnknown': 'Full size',
  'dataSaver.videoSize': 'Video · {size}',
} as const;

export const sw: { readonly [K in keyof typeof en]: string } = {
  'offline.banner': 'Huna mtandao',
  'offline.bannerHint':
    'Unaona kilichopakiwa mara ya mwisho. Unachokiunda kinahifadhiwa kwenye simu yako na kitatumwa mtandao ukirudi.',
  'outbox.saved': 'Imehifadhiwa kwenye simu yako; itatumwa mtandao ukirudi',
  'outbox.sent': 'Imetumwa',
  'outbox.refused': 'Haikuweza kutumwa: {reason}',
  'outbox.title': '{count, plural, one {# inasubiri kutumwa} other {# zinasubiri kutumwa}}',
  'outbox.waiting': 'Inasubiri kutumwa',
  'outbox.sendNow': 'Tuma sasa',
  'outbox.kind.post': 'Chapisho',
  'outbox.kind.job': 'Kazi',
  'outbox.kind.bid': 'Zabuni',
  'outbox.kind.offer': 'Ofa',
  'outbox.kind.message': 'Ujumbe',
  'outbox.kind.like': 'Kupenda',
  'outbox.kind.comment': 'Maoni',
  'dataSaver.title': 'Kiokoa data',
  'dataSaver.switch': 'Okoa data kwenye kifaa hiki',
  'dataSaver.explain':
    'Picha hupakiwa tu unapozigusa, video hazipakui chochote hadi ubonyeze kucheza wala hazianzi zenyewe, na masasisho ya moja kwa moja husimama Jamii ikiwa nyuma. Unaona ukubwa wa kila picha na video kabla ya kutumia data yako.',
  'dataSaver.deviceOnly': 'Chaguo hili linahifadhiwa kwenye simu au kompyuta hii tu.',
  'dataSaver.startedOn':
    'Kimewashwa kwa ajili yako kwa sababu kivinjari chako kiliomba kuokoa data au mtandao wako ni wa polepole.',
  'dataSaver.tapToLoad': 'Gusa ili kupakia · {size}',
  'dataSaver.tapToLoadPicture': 'Gusa ili kupakia picha',
  'dataSaver.fullSize': 'Ukubwa kamili · {size}',
  'dataSaver.fullSizeUnknown': 'Ukubwa kamili',
  'dataSaver.videoSize': 'Video · {size}',
};
