import type { JobInputValues } from '@jamii/shared';

// Deterministic demo content for a fresh install: Kenyan members, jobs, bids, posts and services.
// No demo password is written here or anywhere public (docs/design.md#trust-and-safety): seed.ts makes a fresh one
// for each account and prints them once, when it creates the accounts.
export interface DemoMember {
  username: string;
  name: string;
  email: string;
  location: string;
  bio: string;
  role?: 'admin';
}

export const DEMO_MEMBERS: DemoMember[] = [
  {
    username: '@wanjiku_k',
    name: 'Wanjiku Kamau',
    email: 'wanjiku@safaricode.co.ke',
    location: 'Nairobi',
    bio: 'Product designer building mobile-first apps for M-Pesa merchants.',
  },
  {
    username: '@otieno_dev',
    name: 'Brian Otieno',
    email: 'brian.otieno@lakeside.co.ke',
    location: 'Kisumu',
    bio: 'Full-stack developer. Fish farming tech on Lake Victoria.',
  },
  {
    username: '@amina_hassan',
    name: 'Amina Hassan',
    email: 'amina@pwanilogistics.co.ke',
    location: 'Mombasa',
    bio: 'Logistics manager at the port. Coffee, dhows and spreadsheets.',
  },
  {
    username: '@kiprop_j',
    name: 'Joseph Kiprop',
    email: 'jkiprop@riftagro.co.ke',
    location: 'Eldoret',
    bio: 'Agronomist helping maize and wheat farmers get better yields.',
  },
  {
    username: '@njeri_m',
    name: 'Grace Njeri Mwangi',
    email: 'grace@nakurucreative.co.ke',
    location: 'Nakuru',
    bio: 'Photographer and videographer. Weddings, events, flamingos.',
  },
  {
    username: '@mutua_e',
    name: 'Daniel Mutua',
    email: 'daniel.mutua@jengabuild.co.ke',
    location: 'Nairobi',
    bio: 'Civil engineer. Affordable housing projects across Nairobi County.',
  },
  {
    username: '@akinyi_a',
    name: 'Faith Akinyi',
    email: 'faith@kisumuhealth.or.ke',
    location: 'Kisumu',
    bio: 'Community health worker and data collector.',
  },
  {
    username: '@hassan_o',
    name: 'Omar Hassan',
    email: 'omar@coastaltours.co.ke',
    location: 'Mombasa',
    bio: 'Tour operator: Fort Jesus, Diani, Shimba Hills.',
  },
  {
    username: '@chebet_l',
    name: 'Lilian Chebet',
    email: 'lchebet@eldoretsports.co.ke',
    location: 'Eldoret',
    bio: 'Athletics coach. Training the next marathon champions in Iten.',
  },
  {
    username: '@kariuki_p',
    name: 'Peter Kariuki',
    email: 'peter@nakurufresh.co.ke',
    location: 'Nakuru',
    bio: 'Runs a fresh produce distribution business.',
  },
  {
    username: '@msimamizi',
    name: 'Jamii Moderator',
    email: 'moderator@jamii.co.ke',
    location: 'Nairobi',
    bio: 'Keeps Jamii safe and friendly.',
    role: 'admin',
  },
];

/** A demo job: the texts of the job form (JobInput), posted by `by`. */
export type DemoJob = Pick<
  JobInputValues,
  'title' | 'company' | 'location' | 'type' | 'description' | 'salary'
> & {
  by: string;
};

