// The blocks screens.
export const en = {
  'blocks.block': 'Block',
  'blocks.unblock': 'Unblock',
  'blocks.blocking': 'Blocking...',
  'blocks.unblocking': 'Unblocking...',
  'blocks.confirm':
    'Block {name}? You will stop following each other, neither of you can follow, message, make offers on or apply to the other, and you will no longer see their posts or notifications. You can unblock at any time.',
  'blocks.blocked': '{name} is blocked',
  'blocks.unblocked': '{name} is unblocked',
  'blocks.failed': 'Could not change the block. Try again.',
  'blocks.youBlocked': 'You blocked this member.',
  'blocks.title': 'Blocked members',
  'blocks.settingsLink': 'Blocked members',
  'blocks.settingsHint': 'See and unblock the members you blocked.',
  'blocks.empty': 'You have not blocked anyone.',
  'blocks.loadFailed': 'Failed to load the members you blocked',
  'blocks.blockedOn': 'Blocked {when}',
  'blocks.loadMore': 'Show more',
} as const;

export const sw: { readonly [K in keyof typeof en]: string } = {
  'blocks.block': 'Zuia',
  'blocks.unblock': 'Ondoa kizuizi',
  'blocks.blocking': 'Inazuia...',
  'blocks.unblocking': 'Inaondoa kizuizi...',
  'blocks.confirm':
    'Ungependa kumzuia {name}? Mtaacha kufuatana; hakuna kati yenu atakayeweza kumfuata mwenzake, kumtumia ujumbe, kutoa ofa kwenye zabuni zake wala kuomba kazi zake, na hutaona tena machapisho wala arifa zake. Unaweza kuondoa kizuizi wakati wowote.',
  'blocks.blocked': '{name} amezuiwa',
  'blocks.unblocked': '{name} ameondolewa kizuizi',
  'blocks.failed': 'Imeshindwa kubadilisha kizuizi. Jaribu tena.',
  'blocks.youBlocked': 'Umemzuia mwanachama huyu.',
  'blocks.title': 'Wanachama uliowazuia',
  'blocks.settingsLink': 'Wanachama uliowazuia',
  'blocks.settingsHint': 'Tazama wanachama uliowazuia na uwaondolee kizuizi.',
  'blocks.empty': 'Hujamzuia mtu yeyote.',
  'blocks.loadFailed': 'Imeshindwa kupakia wanachama uliowazuia',
  'blocks.blockedOn': 'Alizuiwa {when}',
  'blocks.loadMore': 'Onyesha zaidi',
};
