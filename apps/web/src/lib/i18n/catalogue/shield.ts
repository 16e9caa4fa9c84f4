// The scam shield's newer texts: the reasons added beside the rules, the employer badges and
// verification form, the stranger-message warning and the admin queue of verifications.
export const en = {
  'shield.reason.money_transfer':
    'It asks you to receive money and send it on, or to buy vouchers and share the codes. That is fraud, and the person whose account moves the money carries the blame.',
  'shield.reason.unlicensed_agency':
    'A recruitment agency posting work abroad without a licence verified on Jamii. Check the agency on the National Employment Authority list before you go further.',
  'shield.reason.model': 'Looks like known scam ads: its wording is close to job scams we have seen before.',
  'employer.badge.company': 'Verified employer',
  'employer.badge.agency': 'Licensed agency',
  'messages.risk.fee': 'Jamii never asks for fees to get a job — don’t pay',
  // End of Money and offers.
  // The scam shield and blocks (docs/design.md#trust-and-safety; helper B). The Kiswahili texts live in
  // packages/shared/src/shield until a Kiswahili catalogue exists.
  'shield.title': 'Never pay to get a job',
  'shield.intro': 'Our scam check found signs of a scam here:',
  'shield.reason.upfront_fee':
    'It asks for money before any work: registration, forms, interviews, medicals, training, uniforms or "activation".',
  'shield.reason.mpesa_number':
    'It gives an M-Pesa number, till or paybill to send money to. Honest employers pay you; they do not ask you to pay them.',
  'shield.reason.off_platform_contact':
    'It pushes you to talk only on WhatsApp or Telegram. Keep the conversation here, where it is safer.',
  'shield.reason.unrealistic_pay':
    'The pay is far above what the role pays, with "no experience needed". Pay that looks too good usually is.',
  'shield.reason.abroad_fee':
    'A job abroad that charges you for the visa, ticket, medical or placement. Real employers abroad pay these themselves.',
  'shield.reason.famous_employer':
    "It names a well-known employer, but the poster has not verified an email from it. Check on the employer's own website.",
} as const;

export const sw: { readonly [K in keyof typeof en]: string } = {
  'shield.reason.money_transfer':
    'Inakuomba upokee pesa na kuzituma kwingine, au ununue vocha na kutuma namba zake. Huo ni ulaghai, na mwenye akaunti iliyotumika ndiye hulaumiwa.',
  'shield.reason.unlicensed_agency':
    'Wakala wa ajira anatangaza kazi ya nje ya nchi bila leseni iliyothibitishwa na Jamii. Hakikisha wakala yuko kwenye orodha ya Mamlaka ya Kitaifa ya Ajira (NEA) kabla ya kuendelea.',
  'shield.reason.model':
    'Inafanana na matangazo ya utapeli yanayojulikana: maneno yake yanakaribiana na utapeli wa kazi tulioona awali.',
  'employer.badge.company': 'Mwajiri aliyethibitishwa',
  'employer.badge.agency': 'Wakala mwenye leseni',
  'messages.risk.fee': 'Jamii haiombi kamwe ada ili upate kazi — usilipe',
  // End of Money and offers.
  // The scam shield and blocks (docs/design.md#trust-and-safety; helper B). The reasons are the Kiswahili texts of
  // packages/shared/src/shield.
  'shield.title': 'Usilipe ili upate kazi',
  'shield.intro': 'Ukaguzi wetu umepata dalili za utapeli hapa:',
  'shield.reason.upfront_fee':
    'Inaomba pesa kabla ya kazi: usajili, fomu, usaili, vipimo vya afya, mafunzo, sare au "activation".',
  'shield.reason.mpesa_number':
    'Inatoa namba ya M-Pesa, till au paybill ya kutuma pesa. Mwajiri halali anakulipa wewe, hakuombi umtumie pesa.',
  'shield.reason.off_platform_contact':
    'Inakusukuma kuongea kwa WhatsApp au Telegram pekee. Endelea kuongea hapa, ni salama zaidi.',
  'shield.reason.unrealistic_pay':
    'Mshahara ni mkubwa mno kwa kazi hii, na "hakuna uzoefu unaohitajika". Malipo yanayoonekana mazuri kupita kiasi mara nyingi ni uongo.',
  'shield.reason.abroad_fee':
    'Kazi ya nje ya nchi inayokutoza pesa ya visa, tiketi, vipimo vya afya au nafasi. Waajiri halali wa nje hulipia hayo wenyewe.',
  'shield.reason.famous_employer':
    'Inataja mwajiri maarufu, lakini aliyeweka tangazo hajathibitisha barua pepe ya mwajiri huyo. Hakikisha kwenye tovuti rasmi ya mwajiri.',
};
