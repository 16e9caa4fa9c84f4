import type { TemplateGroup } from './scam-templates';

// Honest listings that look like scams to a careless reader: salaries on M-Pesa, uniforms and
// medicals the employer provides, licensed agencies and real overseas programmes, commission
// sales, remote transcription that pays the worker, open days of real shops and NGOs.

export const HONEST_TEMPLATES: readonly TemplateGroup[] = [
  {
    type: 'plain_job',
    kind: 'job',
    templates: [
      'Accountant for a manufacturing firm in {town}. CPA K and three years experience. {pay} gross. Shortlisted candidates will be called.',
      'Software developer (React, Node) for a fintech in {town}. Two years experience. {big} per month, hybrid.',
      'House help needed in {town}, live-in. {pay} per month. Good references required. Call {name} to arrange an interview.',
      'Hotel receptionist in {town}. Diploma in hospitality, two years experience. Salary {pay} plus service charge.',
      'Marketing intern for a startup in {town}. Stipend {pay}. Fresh graduates welcome, no experience needed.',
      'Teacher of Mathematics and Physics at a private school in {town}. TSC number required. Salary {pay}.',
      'Mwalimu wa Kiswahili anahitajika {town}, shule ya msingi. Mshahara {pay}. Tuma barua ya maombi na vyeti.',
      'Clinical officer for a private clinic in {town}. Registered with the council. {big} a month, night shift allowance.',
      'Electrician with grade test certificate for a construction site in {town}. {amt} a day, six days a week.',
      'Boda boda rider for a pharmacy in {town}; own motorbike and licence. {pay} a month plus fuel.',
      'Tunatafuta dereva wa lori mwenye uzoefu wa miaka mitatu, {town}. Mshahara {pay}. Leseni ya BCE inahitajika.',
      'Nurse (KRCHN) for a nursing home in {town}. Two years experience, {big} per month, {benefit}.',
      'Chef de partie for a restaurant in {town}. Five years experience in continental cuisine. {pay} plus tips.',
      'Graduate trainee, finance, {town}. Twelve months, stipend {pay}. Apply before {day} with your transcripts.',
    ],
  },
  {
    type: 'local_mpesa',
    kind: 'job',
    templates: [
      '{honest_co} in {town} is hiring {honest_role}. Salary {pay} a month, paid via M-Pesa on the 28th. Requirements: {degree}. Apply with your CV here.',
      '{honest_role} wanted at {honest_co}, {town}. {pay} gross plus {benefit}. Uniform and training provided free of charge.',
      'Tunatafuta {role_sw} {town}. Mshahara {pay} kwa mwezi, unalipwa kwa M-Pesa. Sare na mafunzo ni bure. Tuma CV yako hapa.',
      '{honest_co} needs {honest_role} for {town}. Two weeks of paid training, medical cover from the first month, {benefit}.',
      'Full-time {honest_role}, {town}. Pay {pay}. We pay weekly to M-Pesa or the bank. Interviews at our office on {day}; bring your ID and {degree}.',
      'Kazi ya {role_sw} iko {town}, {honest_co}. Doh ni {pay} kwa mwezi, inalipwa M-Pesa. Hakuna kitu utalipa. Apply hapa Jamii.',
      'Casual {role} for {day} and the weekend at {honest_co}, {town}. {amt} per day, paid by M-Pesa every evening. Lunch provided.',
      'Hiring {honest_role}. The company provides the uniform, the phone and the medical check at its own cost. Salary {pay}. Apply on Jamii.',
      'Delivery riders for {honest_co}, {town}. We provide the motorbike, fuel and insurance; you bring a riding licence. {pay} a month plus tips.',
    ],
  },
  {
    type: 'licensed_agency',
    kind: 'job',
    agencyLicensed: true,
    templates: [
      '{agency} ({lic}) recruits {abroad_role} for {country}. The employer pays the visa, ticket and medical. Do not pay anyone for this job.',
      'Licensed by the National Employment Authority ({lic}): {abroad_role} for {country}, salary {big}. All costs are met by the employer; our services are free to candidates.',
      '{agency}, NEA licence {lic}. {n} {abroad_role} for {country}. Pre-departure training is free. Verify our licence on the NEA website before you apply.',
      'Kampuni yenye leseni ya NEA ({lic}) inatafuta {abroad_role} kwenda {country}. Mwajiri atalipia visa, tiketi na vipimo vya afya. Hakuna ada.',
      '{agency}: jobs in {country} for {abroad_role}. Interviews in {town} on {day}. Candidates pay nothing; visa and flights are sponsored by the employer.',
      'We are a licensed recruitment agency ({lic}). {country} hospital needs caregivers. The hospital covers your visa, flight and first month of housing.',
    ],
  },
  {
    type: 'overseas_programme',
    kind: 'job',
    templates: [
      'Government labour mobility programme: teachers and nurses for {country}. Apply on the official portal; there are no fees at any stage.',
      'Seasonal farm work in {country} under the bilateral labour agreement. Selection by the Ministry of Labour; the employer pays travel and accommodation.',
      'Teach in {country}: the ministry there hires Kenyan teachers with a TSC number. The employer pays the visa and flights. Interviews online.',
      'Caregivers for {country} through the state agency. Training in {town} is free and you pay no processing, placement or visa fee.',
      'Nafasi za walimu {country} kupitia mpango wa serikali. Hakuna malipo yoyote. Omba kupitia tovuti rasmi ya wizara.',
    ],
  },
  {
    type: 'commission_sales',
    kind: 'job',
    templates: [
      'Insurance sales agents in {town}, commission of 10% per policy plus a monthly retainer of {pay}. IRA licence training sponsored by the company.',
      'Sales reps for solar lamps, {town}. Earn commission on every sale; stock is issued on credit and returned if unsold. No payment to join.',
      'Mawakala wa mauzo {town}: unapata commission kwa kila bidhaa unayouza. Hakuna ada ya kujiunga, bidhaa tunakupa.',
      'Commission-based field sales for {honest_co}. Top agents earn {pay} a month. We train you for a week, free, in {town}.',
      'Brand promoters for a weekend campaign at {supermarket} {town}. {amt} per day plus commission, paid to M-Pesa on Monday.',
    ],
  },
  {
    type: 'remote_work',
    kind: 'job',
    templates: [
      'Remote {wfh_task} for a research firm. Paid {amt} per audio hour to M-Pesa every Friday. Take a free test on our site to qualify.',
      'Data entry clerk, remote, three months. {pay} a month. We send you a laptop; you return it at the end of the contract.',
      'Kazi ya {wfh_task} ukiwa nyumbani kwa kampuni ya utafiti. Malipo {amt} kwa saa, kila wiki kwa M-Pesa. Hakuna malipo ya kujiunga.',
      'Remote customer support agent for an e-commerce firm. {pay} per month, shift allowance, company-provided headset. Interview over video.',
      'Freelance {wfh_task}, paid per task to M-Pesa. The client pays us; you never pay anything to get work.',
    ],
  },
  {
    type: 'mass_hiring_real',
    kind: 'job',
    templates: [
      '{supermarket} is opening a new branch in {town} and hiring {n} staff. Walk in with your CV on {day}. We never charge any fees.',
      '{ngo} is hiring {n} enumerators in {town} for a two-week survey. {amt} per day, paid via M-Pesa. Apply here by {day}.',
      '{courier} is hiring riders in {town}. Bring your licence and ID to the depot on {day}. Motorbike and helmet provided by the company.',
      '{supermarket} tawi jipya {town}: nafasi {n}. Leta CV yako {day}. Hatutozi ada yoyote. Mtu akikuomba pesa, ripoti.',
      '{ngo} recruitment: community health promoters in {town}. Stipend {pay} a month. Applications only through our website; recruitment is free.',
      '{courier} parcel sorters for the holiday season, {n} slots in {town}. {amt} a shift, uniform provided. Report to HR on {day}.',
    ],
  },
  {
    type: 'honest_message',
    kind: 'message',
    templates: [
      'Hello, thank you for applying to work with us as {honest_role}. Can you come for an interview at our {town} office on {day} at 10am? Bring your ID.',
      'Hi, we liked your profile. The job pays {pay} a month to M-Pesa. Would you like to talk on {day}?',
      'Habari, tumepokea maombi yako. Njoo usaili {day} saa nne asubuhi, ofisi yetu {town}. Hakuna malipo.',
      'Sasa, niliona CV yako. Kuna kazi ya {role_sw} {town}, mshahara {pay}. Tukutane {day} ofisini?',
      'Good afternoon, your offer letter for {honest_role} at {honest_co} is attached. Start date {day}. Salary {pay} paid monthly.',
      'Hi, I sent you {amt} on M-Pesa for the deposit of the tiles as we agreed. Please confirm you received it.',
    ],
  },
  {
    type: 'honest_service',
    kind: 'service',
    templates: [
      'CV writing and cover letters, {amt} per CV, paid after you approve the draft. Based in {town}.',
      'Plumbing and electrical repairs in {town}. Call-out charge {amt}, the rest after the job is done. Pay via M-Pesa.',
      'Tutoring for KCSE maths and chemistry in {town}, {amt} per hour. The first lesson is free.',
      'Fundi wa nguo {town}: kushona sare za shule na suti. Bei kuanzia {amt}. Malipo baada ya kazi kwa M-Pesa.',
      'Bookkeeping for small shops: {pay} a month, invoices and KRA returns. Meet us at our {town} office.',
    ],
  },
];
