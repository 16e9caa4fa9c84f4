import type { ShieldKind } from '../index';

// Scam shapes Kenyan job seekers meet, written from the kinds public warnings describe (DCI and NEA
// advisories, news reports, the research on job fraud): the words are ours, the shapes are theirs.
// Several templates per type, in English, Kiswahili and Sheng, each filled many times.

export interface TemplateGroup {
  type: string;
  kind: ShieldKind;
  /** The posters of this type hold a licence verified on Jamii (honest recruitment agencies). */
  agencyLicensed?: boolean;
  templates: readonly string[];
}

export const SCAM_TEMPLATES: readonly TemplateGroup[] = [
  {
    type: 'fee_renamed',
    kind: 'job',
    templates: [
      '{employer} in {town} is hiring {n} {role}. Salary {pay} monthly. Successful candidates clear a {fee} of {amt} before reporting on {day}.',
      'Vacancies: {role}, {town}. Requirements: ID and KCSE. You will cater for your own {fee} ({amt}), refundable after your first salary. Call {phone}.',
      'Get hired today as one of our {role}! Only {amt} for your {fee} and you start on {day}. Send to {phone} ({name}).',
      'We have {n} slots for {role} at our {town} branch. The {fee} is {amt}, payable on reporting day. Report with the M-Pesa message.',
      'Congratulations, you have been shortlisted for {role} in {town}. To confirm your slot, clear the {fee} of {amt} by {day} through till {till}.',
      'Nafasi {n} za {role_sw} {town}. Mshahara {pay}. Utahitajika kulipa {fee_sw} {amt} kabla ya kuanza kazi. Piga {phone}.',
      'Kazi iko {town} ya {role_sw}, mshahara poa {pay}. Kitu ni {fee_sheng} ya {amt} tu, tuma kwa {phone} alafu uanze {day}.',
      'Msee kama uko serious na kazi ya {role} {town}, {fee_sheng} ni {amt}. Ukituma leo unaanza kesho. {channel} {phone}.',
      'Immediate employment for {role}. The company gives you work tools but you pay a {fee} of {amt} which is deducted from nothing, it is a one-off. Contact {name} {phone}.',
      'Shortlisted applicants for {role} ({town}) to pay {amt} {fee} at the office on {day} before orientation. No payment, no job.',
    ],
  },
  {
    type: 'abroad_processing',
    kind: 'job',
    templates: [
      '{country} needs {n} {abroad_role}. Salary {big} monthly, free accommodation. {abroad_cost} costs {big}, paid by the applicant in two instalments.',
      'Teach English in {country}! No degree needed. Your {abroad_cost} of {big} is paid before the embassy date. Flights leave next month. {channel} {phone}.',
      'Care jobs in {country} for {abroad_role}. We handle everything once you clear {abroad_cost} of {big}. Limited slots, first come first served.',
      'Kazi za {abroad_role} {country}, mshahara mzuri. Utalipia {abroad_cost} {big} kwanza, tiketi tunakupa. Wasiliana {phone}.',
      '{agency} is recruiting {abroad_role} for {country}. Processing takes three weeks after you deposit {big} for {abroad_cost}. Hurry!',
      'Ulaya kazi iko! {country}, {abroad_role}. Form ni {amt}, alafu {abroad_cost} ni {big}. Ukona passport? Ingia {channel} {phone}.',
      'Direct hire to {country}: {abroad_role} earn {big}. Candidates to meet their own {abroad_cost} ({big}); the rest is free. Apply through our office in {town}.',
      'Overseas care assistants ({country}). Your visa is guaranteed once the processing of {big} is cleared. We have taken 300 Kenyans already.',
    ],
  },
  {
    type: 'wfh_typing',
    kind: 'job',
    templates: [
      'Work from home {wfh_task} jobs. Earn {pay} a week from your phone. Pay {amt} to activate your writer account.',
      'Online {wfh_task}: 50 pages a day, {amt} per page. No skills needed. Registration on our portal is {amt}, one time.',
      'Kazi ya {wfh_task} ukiwa nyumbani, lipwa kila siku. Fungua akaunti kwa {amt} tu. {channel} {phone}.',
      'Unatafuta ganji online? {wfh_task} ni rahisi, unalipwa daily. Activation ni {amt}, tuma {phone} nikuunganishe.',
      'Remote {wfh_task} for international clients. Buy our starter kit (software and training) for {amt} and start earning {pay} monthly.',
      'Part-time {wfh_task} for students. Earn daily via M-Pesa. Your account is unlocked after a once-off fee of {amt} to till {till}.',
      'Transcribe 10 audio files a day and earn {pay} a month. First, take our paid test ({amt}) to qualify. Serious people only.',
    ],
  },
  {
    type: 'mystery_shopper',
    kind: 'job',
    templates: [
      'Mystery shoppers wanted in {town}. We send {big} to your M-Pesa; you keep {amt} and forward the rest to the number we give you.',
      'Be a secret shopper! Receive money from our client, buy {voucher} and send the codes to our supervisor. Earn {amt} per task.',
      'Evaluate M-Pesa agents in {town}: we deposit funds, you withdraw and transfer to the next agent. Commission {amt} per transfer.',
      'Kazi ya mystery shopper {town}. Tutakutumia pesa, unanunua {voucher} alafu unatuma codes kwa {name}. Unabaki na {amt}.',
      'Payment processing assistant, work from home: receive payments from customers into your account and send them on to the company. Keep 10%.',
      'Tunatafuta watu wa kupokea pesa za kampuni kwa M-Pesa yao na kuzituma kwa supplier. Malipo {amt} kila siku. {channel} {phone}.',
    ],
  },
  {
    type: 'mass_hiring',
    kind: 'job',
    templates: [
      '{supermarket} is hiring {n} {role} countrywide. No interview. Pay {amt} for your {fee} and report to the nearest branch.',
      '{ngo} mass recruitment: {n} field officers per county, {pay} monthly. Register at {amt} through {phone}.',
      '{courier} needs {n} riders in {town}. Bike provided on payment of a {fee} of {amt}. Earn {pay} monthly.',
      'Nafasi {n} {supermarket} kila kaunti! Hakuna usaili. Tuma {amt} ya {fee_sw} kwa {phone} upate barua ya kazi.',
      'Mass recruitment at {ngo}: community health volunteers, data collectors, drivers. Forms cost {amt}, collect from {name} in {town}.',
      '{courier} parcel sorters needed urgently ({n} slots). Training and uniform at {amt}. Call {phone} now, we close {day}.',
      'Vijana, {ngo} inaajiri {n} kila ward, mshahara {pay}. Facilitation ni {amt} pekee. DM {phone}.',
      '{supermarket} new branch {town}: {n} staff needed. Send {amt} to book your interview slot, refundable after you are hired.',
    ],
  },
  {
    type: 'impersonation',
    kind: 'job',
    templates: [
      '{famous} recruitment {day}: {n} {role} needed. No experience needed. Salary {big}. Pay {amt} to secure your slot.',
      'Apply for {famous} jobs through our agent. Only {amt} facilitation and you are in. {channel} {phone}.',
      '{famous} inaajiri {role_sw} {n}. Hakuna uzoefu unaohitajika. Tuma {amt} kwa {phone} kupata fomu.',
      'Guaranteed {famous} job through the back door. Pay {big} to our officer before the recruitment day. {channel} only.',
      '{famous} internship {town}: stipend {pay}. Confirm by paying {amt} commitment fee to {phone}.',
      'Form za {famous} ziko, kila form ni {amt}. Ukichelewa umekosa. {channel} {phone}.',
    ],
  },
  {
    type: 'task_scam',
    kind: 'job',
    templates: [
      'Earn {amt} per task liking {platform} videos from your phone. Upgrade to VIP level for {amt} to earn more tasks daily.',
      'Online tasks: rate products on {platform} and earn {pay} weekly. Recharge your task account with {amt} to start.',
      'Kazi ya ku-like na ku-follow kwa {platform}, unalipwa daily. Jiunge na group ya Telegram, deposit ya kwanza ni {amt}.',
      'Simple job: review hotels on {platform}, each review pays {amt}. To withdraw you first top up {amt} as tax. Mentor {name} will guide you.',
      'Make {pay} a month from {platform} tasks. Invite friends to earn commissions; the starter package costs {amt}.',
      'Pata doh daily kwa kufanya tasks za {platform}. Level ya kwanza ni {amt}, unarudisha kwa siku mbili. Inbox {phone}.',
    ],
  },
  {
    type: 'stranger_message',
    kind: 'message',
    templates: [
      'Hello, I saw your profile. I can get you a job as one of the {role} at {employer} in {town}, but you need to send {amt} for the {fee} first.',
      'Hi, you have been selected for {role} in {country}. Send {big} for {abroad_cost} to {phone} today to keep your place.',
      'Habari, nina nafasi ya kazi ya {role_sw} {town}. Tuma {amt} ya {fee_sw} kwa {phone} nikutumie barua ya kuanza.',
      'Niaje, kuna kazi fiti ya {wfh_task} online. Activation ni {amt}, tuma {phone} alafu nikuongeze kwa group.',
      'Good news! {famous} has shortlisted you. Pay the {fee} of {amt} via till {till} and reply with the M-Pesa code.',
      'Dear applicant, your contract for {abroad_role} in {country} is ready. Clear {abroad_cost} of {big} by {day} or the slot goes to the next person.',
      'Hey, I am HR at {supermarket}. We can place you at the {town} branch if you send {amt} for the {fee} to my number {phone}.',
    ],
  },
  {
    type: 'fee_offer',
    kind: 'service',
    templates: [
      'CV writing and guaranteed job placement at {employer}. Pay {amt} and we get you hired within a week.',
      'Job connection service: we link you to {role} jobs in {town}. Connection fee {amt}, paid before you get the employer contact.',
      'Tunakutafutia kazi ya {role_sw} {town} ndani ya siku tatu. Ada yetu ni {amt}, lipa kwanza.',
      'Overseas job placement: {country} jobs for {abroad_role}. Our fee covers {abroad_cost}: {big}, before we submit your papers.',
      'I can get you a slot in {famous} recruitment for {big}. Serious people only, {channel} {phone}.',
    ],
  },
];
