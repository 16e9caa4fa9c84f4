// The words that fill the corpus's templates. Every name, number and place is made up or generic;
// the pools are wide on purpose, so that a template's filled copies differ in more than one word.

/** A small deterministic generator (mulberry32): the same seed always writes the same corpus. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const thousands = (n: number) => {
  const digits = String(n);
  let out = '';
  for (let i = 0; i < digits.length; i++)
    out += (i > 0 && (digits.length - i) % 3 === 0 ? ',' : '') + digits[i];
  return out;
};

const money = (random: () => number, n: number) => {
  const styles = [
    `KSh ${thousands(n)}`,
    `Ksh.${n}`,
    `KES ${thousands(n)}`,
    `sh ${thousands(n)}/=`,
    `${thousands(n)} bob`,
  ];
  return styles[Math.floor(random() * styles.length)]!;
};

const phone = (random: () => number) => {
  const d = () => Math.floor(random() * 10);
  const prefix = ['07', '01'][Math.floor(random() * 2)]!;
  return `${prefix}${d()}${d()} ${d()}${d()}${d()} ${d()}${d()}${d()}`;
};

export const POOLS: Record<string, readonly string[]> = {
  town: [
    'Nairobi',
    'Mombasa',
    'Kisumu',
    'Nakuru',
    'Eldoret',
    'Thika',
    'Machakos',
    'Nyeri',
    'Meru',
    'Kakamega',
    'Kitale',
    'Garissa',
    'Malindi',
    'Naivasha',
    'Kericho',
    'Embu',
    'Kitengela',
    'Ruiru',
    'Rongai',
    'Kisii',
  ],
  role: [
    'shop attendants',
    'cashiers',
    'merchandisers',
    'security guards',
    'cleaners',
    'drivers',
    'storekeepers',
    'receptionists',
    'packers',
    'loaders',
    'waiters',
    'cooks',
    'sales reps',
    'data clerks',
    'delivery riders',
    'office messengers',
    'warehouse assistants',
    'baristas',
    'tellers',
    'gardeners',
  ],
  role_sw: [
    'wahudumu wa duka',
    'makarani',
    'walinzi',
    'madereva',
    'wapishi',
    'wasafishaji',
    'wauzaji',
    'wapakiaji',
    'wahudumu wa hoteli',
    'waendesha bodaboda',
  ],
  fee: [
    'training fee',
    'uniform fee',
    'medical fee',
    'facilitation fee',
    'starter kit',
    'bike deposit',
    'phone deposit',
    'activation fee',
    'ID badge fee',
    'insurance cover fee',
    'orientation fee',
    'file opening fee',
    'commitment fee',
    'KYC verification fee',
    'tools fee',
    'lanyard and badge cost',
  ],
  fee_sw: [
    'ada ya mafunzo',
    'pesa ya sare',
    'pesa ya medical',
    'facilitation',
    'starter kit',
    'deposit ya pikipiki',
    'activation',
    'pesa ya badge',
    'ada ya bima',
    'pesa ya faili',
  ],
  fee_sheng: [
    'ka training fee',
    'doh ya uniform',
    'ganji ya medical',
    'facilitation',
    'starter kit',
    'deposit ya bike',
    'activation',
    'chapaa ya form',
  ],
  employer: [
    'a leading supermarket',
    'a big logistics company',
    'an international NGO',
    'a five-star hotel',
    'a courier company',
    'a water bottling plant',
    'a flower farm',
    'a security firm',
    'a cleaning company',
    'a bank',
    'a mobile phone company',
    'a tea factory',
  ],
  famous: [
    'Safaricom',
    'KenGen',
    'Kenya Power',
    'KRA',
    'KDF',
    'Kenya Airways',
    'Equity Bank',
    'the UN',
    'UNICEF',
    'Red Cross',
    'Kenya Ports Authority',
    'Coca-Cola',
    'EABL',
    'Kenya Pipeline',
  ],
  supermarket: [
    'Naivas',
    'Quickmart',
    'Carrefour',
    'Chandarana',
    'Magunas',
    'Cleanshelf',
    'Eastmatt',
    'Khetias',
  ],
  courier: [
    'G4S Courier',
    'Wells Fargo',
    'Fargo Courier',
    'Sendy',
    'Glovo',
    'Boda Express',
    'Speedaf',
    'Parcel Link',
  ],
  ngo: [
    'World Vision',
    'Save the Children',
    'Plan International',
    'Care Kenya',
    'Amref',
    'Kenya Red Cross',
    'Compassion',
    'a USAID-funded project',
    'Hope for Africa Foundation',
    'Vijana Empowerment Network',
  ],
  country: [
    'Dubai',
    'Saudi Arabia',
    'Qatar',
    'Oman',
    'Kuwait',
    'Canada',
    'Poland',
    'Germany',
    'the UK',
    'Australia',
    'Romania',
    'Serbia',
    'Lebanon',
    'Bahrain',
  ],
  abroad_role: [
    'house helps',
    'caregivers',
    'English teachers',
    'nurses aides',
    'farm workers',
    'truck drivers',
    'warehouse packers',
    'hotel cleaners',
    'security guards',
    'construction labourers',
    'waiters',
    'elderly care assistants',
  ],
  abroad_cost: [
    'processing',
    'visa processing',
    'air ticket',
    'medical',
    'placement',
    'documentation',
    'work permit',
    'agency',
    'booking',
    'facilitation',
    'embassy appointment',
    'certificate attestation',
  ],
  agency: [
    'Global Manpower Ltd',
    'Bright Horizons Recruitment',
    'Jubilee Placements',
    'Safari Careers Agency',
    'Pwani Overseas Recruiters',
    'Fanaka Labour Agency',
    'Zawadi Travel and Jobs',
    'Upendo International Agents',
  ],
  channel: ['WhatsApp', 'Telegram', 'WhatsApp only', 'inbox', 'DM'],
  day: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  name: [
    'Mr Otieno',
    'Madam Wanjiku',
    'Brian',
    'Faith',
    'HR Kevin',
    'Mercy',
    'Mr Kiprop',
    'Aisha',
    'Dennis',
    'Mama Njeri',
  ],
  platform: ['YouTube', 'TikTok', 'Instagram', 'Google Maps', 'Amazon', 'Facebook'],
  wfh_task: [
    'typing',
    'transcription',
    'data entry',
    'captcha typing',
    'essay typing',
    'PDF to Word typing',
    'audio transcription',
    'form filling',
    'online survey',
  ],
  voucher: ['Google Play cards', 'iTunes cards', 'airtime', 'Steam cards', 'gift cards'],
  honest_co: [
    'Tamu Bakers',
    'Ujenzi Hardware',
    'Kijani Agro Ltd',
    'Baraka Pharmacy',
    'Mwangaza Academy',
    'Nyota Hotel',
    'Shamba Fresh',
    'Jua Kali Motors',
    'Ufanisi Sacco',
    'Mji Safi Services',
    'Amani Clinic',
    'Pamoja Logistics',
  ],
  honest_role: [
    'an accountant',
    'a shop attendant',
    'a cashier',
    'a driver with a BCE licence',
    'a receptionist',
    'a sales representative',
    'a store clerk',
    'a cook',
    'a nurse',
    'a mechanic',
    'a teacher',
    'a security guard',
    'an electrician',
    'a tailor',
    'a barista',
  ],
  degree: [
    'a KCSE certificate',
    'a diploma',
    'a degree',
    'a CPA K',
    'two years experience',
    'a valid driving licence',
    'a certificate of good conduct',
  ],
  benefit: [
    'NSSF and SHIF',
    'medical cover',
    'a lunch allowance',
    'transport allowance',
    'paid leave',
    'overtime pay',
    'a housing allowance',
  ],
};

/** Fills `{slot}` placeholders from the pools; `{amt}`, `{big}`, `{pay}`, `{phone}`, `{till}`, `{n}` are drawn as numbers. */
export function fill(template: string, random: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const text = template.replace(/\{(\w+)\}/g, (_, slot: string) => {
    switch (slot) {
      case 'amt':
        return money(
          random,
          pick([
            200, 250, 300, 350, 450, 500, 650, 750, 800, 999, 1000, 1200, 1500, 1800, 2000, 2500, 3000, 3500,
            4500,
          ]),
        );
      case 'big':
        return money(random, pick([15000, 25000, 35000, 45000, 60000, 75000, 90000, 120000, 150000, 180000]));
      case 'pay':
        return money(
          random,
          pick([12000, 15000, 18000, 20000, 23000, 25000, 28000, 30000, 35000, 40000, 45000, 55000, 65000]),
        );
      case 'phone':
        return phone(random);
      case 'till':
        return String(100000 + Math.floor(random() * 8_900_000));
      case 'n':
        return String(pick([5, 10, 12, 20, 25, 30, 40, 50, 60, 80, 100, 150, 200, 300]));
      case 'lic':
        return `NEA/RA/${String(100 + Math.floor(random() * 900))}/${pick([2023, 2024, 2025, 2026])}`;
      default: {
        const pool = POOLS[slot];
        if (!pool) throw new Error(`corpus template uses an unknown slot {${slot}}`);
        return pick(pool);
      }
    }
  });
  return text.charAt(0).toUpperCase() + text.slice(1);
}