export const DEMO_JOBS: DemoJob[] = [
  {
    by: '@wanjiku_k',
    title: 'Junior React Developer',
    company: 'SafariCode',
    location: 'Nairobi',
    type: 'Full-time',
    description: 'Build fast mobile web screens for small merchants. Two years of React.',
    salary: 'KSh 120,000 / month',
  },
  {
    by: '@amina_hassan',
    title: 'Warehouse Supervisor',
    company: 'Pwani Logistics',
    location: 'Mombasa',
    type: 'Full-time',
    description: 'Lead a team of 12 at our Changamwe warehouse. Forklift licence a plus.',
    salary: 'KSh 65,000 / month',
  },
  {
    by: '@kiprop_j',
    title: 'Field Agronomist',
    company: 'Rift Agro',
    location: 'Eldoret',
    type: 'Contract',
    description: 'Six-month contract visiting maize farms in Uasin Gishu.',
    salary: 'KSh 80,000 / month',
  },
  {
    by: '@mutua_e',
    title: 'Site Engineer',
    company: 'Jenga Build',
    location: 'Nairobi',
    type: 'Full-time',
    description: 'Supervise construction of affordable housing units in Mukuru.',
    salary: 'KSh 150,000 / month',
  },
  {
    by: '@akinyi_a',
    title: 'Data Clerk',
    company: 'Kisumu Health Trust',
    location: 'Kisumu',
    type: 'Part-time',
    description: 'Enter community health survey data. Evenings and weekends.',
    salary: 'KSh 25,000 / month',
  },
  {
    by: '@hassan_o',
    title: 'Tour Guide (German speaking)',
    company: 'Coastal Tours',
    location: 'Mombasa',
    type: 'Seasonal',
    description: 'Guide visitors around Fort Jesus and Old Town, December to March.',
    salary: 'KSh 3,000 / day',
  },
  {
    by: '@kariuki_p',
    title: 'Delivery Rider',
    company: '',
    location: 'Nakuru',
    type: 'Contract',
    description: 'Deliver fresh produce around Nakuru town. Own motorbike required.',
    salary: 'KSh 1,500 / day',
  },
  {
    by: '@chebet_l',
    title: 'Assistant Athletics Coach',
    company: 'Eldoret Sports Club',
    location: 'Eldoret',
    type: 'Part-time',
    description: 'Morning sessions in Iten with junior athletes.',
    salary: 'KSh 40,000 / month',
  },
  {
    by: '@otieno_dev',
    title: 'Android Developer',
    company: 'Lakeside Tech',
    location: 'Kisumu',
    type: 'Full-time',
    description: 'Kotlin app for fish traders with offline sync.',
    salary: 'KSh 140,000 / month',
  },
  {
    by: '@njeri_m',
    title: 'Video Editor',
    company: 'Nakuru Creative',
    location: 'Nakuru',
    type: 'Freelance',
    description: 'Edit wedding films in DaVinci Resolve. Paid per project.',
    salary: 'KSh 15,000 / project',
  },
];

export interface DemoBid {
  by: string;
  job_title: string;
  max_price: number;
  description: string;
  offers: { by: string; offer_price: number; message: string }[];
  /** Index of the offer the client accepted, closing the bid. */
  accepted?: number;
}

export const DEMO_BIDS: DemoBid[] = [
  {
    by: '@wanjiku_k',
    job_title: 'Logo design for a matatu SACCO',
    max_price: 15000,
    description: 'A bold logo that reads well on the side of a matatu.',
    offers: [
      { by: '@njeri_m', offer_price: 12000, message: 'I can deliver three concepts in four days.' },
      { by: '@otieno_dev', offer_price: 9000, message: 'Simple vector logo, two revisions included.' },
    ],
  },
  {
    by: '@amina_hassan',
    job_title: 'Translate a shipping manual to Swahili',
    max_price: 30000,
    description: 'Forty pages, technical vocabulary, deadline in two weeks.',
    offers: [
      {
        by: '@hassan_o',
        offer_price: 25000,
        message: 'Native Swahili speaker from Mombasa, done this before.',
      },
    ],
    accepted: 0,
  },
  {
    by: '@kiprop_j',
    job_title: 'Soil testing for 20 acres',
    max_price: 40000,
    description: 'Sampling and a lab report with fertiliser advice.',
    offers: [
      { by: '@akinyi_a', offer_price: 35000, message: 'I work with a certified lab in Kisumu.' },
      { by: '@kariuki_p', offer_price: 38000, message: 'Results in ten days, includes a farm visit.' },
    ],
  },
  {
    by: '@mutua_e',
    job_title: 'Architectural drawings for a 3-bedroom house',
    max_price: 80000,
    description: 'Plot in Kitengela, need county-approved drawings.',
    offers: [],
  },
  {
    by: '@chebet_l',
    job_title: 'Website for an athletics camp',
    max_price: 60000,
    description: 'Bookings page, gallery and M-Pesa payments.',
    offers: [
      { by: '@otieno_dev', offer_price: 45000, message: 'React site with M-Pesa STK push integration.' },
      { by: '@wanjiku_k', offer_price: 48000, message: 'Design and build, mobile first.' },
    ],
  },
  {
    by: '@kariuki_p',
    job_title: 'Cold room repair',
    max_price: 20000,
    description: 'Compressor makes noise and does not cool below 8 degrees.',
    offers: [{ by: '@mutua_e', offer_price: 18000, message: 'I know a refrigeration technician in Nakuru.' }],
  },
];

