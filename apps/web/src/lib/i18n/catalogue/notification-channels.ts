// The channels of the notification settings (in Jamii, push, email, SMS) and this device's push.
export const en = {
  'notificationChannels.legendHint': 'For each kind of notification, choose how it reaches you.',
  'notificationChannels.in_app': 'In Jamii',
  'notificationChannels.push': 'Push',
  'notificationChannels.email': 'Email',
  'notificationChannels.sms': 'SMS',
  'notificationSettings.category.messages': 'Messages to me',
  'pushPrompt.title': 'Notifications on this device',
  'pushPrompt.body':
    'Jamii can tell you on this device when an offer is accepted, an application moves or a message arrives, even when Jamii is closed.',
  'pushPrompt.turnOn': 'Turn on notifications',
  'pushPrompt.turnOff': 'Turn off on this device',
  'pushPrompt.on': 'Notifications are on for this device.',
  'pushPrompt.denied':
    'Notifications are blocked for Jamii in this browser. Allow them in the browser’s site settings to turn them on.',
  'pushPrompt.unsupported': 'This browser cannot show notifications from Jamii.',
  'pushPrompt.iphoneInstall':
    'On iPhone, add Jamii to your Home Screen first (Share, then Add to Home Screen), then open it from there.',
  'pushPrompt.failed': 'Could not turn on notifications. Try again.',
  'unsubscribe.title': 'Unsubscribe',
  'unsubscribe.done': 'Done: you will get no more of these emails.',
  'unsubscribe.failed': 'This unsubscribe link is not valid.',
} as const;

export const sw: { readonly [K in keyof typeof en]: string } = {
  'notificationChannels.legendHint': 'Kwa kila aina ya arifa, chagua jinsi inavyokufikia.',
  'notificationChannels.in_app': 'Ndani ya Jamii',
  'notificationChannels.push': 'Arifa za kifaa',
  'notificationChannels.email': 'Barua pepe',
  'notificationChannels.sms': 'SMS',
  'notificationSettings.category.messages': 'Ujumbe kwangu',
  'pushPrompt.title': 'Arifa kwenye kifaa hiki',
  'pushPrompt.body':
    'Jamii inaweza kukuarifu kwenye kifaa hiki ofa inapokubaliwa, ombi linaposonga au ujumbe unapofika, hata Jamii ikiwa imefungwa.',
  'pushPrompt.turnOn': 'Washa arifa',
  'pushPrompt.turnOff': 'Zima kwenye kifaa hiki',
  'pushPrompt.on': 'Arifa zimewashwa kwenye kifaa hiki.',
  'pushPrompt.denied':
    'Arifa za Jamii zimezuiwa kwenye kivinjari hiki. Ziruhusu katika mipangilio ya tovuti ya kivinjari ili kuziwasha.',
  'pushPrompt.unsupported': 'Kivinjari hiki hakiwezi kuonyesha arifa za Jamii.',
  'pushPrompt.iphoneInstall':
    'Kwenye iPhone, ongeza Jamii kwenye Skrini ya Mwanzo kwanza (Shiriki, kisha Ongeza kwenye Skrini ya Mwanzo), kisha uifungue kutoka hapo.',
  'pushPrompt.failed': 'Imeshindwa kuwasha arifa. Jaribu tena.',
  'unsubscribe.title': 'Jiondoe',
  'unsubscribe.done': 'Tayari: hutapokea tena barua pepe hizi.',
  'unsubscribe.failed': 'Kiungo hiki cha kujiondoa si sahihi.',
};
