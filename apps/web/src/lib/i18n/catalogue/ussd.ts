/** Settings › USSD PIN: acting from a feature phone (dial Jamii's code) takes this PIN. */
export const en = {
  'ussdPin.title': 'USSD PIN',
  'ussdPin.body':
    'On a phone without the app, dial Jamii’s USSD code to see jobs near you, your offers and your messages. Applying, accepting an offer and replying take this PIN of four digits. Three wrong PINs lock it for 30 minutes.',
  'ussdPin.pin': 'New PIN (four digits)',
  'ussdPin.password': 'Your password',
  'ussdPin.save': 'Save PIN',
  'ussdPin.saved': 'Your USSD PIN is saved',
  'ussdPin.failed': 'Your PIN could not be saved. Try again.',
  'ussdPin.needsPhone':
    'USSD knows you by a verified phone number: verify yours in the phone settings first.',
} as const satisfies Record<string, string>;

export const sw: { readonly [K in keyof typeof en]: string } = {
  'ussdPin.title': 'PIN ya USSD',
  'ussdPin.body':
    'Kwenye simu isiyo na programu, piga msimbo wa USSD wa Jamii kuona kazi zilizo karibu nawe, ofa zako na ujumbe wako. Kuomba kazi, kukubali ofa na kujibu kunahitaji PIN hii ya tarakimu nne. PIN tatu zisizo sahihi huifunga kwa dakika 30.',
  'ussdPin.pin': 'PIN mpya (tarakimu nne)',
  'ussdPin.password': 'Nenosiri lako',
  'ussdPin.save': 'Hifadhi PIN',
  'ussdPin.saved': 'PIN yako ya USSD imehifadhiwa',
  'ussdPin.failed': 'PIN yako haikuweza kuhifadhiwa. Jaribu tena.',
  'ussdPin.needsPhone':
    'USSD inakutambua kwa nambari ya simu iliyothibitishwa: thibitisha yako kwenye mipangilio ya simu kwanza.',
};
