// Phones as identity (docs/features/accounts.md): a number proved by an SMS code signs up, logs in
// and is marked verified in Settings.
export const en = {
  'phoneAuth.number': 'Phone number',
  'phoneAuth.numberHint': 'A Kenyan mobile number, e.g. 0712 345 678. We send it a six-digit code by SMS.',
  'phoneAuth.sendCode': 'Send code',
  'phoneAuth.sending': 'Sending...',
  'phoneAuth.sentTo': 'We sent a six-digit code to {number}. It expires in {minutes} minutes.',
  'phoneAuth.code': 'Six-digit code',
  'phoneAuth.verify': 'Verify',
  'phoneAuth.checking': 'Checking...',
  'phoneAuth.resend': 'Send a new code',
  'phoneAuth.resent': 'A new code is on its way.',
  'phoneAuth.otherNumber': 'Use another number',
  'phoneAuth.failed': 'That did not work. Please try again.',

  'phoneAuth.signup.link': 'Sign up with your phone number instead',
  'phoneAuth.signup.noCompanyEmail': 'No company email?',
  'phoneAuth.signup.title': 'Sign up with your phone',
  'phoneAuth.signup.heading': 'Sign up with your phone number',
  'phoneAuth.signup.intro': 'No company email needed: prove your number with a code we send by SMS.',
  'phoneAuth.signup.proved': 'Your number {number} is verified. Now fill in the rest.',
  'phoneAuth.signup.withEmail': 'Sign up with a company email',
  'phoneAuth.signup.alreadyMember': 'This number already belongs to an account: you are logged in.',

  'phoneAuth.login.hint': 'Your user name, email or verified phone number',
  'phoneAuth.login.link': 'Log in with an SMS code',
  'phoneAuth.login.title': 'Log in with an SMS code',
  'phoneAuth.login.heading': 'Log in with an SMS code',
  'phoneAuth.login.intro': 'Enter the verified phone number of your account and we will text you a code.',
  'phoneAuth.login.noAccount': 'No account has verified this number yet.',
  'phoneAuth.login.createAccount': 'Create an account with this number',
  'phoneAuth.login.withPassword': 'Log in with a password',

  'phoneAuth.settings.title': 'Verify my number',
  'phoneAuth.settings.body':
    'A verified number lets you log in with an SMS code, use Jamii by USSD and receive M-Pesa payments.',
  'phoneAuth.settings.verified': 'Verified',
  'phoneAuth.settings.notVerified': 'Not verified',
  'phoneAuth.settings.verifiedNumber': '{number} is verified.',
  'phoneAuth.settings.done': 'Your number is verified.',
  'phoneAuth.settings.changeHint': 'To use another number, verify it here: it replaces this one.',
  'phoneAuth.settings.verifyAnother': 'Verify another number',
} as const;

export const sw: { readonly [K in keyof typeof en]: string } = {
  'phoneAuth.number': 'Nambari ya simu',
  'phoneAuth.numberHint':
    'Nambari ya simu ya Kenya, mf. 0712 345 678. Tutaitumia nambari ya tarakimu sita kwa SMS.',
  'phoneAuth.sendCode': 'Tuma nambari',
  'phoneAuth.sending': 'Inatuma...',
  'phoneAuth.sentTo': 'Tumetuma nambari ya tarakimu sita kwa {number}. Inaisha baada ya dakika {minutes}.',
  'phoneAuth.code': 'Nambari ya tarakimu sita',
  'phoneAuth.verify': 'Thibitisha',
  'phoneAuth.checking': 'Inakagua...',
  'phoneAuth.resend': 'Tuma nambari mpya',
  'phoneAuth.resent': 'Nambari mpya inakuja.',
  'phoneAuth.otherNumber': 'Tumia nambari nyingine',
  'phoneAuth.failed': 'Imeshindikana. Tafadhali jaribu tena.',

  'phoneAuth.signup.link': 'Jisajili kwa nambari yako ya simu badala yake',
  'phoneAuth.signup.noCompanyEmail': 'Huna barua pepe ya kazini?',
  'phoneAuth.signup.title': 'Jisajili kwa simu',
  'phoneAuth.signup.heading': 'Jisajili kwa nambari yako ya simu',
  'phoneAuth.signup.intro':
    'Huhitaji barua pepe ya kazini: thibitisha nambari yako kwa nambari tunayotuma kwa SMS.',
  'phoneAuth.signup.proved': 'Nambari yako {number} imethibitishwa. Sasa jaza sehemu zilizobaki.',
  'phoneAuth.signup.withEmail': 'Jisajili kwa barua pepe ya kazini',
  'phoneAuth.signup.alreadyMember': 'Nambari hii tayari ni ya akaunti: umeingia.',

  'phoneAuth.login.hint': 'Jina lako la mtumiaji, barua pepe au nambari ya simu iliyothibitishwa',
  'phoneAuth.login.link': 'Ingia kwa nambari ya SMS',
  'phoneAuth.login.title': 'Ingia kwa nambari ya SMS',
  'phoneAuth.login.heading': 'Ingia kwa nambari ya SMS',
  'phoneAuth.login.intro':
    'Weka nambari ya simu iliyothibitishwa ya akaunti yako na tutakutumia nambari kwa SMS.',
  'phoneAuth.login.noAccount': 'Hakuna akaunti iliyothibitisha nambari hii bado.',
  'phoneAuth.login.createAccount': 'Fungua akaunti kwa nambari hii',
  'phoneAuth.login.withPassword': 'Ingia kwa nenosiri',

  'phoneAuth.settings.title': 'Thibitisha nambari yangu',
  'phoneAuth.settings.body':
    'Nambari iliyothibitishwa inakuwezesha kuingia kwa nambari ya SMS, kutumia Jamii kwa USSD na kupokea malipo ya M-Pesa.',
  'phoneAuth.settings.verified': 'Imethibitishwa',
  'phoneAuth.settings.notVerified': 'Haijathibitishwa',
  'phoneAuth.settings.verifiedNumber': '{number} imethibitishwa.',
  'phoneAuth.settings.done': 'Nambari yako imethibitishwa.',
  'phoneAuth.settings.changeHint': 'Kutumia nambari nyingine, ithibitishe hapa: itachukua nafasi ya hii.',
  'phoneAuth.settings.verifyAnother': 'Thibitisha nambari nyingine',
};
