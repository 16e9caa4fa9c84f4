import type { ShieldKind } from './index';

/**
 * Real-looking Kenyan listings for the scam shield's test: half written the way scams are, half
 * honest ones that mention the same things innocently (M-Pesa salaries, agencies, work abroad paid
 * by the employer, "apply via the platform"). Names and numbers are made up.
 */
export interface CorpusEntry {
  kind: ShieldKind;
  scam: boolean;
  authorVerified?: boolean;
  text: string;
}

export const SCAM_CORPUS: CorpusEntry[] = [
  {
    kind: 'job',
    scam: true,
    text: 'URGENT: Safaricom is hiring 50 customer care agents in Nairobi. No experience needed. Salary KSh 85,000 per month. Pay a registration fee of KSh 1,500 to secure your slot.',
  },
  {
    kind: 'job',
    scam: true,
    text: 'Supermarket attendants wanted at Naivas and Quickmart. Send KSh 500 for forms to M-Pesa 0712 345 678 then WhatsApp your name.',
  },
  {
    kind: 'job',
    scam: true,
    text: 'Jobs in Dubai! Cleaners, drivers, security guards. Salary AED 2,500. Visa processing fee KSh 45,000 payable before the interview. Limited slots.',
  },
  {
    kind: 'job',
    scam: true,
    text: 'KenGen recruitment 2026: casual labourers needed for Olkaria. Interview fee KSh 1,000 via Paybill 522533 account your ID number.',
  },
  {
    kind: 'job',
    scam: true,
    text: 'Work from home typing jobs. Earn KSh 5,000 per day, no experience required. Activation fee KSh 300 to unlock your account.',
  },
  {
    kind: 'job',
    scam: true,
    text: 'Qatar Airways cabin crew recruitment in Nairobi. Medical fee KSh 7,500 and uniform fee KSh 3,000 to be paid in advance. WhatsApp only 0798 111 222.',
  },
  {
    kind: 'job',
    scam: true,
    text: 'Saudi Arabia house helps needed urgently. Agency fee KSh 30,000 for ticket and medical, you pay before travel. Salary 1,200 riyals.',
  },
  {
    kind: 'job',
    scam: true,
    text: 'KRA is recruiting data clerks countrywide. No experience needed, KSh 95,000 monthly. Contact us on WhatsApp for the application form.',
  },
  {
    kind: 'job',
    scam: true,
    text: 'Nafasi za kazi Kenya Power. Hakuna uzoefu unaohitajika. Ada ya usajili KSh 800, tuma kwa M-Pesa 0722 000 111.',
  },
  {
    kind: 'job',
    scam: true,
    text: 'UN jobs in Gigiri for drivers and cleaners. Training fee KSh 2,000 before you start. Send CV on Telegram @unjobs_ke.',
  },
  {
    kind: 'job',
    scam: true,
    text: 'Canada farm jobs with free accommodation. Visa fees KSh 120,000 payable to our agency. Flights leave next month, hurry.',
  },
  {
    kind: 'job',
    scam: true,
    text: 'Online data entry, earn KSh 3,500 daily from your phone. No skills needed. Pay KSh 250 to activate your account via till number 8765432.',
  },
  {
    kind: 'job',
    scam: true,
    text: 'Equity Bank tellers needed. Send KSh 1,200 for the interview booking to 0733 222 333 on M-Pesa. Only serious applicants.',
  },
  {
    kind: 'job',
    scam: true,
    text: 'Security guards wanted for a big company in Mombasa. Uniform fee KSh 2,500 payable on the first day. Call or WhatsApp me.',
  },
  {
    kind: 'job',
    scam: true,
    text: 'Poland warehouse jobs, salary EUR 1,400. Placement fee KSh 60,000 payable in two instalments. Processing takes 3 weeks.',
  },
  {
    kind: 'job',
    scam: true,
    text: 'Do not apply here. Text me on WhatsApp 0711 999 888 for the real job details. Salary 70k, no experience.',
  },
  {
    kind: 'job',
    scam: true,
    text: 'Nafasi za kazi Dubai kwa madereva. Utalipa ada ya visa KSh 50,000 kwanza. Tuma ujumbe WhatsApp pekee.',
  },
  {
    kind: 'job',
    scam: true,
    text: 'Hiring brand ambassadors for Coca-Cola. Pay KSh 1,000 to reserve your position. Earn KSh 4,000 a day, no experience.',
  },
  {
    kind: 'job',
    scam: true,
    text: 'Hotel jobs in Oman. Employer offers good pay but candidates pay the medical and visa costs of KSh 38,000.',
  },
  {
    kind: 'job',
    scam: true,
    text: 'KDF recruitment shortcut! Guaranteed slot, pay KSh 150,000 to our officer before the recruitment day. Inbox on WhatsApp only.',
  },
  {
    kind: 'bid',
    scam: true,
    text: 'Looking for a person to receive parcels for my company. Pay KSh 2,000 security fee first, then earn weekly.',
  },
  {
    kind: 'bid',
    scam: true,
    text: 'Need 20 people for an online survey job. Registration charges KSh 600 via Lipa na M-Pesa Buy Goods 445566.',
  },
  {
    kind: 'service',
    scam: true,
    text: 'I can get you a job at Safaricom or KCB within a week. Processing fee KSh 5,000, WhatsApp me 0700 123 456.',
  },
  {
    kind: 'service',
    scam: true,
    text: 'Jobs abroad made easy: Qatar, Saudi, Dubai. Our agency processes your visa for a fee of KSh 80,000 only.',
  },
  {
    kind: 'service',
    scam: true,
    text: 'Loan without guarantor in 5 minutes. Send processing fee KSh 499 to paybill 247247 then WhatsApp the code.',
  },
  {
    kind: 'post',
    scam: true,
    text: 'Job alert! Kenya Airways is hiring ground staff, no experience required, pay KSh 120,000. Registration fee KSh 1,000, contact me on Telegram.',
  },
  {
    kind: 'post',
    scam: true,
    text: 'Am recruiting for Germany nursing jobs. Application fee KSh 15,000, ticket paid by you. Inbox me.',
  },
  {
    kind: 'post',
    scam: true,
    text: 'Kazi za nyumbani Lebanon, mshahara mzuri. Lipa KSh 20,000 kwanza kwa vipimo vya afya na visa. Niandikie WhatsApp.',
  },
  {
    kind: 'message',
    scam: true,
    text: 'Congratulations you have been shortlisted. Send KSh 1,500 for the medical test to M-Pesa 0799 456 123 before Friday.',
  },
  {
    kind: 'message',
    scam: true,
    text: 'To confirm your interview slot pay the booking fee KSh 700. Chat with me on WhatsApp only, this site is slow.',
  },
  {
    kind: 'job',
    scam: true,
    text: 'Cleaners needed at JKIA. Commitment fee KSh 1,000 refundable after your first salary. Send to 0745 678 901 on M-Pesa.',
  },
  {
    kind: 'job',
    scam: true,
    text: 'Teachers Service Commission internship. Anyone can apply, no experience, KSh 90,000 per month. Forms cost KSh 500 at our office.',
  },
];

