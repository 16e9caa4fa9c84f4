/**
 * The scam shield (docs/design.md#trust-and-safety): explainable rules that read what a member writes and answer a risk
 * level with the reasons, as codes the server stores and the web explains in plain words (English
 * and Kiswahili). One module, so the server's verdict and the web's words never drift apart.
 *
 * Every pattern here is linear: no nested quantifiers, every gap bounded (`[^.\n]{0,60}`), and the
 * text is cut to SHIELD_TEXT_MAX characters before any pattern reads it.
 */

import { RISK_REASON_CODES, type RiskLevel, type RiskReason } from './codes';
import { scamProbability } from './model';
import { SHIELD_MODEL } from './model-weights';
export { RISK_LEVELS, RISK_REASON_CODES, type RiskLevel, type RiskReason } from './codes';

export type ShieldKind = 'job' | 'bid' | 'service' | 'post' | 'message';

export { RiskSchema, type Risk } from './risk-schema';

/** Texts longer than this are read only up to here (every field the shield sees is shorter). */
export const SHIELD_TEXT_MAX = 8000;

/** At or above: caution (a warning beside the item); high: held until an admin approves it. */
export const RISK_THRESHOLDS = { caution: 2, high: 6 } as const;
/** The learned model's probability from which it adds its reason (chosen on the train part). */
export const MODEL_THRESHOLD = 0.7;
/** An author whose email is not verified weighs this much more. */
export const UNVERIFIED_FACTOR = 1.25;

export interface RiskRule {
  weight: number;
  /** Plain words for members, in English and in Kiswahili. */
  en: string;
  sw: string;
}

export const RISK_REASONS: Record<RiskReason, RiskRule> = {
  upfront_fee: {
    weight: 4,
    en: 'It asks for money before any work: registration, forms, interviews, medicals, training, uniforms or "activation". Never pay to get a job.',
    sw: 'Inaomba pesa kabla ya kazi: usajili, fomu, usaili, vipimo vya afya, mafunzo, sare au "activation". Usilipe ili upate kazi.',
  },
  mpesa_number: {
    weight: 3,
    en: 'It gives an M-Pesa number, till or paybill to send money to. Honest employers pay you; they do not ask you to pay them.',
    sw: 'Inatoa namba ya M-Pesa, till au paybill ya kutuma pesa. Mwajiri halali anakulipa wewe, hakuombi umtumie pesa.',
  },
  off_platform_contact: {
    weight: 2,
    en: 'It pushes you to talk only on WhatsApp or Telegram. Keep the conversation here, where it is safer.',
    sw: 'Inakusukuma kuongea kwa WhatsApp au Telegram pekee. Endelea kuongea hapa, ni salama zaidi.',
  },
  unrealistic_pay: {
    weight: 3,
    en: 'The pay is far above what the role pays, with "no experience needed". Pay that looks too good usually is.',
    sw: 'Mshahara ni mkubwa mno kwa kazi hii, na "hakuna uzoefu unaohitajika". Malipo yanayoonekana mazuri kupita kiasi mara nyingi ni uongo.',
  },
  abroad_fee: {
    weight: 4,
    en: 'A job abroad that charges you for the visa, ticket, medical or placement. Real employers abroad pay these themselves.',
    sw: 'Kazi ya nje ya nchi inayokutoza pesa ya visa, tiketi, vipimo vya afya au nafasi. Waajiri halali wa nje hulipia hayo wenyewe.',
  },
  money_transfer: {
    weight: 4,
    en: 'It asks you to receive money and send it on, or to buy vouchers and share the codes. That is fraud, and the person whose account moves the money carries the blame.',
    sw: 'Inakuomba upokee pesa na kuzituma kwingine, au ununue vocha na kutuma namba zake. Huo ni ulaghai, na mwenye akaunti iliyotumika ndiye hulaumiwa.',
  },
  unlicensed_agency: {
    weight: 2,
    en: 'A recruitment agency posting work abroad without a licence verified on Jamii. Check the agency on the National Employment Authority list before you go further.',
    sw: 'Wakala wa ajira anatangaza kazi ya nje ya nchi bila leseni iliyothibitishwa na Jamii. Hakikisha wakala yuko kwenye orodha ya Mamlaka ya Kitaifa ya Ajira (NEA) kabla ya kuendelea.',
  },
  model: {
    weight: 2,
    en: 'Looks like known scam ads: its wording is close to job scams we have seen before.',
    sw: 'Inafanana na matangazo ya utapeli yanayojulikana: maneno yake yanakaribiana na utapeli wa kazi tulioona awali.',
  },
  famous_employer: {
    weight: 1,
    en: "It names a well-known employer, but the poster has not verified an email from it. Check on the employer's own website.",
    sw: 'Inataja mwajiri maarufu, lakini aliyeweka tangazo hajathibitisha barua pepe ya mwajiri huyo. Hakikisha kwenye tovuti rasmi ya mwajiri.',
  },
};