export const DEMO_POSTS: { by: string; content: string }[] = [
  {
    by: '@wanjiku_k',
    content:
      'Just shipped a checkout flow that works on 2G. Every kilobyte matters for our users. #webperf #nairobitech',
  },
  { by: '@otieno_dev', content: 'Sunset over Lake Victoria after a long day of debugging. #kisumu #devlife' },
  {
    by: '@amina_hassan',
    content:
      'Record week at the port: 42 containers cleared in a day. Proud of the team! #mombasa #logistics',
  },
  {
    by: '@kiprop_j',
    content:
      'Rains are here early in Uasin Gishu. Plant certified seed and test your soil first. #farming #eldoret',
  },
  {
    by: '@njeri_m',
    content: 'Flamingos at Lake Nakuru this morning. Nature is the best studio. #nakuru #photography',
  },
  {
    by: '@mutua_e',
    content: 'Affordable housing is possible when we build with local materials. #jenga #nairobi',
  },
  {
    by: '@akinyi_a',
    content: 'Our community health volunteers reached 500 homes this month. #health #kisumu',
  },
  { by: '@hassan_o', content: 'Diani beach is ready for the season. Karibu pwani! #tourism #mombasa' },
  {
    by: '@chebet_l',
    content: 'Morning run in Iten: 25 km at altitude. The juniors are flying. #athletics #eldoret',
  },
  {
    by: '@kariuki_p',
    content: 'Fresh sukuma wiki and tomatoes delivered to 60 homes today. #nakuru #freshproduce',
  },
  {
    by: '@wanjiku_k',
    content: 'Hiring a junior React developer. Check the Jobs page and apply! #hiring #nairobitech',
  },
  {
    by: '@otieno_dev',
    content: 'Offline-first is not optional in rural Kenya. Sync when the network returns. #devlife #mobile',
  },
  {
    by: '@amina_hassan',
    content: 'Tip: always double check the bill of lading before the vessel arrives. #logistics',
  },
  { by: '@njeri_m', content: 'Booking weddings for December. Drop me a message! #photography #weddings' },
  { by: '@mutua_e', content: 'Site visit in Mukuru: foundations done, walls going up next week. #jenga' },
  { by: '@chebet_l', content: 'Hydration and rest are part of training too. #athletics' },
];

export const DEMO_SERVICES: {
  by: string;
  title: string;
  description: string;
  price: number;
  location: string;
}[] = [
  {
    by: '@njeri_m',
    title: 'Event photography',
    description: 'Full-day coverage with 200 edited photos.',
    price: 25000,
    location: 'Nakuru',
  },
  {
    by: '@otieno_dev',
    title: 'Mobile app development',
    description: 'Android apps that work offline.',
    price: 120000,
    location: 'Kisumu',
  },
  {
    by: '@hassan_o',
    title: 'Old Town walking tour',
    description: 'Three hours through Mombasa Old Town and Fort Jesus.',
    price: 3000,
    location: 'Mombasa',
  },
  {
    by: '@kiprop_j',
    title: 'Farm consultation',
    description: 'Soil, seed and fertiliser advice on your farm.',
    price: 5000,
    location: 'Eldoret',
  },
  {
    by: '@wanjiku_k',
    title: 'UX review',
    description: 'A written review of your app with fixes ranked by impact.',
    price: 15000,
    location: 'Nairobi',
  },
  {
    by: '@mutua_e',
    title: 'Building plan review',
    description: 'Check your drawings before county submission.',
    price: 10000,
    location: 'Nairobi',
  },
];

/** Who follows whom: [follower, followee]. */
export const DEMO_FOLLOWS: [string, string][] = [
  ['@wanjiku_k', '@otieno_dev'],
  ['@wanjiku_k', '@mutua_e'],
  ['@otieno_dev', '@wanjiku_k'],
  ['@otieno_dev', '@akinyi_a'],
  ['@amina_hassan', '@hassan_o'],
  ['@hassan_o', '@amina_hassan'],
  ['@kiprop_j', '@chebet_l'],
  ['@chebet_l', '@kiprop_j'],
  ['@njeri_m', '@kariuki_p'],
  ['@kariuki_p', '@njeri_m'],
  ['@mutua_e', '@wanjiku_k'],
  ['@akinyi_a', '@otieno_dev'],
];