export const HONEST_CORPUS: CorpusEntry[] = [
  {
    kind: 'job',
    scam: false,
    text: 'Shop attendant wanted in Kisumu CBD. Salary KSh 18,000 per month paid via M-Pesa on the 30th. Apply via the platform with your CV.',
  },
  {
    kind: 'job',
    scam: false,
    text: 'Accountant (CPA K) for a manufacturing firm in Athi River. 3 years experience. KSh 90,000 gross. Apply here; shortlisted candidates will be called.',
  },
  {
    kind: 'job',
    scam: false,
    text: 'Drivers for a logistics company in Mombasa. Valid DL with class CE, 5 years experience. Salary KSh 35,000 plus allowances. No fees are charged at any stage.',
  },
  {
    kind: 'job',
    scam: false,
    text: 'Nurses for a hospital in Riyadh, Saudi Arabia. Two-year contract. The employer pays the visa, ticket and medical. Salary SAR 6,000. Apply via the platform.',
  },
  {
    kind: 'job',
    scam: false,
    text: 'Recruitment agency (NEA licensed) hiring caregivers for the UK. All visa and flight costs are covered by the employer. We never ask candidates to pay.',
  },
  {
    kind: 'job',
    scam: false,
    text: 'Mama mboga assistant in Kawangware, KSh 400 a day, paid every evening on M-Pesa. No experience needed, we will show you.',
  },
  {
    kind: 'job',
    scam: false,
    text: 'Waiters and waitresses for a restaurant in Westlands. Training is provided free. KSh 15,000 plus tips. Apply through this site.',
  },
  {
    kind: 'job',
    scam: false,
    text: 'Software developer (React, Node) for a fintech in Kilimani. 2+ years experience. KSh 150,000 to 220,000 per month. Hybrid.',
  },
  {
    kind: 'job',
    scam: false,
    text: 'Safaricom shop customer advisor, Thika Road Mall. Posted by Safaricom HR. Diploma required. Apply only through safaricom.co.ke careers and this page.',
    authorVerified: true,
  },
  {
    kind: 'job',
    scam: false,
    text: 'Farm hand for a dairy farm in Nyahururu. Housing and meals provided. KSh 12,000 per month paid through M-Pesa.',
  },
  {
    kind: 'job',
    scam: false,
    text: 'House help needed in Karen, live-in. KSh 16,000 per month. Good references required. Call to arrange an interview; no fees.',
  },
  {
    kind: 'job',
    scam: false,
    text: 'Electrician for a construction project in Nakuru. Grade 1 certificate. KSh 2,000 per day, paid weekly on M-Pesa.',
  },
  {
    kind: 'job',
    scam: false,
    text: 'Hotel receptionist in Diani. Diploma in hospitality, 2 years experience. Salary KSh 28,000 plus service charge.',
  },
  {
    kind: 'job',
    scam: false,
    text: 'Kazi ya mhudumu wa duka Eldoret. Mshahara KSh 14,000 kwa mwezi, unalipwa kwa M-Pesa. Tuma maombi kupitia tovuti hii.',
  },
  {
    kind: 'job',
    scam: false,
    text: 'Truck drivers for Qatar, 2-year contract. Visa, air ticket and medical are paid by the employer. Salary QAR 3,000 plus housing.',
  },
  {
    kind: 'job',
    scam: false,
    text: 'Marketing intern for a startup in Ngong Road. Stipend KSh 20,000. Fresh graduates welcome, no experience needed.',
  },
  {
    kind: 'job',
    scam: false,
    text: 'Clinical officer for a clinic in Machakos. Registered with the council. KSh 60,000 per month. Send applications through the platform.',
  },
  {
    kind: 'job',
    scam: false,
    text: 'KenGen graduate trainee programme 2026. Apply on the KenGen website only. KenGen does not charge any fee for recruitment.',
    authorVerified: true,
  },
  {
    kind: 'job',
    scam: false,
    text: 'Boda boda rider for deliveries in Ruiru. Own licence. KSh 800 per day plus fuel. Payment every Friday via M-Pesa.',
  },
  {
    kind: 'job',
    scam: false,
    text: 'Teacher of Mathematics and Physics at a private school in Meru. TSC number required. Salary KSh 32,000.',
  },
  {
    kind: 'bid',
    scam: false,
    text: 'Need a plumber to fix a leaking tank in Rongai this Saturday. I will pay on M-Pesa when the work is done.',
  },
  {
    kind: 'bid',
    scam: false,
    text: 'Logo design for my salon business in Kitengela. Budget KSh 3,000, half on approval of the draft, half on delivery.',
  },
  {
    kind: 'bid',
    scam: false,
    text: 'Looking for a tutor for a Form 3 student, Chemistry, twice a week in Kileleshwa. Paid per session.',
  },
  {
    kind: 'service',
    scam: false,
    text: 'I repair phones and laptops in Nyeri town. Pay after the repair, by cash or M-Pesa. Three months warranty on parts.',
  },
  {
    kind: 'service',
    scam: false,
    text: 'CV writing and interview coaching. KSh 1,500 per CV. This is a writing service; I do not sell jobs or promise placements.',
  },
  {
    kind: 'service',
    scam: false,
    text: 'Wedding photography in Nairobi and Central. Packages from KSh 25,000. Deposit on booking the date, balance on the day.',
  },
  {
    kind: 'post',
    scam: false,
    text: 'Happy to share that I started at Kenya Airways today as a cargo analyst! Thank you to everyone who referred me.',
    authorVerified: true,
  },
  {
    kind: 'post',
    scam: false,
    text: 'Reminder: no real employer asks you to pay for a job. If someone asks for a registration fee, report them here.',
  },
  {
    kind: 'post',
    scam: false,
    text: 'Just finished my contract in Dubai. The company paid my ticket and visa, so be careful of agents asking for money.',
  },
  {
    kind: 'message',
    scam: false,
    text: 'Hi, thanks for applying. Can you come for an interview on Tuesday at 10am at our office on Moi Avenue?',
  },
  {
    kind: 'message',
    scam: false,
    text: 'Your offer is accepted. I will send the payment on M-Pesa once the delivery reaches Kakamega.',
  },
  {
    kind: 'job',
    scam: false,
    text: 'Chef for a lodge in Maasai Mara. Employer provides transport, meals and housing. Salary KSh 45,000. Apply via the platform.',
  },
];

export const SHIELD_CORPUS: CorpusEntry[] = [...SCAM_CORPUS, ...HONEST_CORPUS];