/** The headline beside every warned item, in both languages. */
export const RISK_HEADLINE = { en: 'Never pay to get a job', sw: 'Usilipe ili upate kazi' } as const;

// Clauses that say money is NOT asked of the applicant; removed before the fee rules read the text.
const NEGATED_MONEY = [
  /\b(?:you|candidates?|applicants?|workers?) (?:will )?pay (?:no|nothing|zero)\b[^.\n]{0,60}/g,
  /\b(?:no|never|zero|without|free of|not|don'?t|do not|does not|doesn'?t|will not|won'?t|hatutozi|hakuna|bila)\b[^.\n!]{0,40}\b(?:fees?|charges?|charged|pay|payment|paying|ada|malipo|kulipa|pesa)\b/g,
  /\b(?:employer|company|client|we)\s(?:will\s)?(?:pays?|covers?|caters? for|provides?|sponsors?|meets?|bears?)\b[^.\n]{0,80}/g,
  /[^.\n]{0,60}\b(?:paid|covered|sponsored|provided|catered for|met) by (?:the )?(?:employer|company|client)\b/g,
  // A warning about scams ("if anyone asks for a fee, report them") is not a scam.
  /\b(?:if|when|whenever) (?:someone|anyone|somebody|they|an agent|a recruiter|mtu)\b[^.\n]{0,60}/g,
  /\bmwajiri (?:atalipia|analipia|atagharamia|hugharamia)\b[^.\n]{0,80}/g,
];

const FEE_WORDS =
  /\b(?:registration|application|processing|interview|medical|training|uniform|visa|activation|booking|clearance|forms?|joining|placement|commitment|security|recruitment|facilitation|orientation|badge|lanyard|kyc|verification|file opening|insurance cover|tools|connection|agency|documentation)\s?(?:fees?|charges?|costs?|money)\b/;
// Money asked for in so many words: "send KSh 500", "register at 500 bob", "clear ... of KSh 2,000".
// An amount is written as Kenyans write it: "KSh 500", "Ksh.500", "sh 500/=", "500 bob".
const ASKS_CASH = [
  /\b(?:send|deposit|tuma|lipa|register at|fungua akaunti kwa|recharge with|top up)\s(?:a |the |only |just )?(?:(?:ksh|kes|sh)\.?\s?\d[\d,]{0,9}|\d[\d,]{0,9}\s?(?:bob|\/=))/,
  /\bpay\s(?:a |the |only |just )?(?:one-?off |once-?off )?(?:(?:ksh|kes|sh)\.?\s?\d[\d,]{0,9}|\d[\d,]{0,9}\s?(?:bob|\/=))\s?(?:to|for|and|via|through|as|before|kwa)\b/,
  /\b(?:clear|deposit|you pay)\b[^\n]{0,40}\bof\s(?:(?:ksh|kes|sh)\.?\s?\d[\d,]{0,9}|\d[\d,]{0,9}\s?(?:bob|\/=))/,
  /\b(?:registration|training|uniform|forms?|medicals?|interview)\b[^.\n]{0,25}\b(?:is|ni|at|costs?|of)\s(?:(?:ksh|kes|sh)\.?\s?\d[\d,]{0,9}|\d[\d,]{0,9}\s?(?:bob|\/=))/,
];
// The job itself for sale.
const GUARANTEED =
  /\bguaranteed? (?:job|slot|placement|visa|employment|position)\b|\b(?:get|secure)s? you (?:a |the )?(?:slot|job|position|placement|hired)\b|\bthrough the back door\b|\bfee\b[^.\n]{0,60}\bbefore (?:we|you)\b/;
// The fee under another name: a kit, a deposit on the tools of the job, an "activation".
const RENAMED_FEE =
  /\b(?:starter (?:kit|package|pack)|(?:bike|phone|motorbike|pikipiki|laptop|tools?) deposit|deposit ya (?:pikipiki|bike|simu)|refundable after (?:your|the) first (?:salary|pay)|no payment,? no job|paid test|top ?up\b[^.\n]{0,20}\b(?:as tax|to withdraw|your (?:task )?account)|recharge your (?:task )?account|upgrade to (?:vip|level))\b/;
const SHENG_FEE =
  /\b(?:doh|ganji|chapaa|pesa|ada) ya (?:uniform|medical|form|mafunzo|sare|bima|faili|badge|training)\b|\b(?:facilitation|activation|starter kit|deposit ya kwanza|form) ni\b[^.\n]{0,20}\b(?:ksh|kes|sh|bob|\d)/;
const PAY_FIRST =
  /\b(?:pay|send|deposit|lipa|tuma|contribute)\b[^.\n]{0,60}\b(?:before|upfront|up front|in advance|kwanza|to (?:secure|reserve|confirm|activate|book|start|get|receive|unlock))\b/;
const FEE_AMOUNT =
  /\b(?:ksh|kes|sh)\.?\s?\d[\d,]{0,8}\s?\/?=?\s?(?:for|ya|as)\s(?:the\s)?(?:registration|forms?|medical|training|uniform|interview|activation|processing|usajili|fomu|mafunzo|sare)\b/;
const SWAHILI_FEE =
  /\bada ya (?:usajili|fomu|mafunzo|usaili|kujiandikisha|maombi|sare|activation|bima)\b|\b(?:tuma|lipa|utalipa|utalipia|kulipa)\b[^.\n]{0,40}\b(?:kupata (?:fomu|barua)|upate barua|kabla ya kuanza|nikutumie barua|kwanza)\b/;
const ACTIVATION = /\b(?:activate|activation)\b[^.\n]{0,40}\b(?:account|ksh|kes|fee|pay)\b/;

// Money mules: receive, then forward; or buy vouchers and send the codes.
const MONEY_TRANSFER = [
  /\b(?:receive|withdraw|we (?:send|deposit))\b[^\n]{0,80}\b(?:forward|send (?:them |it )?on|transfer|send the rest|send them to)\b/,
  /\bbuy\b[^.\n]{0,20}\b(?:google play|itunes|steam|gift|airtime)\b[^.\n]{0,40}\b(?:codes?|cards?)\b/,
  /\b(?:tutakutumia pesa|kupokea pesa)\b[^.\n]{0,80}\b(?:tuma|kuzituma|unanunua)\b/,
];

// A poster that calls itself a recruitment agency.
const AGENCY_SELF =
  /\b(?:recruitment agency|recruiters|recruiting agency|placement agency|labour agency|manpower|jobs agency|careers agency|our agency|(?:travel|international) (?:and jobs|agents)|wakala wa ajira)\b/;

const MONEY_WORD =
  /\b(?:m-?pesa|mpesa|send money|tuma pesa|buy goods|lipa na m-?pesa)\b[^\n]{0,60}?(?:\+?254|\b0)[17]\d{2}[\s-]?\d{3}[\s-]?\d{3}\b/;
const TILL_NUMBER = /\b(?:paybill|pay bill|till|buy goods|business)(?: number| no\.?| #)?[\s:]{0,3}\d{5,7}\b/;

const OFF_PLATFORM = [
  /\b(?:whats\s?app|telegram|wa\.me|t\.me)\b[^.\n]{0,30}\b(?:only|me|inbox|dm|directly|number|pekee)\b/,
  /\b(?:whats\s?app|telegram)\b[^.\n]{0,10}(?:\+?254|\b0)[17]\d{2}/,
  /\b(?:contact|text|chat|inbox|reach|dm|apply|send (?:your )?cv|tuma|niandikie)\b[^.\n]{0,30}\b(?:whats\s?app|telegram)\b/,
  /\b(?:do not|don'?t) (?:apply|reply|message) (?:here|on this (?:site|app|platform))\b/,
];

const NO_EXPERIENCE =
  /\b(?:no experience|no qualifications?|no skills?|no education|hakuna uzoefu|bila uzoefu|bila elimu|any(?:one| one) can)\b/;
const PER_DAY = /\b(?:per day|a day|daily|kwa siku|per hour|an hour)\b/;
const AMOUNT = /\b(?:ksh|kes|sh|usd|\$)\.?\s?(\d{1,3}(?:,\d{3}){1,3}|\d{1,9})(k\b)?/g;
const AMOUNT_K = /\b(\d{2,3})k\b/g;

const ABROAD =
  /\b(?:abroad|overseas|dubai|saudi|qatar|oman|kuwait|bahrain|uae|canada|poland|germany|lebanon|jordan|romania|serbia|croatia|nje ya nchi|ughaibuni|uarabuni)\b/;
const ABROAD_COST =
  /\b(?:visa|ticket|air ?fare|medical|processing|placement|agency|booking|passport|embassy|documentation|attestation|permit)\b[^.\n]{0,40}\b(?:fees?|costs?|charges?|ksh|kes|sh|bob|pay|lipa)\b/;
const APPLICANT_PAYS = /\b(?:you|applicants?|candidates?|utalipa)\b[^.\n]{0,10}\b(?:pay|cater|cover|meet)\b/;

// Named on the original text so that "UN" and "WHO" are the organisations, not words.
const FAMOUS_CASED = /\b(?:UN|WHO|KRA|KDF|KWS|TSC|NSSF|SHIF|KCB|EABL|KPLC|UNICEF|UNHCR|WFP)\b/;
const FAMOUS =
  /\b(?:safaricom|kengen|kenya power|kenya revenue authority|united nations|world bank|qatar airways|emirates airline|kenya airways|equity bank|kenya defence forces|kenya wildlife service|teachers service commission|east african breweries|coca[- ]cola|unilever|red cross|airtel kenya|kenya ports authority|kenya pipeline)\b/;

function amounts(text: string): number[] {
  const found: number[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    const n = Number(m[1]!.replace(/,/g, ''));
    found.push(m[2] ? n * 1000 : n);
  }
  for (const m of text.matchAll(AMOUNT_K)) found.push(Number(m[1]) * 1000);
  return found;
}

function unrealisticPay(text: string): boolean {
  if (!NO_EXPERIENCE.test(text)) return false;
  const top = Math.max(0, ...amounts(text));
  return top >= 70_000 || (PER_DAY.test(text) && top >= 3_000);
}

export interface RiskInput {
  kind: ShieldKind;
  text: string;
  /** The author's email is verified. */
  authorVerified?: boolean | undefined;
  /** An admin verified the author as an employer (company or agency). */
  employerVerified?: boolean | undefined;
  /** An admin verified the author's recruitment-agency licence. */
  agencyLicensed?: boolean | undefined;
  /** The author asked to be verified as an agency (a licence is then expected). */
  claimsAgency?: boolean | undefined;
  /** False reads with the rules alone (to measure them apart). */
  useModel?: boolean | undefined;
}

export interface RiskAssessment {
  level: RiskLevel;
  reasons: RiskReason[];
}

// The patterns of a reason, named once: assessRisk tests them, matchedWords marks what they found,
// so a pattern added to a rule is marked in the held queue too.
/** An upfront fee in any of its names (read with the clauses that deny a fee blanked out). */
const FEE_PATTERNS: readonly RegExp[] = [
  FEE_WORDS,
  RENAMED_FEE,
  SHENG_FEE,
  PAY_FIRST,
  FEE_AMOUNT,
  SWAHILI_FEE,
  ACTIVATION,
  GUARANTEED,
  ...ASKS_CASH,
];
/** Money sent to a number or till. */
const MPESA_PATTERNS: readonly RegExp[] = [MONEY_WORD, TILL_NUMBER];

/** The shield's verdict on one text: the reasons found, weighed into none, caution or high. */
export function assessRisk(input: RiskInput): RiskAssessment {
  const original = input.text.slice(0, SHIELD_TEXT_MAX);
  const text = original.toLowerCase();
  let money = text;
  for (const pattern of NEGATED_MONEY) money = money.replace(pattern, ' ');

  const hits: Record<RiskReason, boolean> = {
    upfront_fee: FEE_PATTERNS.some((p) => p.test(money)),
    mpesa_number: MPESA_PATTERNS.some((p) => p.test(text)),
    off_platform_contact: OFF_PLATFORM.some((p) => p.test(text)),
    unrealistic_pay: unrealisticPay(text),
    abroad_fee: ABROAD.test(text) && (ABROAD_COST.test(money) || APPLICANT_PAYS.test(money)),
    famous_employer:
      input.authorVerified !== true &&
      input.employerVerified !== true &&
      (FAMOUS.test(text) || FAMOUS_CASED.test(original)),
    money_transfer: MONEY_TRANSFER.some((p) => p.test(text)),
    unlicensed_agency:
      input.kind === 'job' &&
      input.agencyLicensed !== true &&
      ABROAD.test(text) &&
      (input.claimsAgency === true || AGENCY_SELF.test(text)),
    model: false,
  };
  // The model is the second opinion: it speaks only when the rules alone would not warn, so a
  // warning the rules give is explained by the rules, and the model never holds anything by
  // itself. A verified employer is not warned for wording alone.
  const factor = input.authorVerified === true ? 1 : UNVERIFIED_FACTOR;
  const ruleScore = RISK_REASON_CODES.reduce(
    (t, code) => t + (hits[code] ? RISK_REASONS[code].weight : 0),
    0,
  );
  hits.model =
    ruleScore * factor < RISK_THRESHOLDS.caution &&
    input.useModel !== false &&
    input.employerVerified !== true &&
    scamProbability(SHIELD_MODEL, original) >= MODEL_THRESHOLD;
  const reasons = RISK_REASON_CODES.filter((code) => hits[code]);
  const score = reasons.reduce((total, code) => total + RISK_REASONS[code].weight, 0) * factor;
  let level: RiskLevel =
    score >= RISK_THRESHOLDS.high ? 'high' : score >= RISK_THRESHOLDS.caution ? 'caution' : 'none';
  // A verified employer's ad is held only for what it asks of applicants, never for its wording:
  // without a fee, a money number or a transfer, a high verdict is a caution.
  const asksMoney = hits.upfront_fee || hits.mpesa_number || hits.abroad_fee || hits.money_transfer;
  if (level === 'high' && input.employerVerified === true && !asksMoney) level = 'caution';
  return { level, reasons: level === 'none' ? [] : reasons };
}

/** A stretch of a text that made the shield give a reason: `text.slice(start, end)`. */
export interface RiskMatch {
  start: number;
  end: number;
  reason: RiskReason;
}

// The patterns behind each reason, for showing moderators the words that matched. The fee rules read
// the text with the clauses that deny a fee blanked out, as assessRisk does. `model` has no words.
const REASON_PATTERNS: {
  reason: RiskReason;
  patterns: readonly RegExp[];
  on: 'text' | 'money' | 'original';
}[] = [
  {
    reason: 'upfront_fee',
    on: 'money',
    patterns: FEE_PATTERNS,
  },
  { reason: 'mpesa_number', on: 'text', patterns: MPESA_PATTERNS },
  { reason: 'off_platform_contact', on: 'text', patterns: OFF_PLATFORM },
  { reason: 'unrealistic_pay', on: 'text', patterns: [NO_EXPERIENCE, AMOUNT, AMOUNT_K] },
  { reason: 'abroad_fee', on: 'money', patterns: [ABROAD, ABROAD_COST, APPLICANT_PAYS] },
  { reason: 'money_transfer', on: 'text', patterns: MONEY_TRANSFER },
  { reason: 'unlicensed_agency', on: 'text', patterns: [ABROAD, AGENCY_SELF] },
  { reason: 'famous_employer', on: 'text', patterns: [FAMOUS] },
  { reason: 'famous_employer', on: 'original', patterns: [FAMOUS_CASED] },
];

/**
 * The words of `text` behind the given reasons, in order and without overlaps (an overlap keeps the
 * first reason), for the moderators' held queue. A text whose lower case changes its length (a few
 * letters outside Latin scripts) is read as it is written.
 */
export function matchedWords(text: string, reasons: readonly string[]): RiskMatch[] {
  const original = text.slice(0, SHIELD_TEXT_MAX);
  const lower = original.toLowerCase();
  const lowered = lower.length === original.length ? lower : original;
  let money = lowered;
  for (const pattern of NEGATED_MONEY) money = money.replace(pattern, (m) => ' '.repeat(m.length));
  const wanted = new Set(reasons);
  const found: RiskMatch[] = [];
  for (const { reason, patterns, on } of REASON_PATTERNS) {
    if (!wanted.has(reason)) continue;
    const subject = on === 'money' ? money : on === 'original' ? original : lowered;
    for (const pattern of patterns) {
      // The source is one of the shield's own patterns above, never a member's text.
      // eslint-disable-next-line security/detect-non-literal-regexp
      const global = new RegExp(
        pattern.source,
        pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
      );
      for (const m of subject.matchAll(global)) {
        const matched = m[0].trimEnd();
        if (matched.trim() === '') continue;
        const at = m.index ?? 0;
        found.push({ start: at, end: at + matched.length, reason });
      }
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: RiskMatch[] = [];
  for (const match of found) {
    const last = merged[merged.length - 1];
    if (last && match.start < last.end) {
      if (match.end > last.end && match.reason === last.reason) last.end = match.end;
      else if (match.end > last.end) merged.push({ ...match, start: last.end });
      continue;
    }
    merged.push({ ...match });
  }
  return merged;
}

/** Plain words for a stored reason code, or undefined for a code this version does not know. */
export function explainReason(code: string, lang: 'en' | 'sw' = 'en'): string | undefined {
  return (RISK_REASON_CODES as readonly string[]).includes(code)
    ? RISK_REASONS[code as RiskReason][lang]
    : undefined;
}
