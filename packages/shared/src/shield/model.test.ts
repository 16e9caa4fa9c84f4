import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate';
import { assessRisk, explainReason, MODEL_THRESHOLD, RISK_REASON_CODES } from './index';
import { labelledCorpus, testPart, trainingPart } from './labelled/index';
import { scamProbability, strongestFeatures } from './model';
import { SHIELD_MODEL } from './model-weights';
import { train } from './train';

const SCAM_TYPES = [
  'fee_renamed',
  'abroad_processing',
  'wfh_typing',
  'mystery_shopper',
  'mass_hiring',
  'impersonation',
  'task_scam',
  'stranger_message',
  'fee_offer',
];

describe('the labelled corpus', () => {
  const corpus = labelledCorpus();

  it('has at least 400 listings, at least 160 of them scam-like, in every documented type', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(400);
    expect(corpus.filter((l) => l.scam).length).toBeGreaterThanOrEqual(160);
    const types = new Set(corpus.filter((l) => l.scam).map((l) => l.type));
    expect([...types].sort()).toEqual([...SCAM_TYPES].sort());
    expect(new Set(corpus.map((l) => l.text)).size).toBe(corpus.length);
  });

  it('speaks English, Kiswahili and Sheng, and covers the renamed fees and the held-out shapes', () => {
    const all = corpus.map((l) => l.text.toLowerCase()).join('\n');
    for (const word of [
      'training fee',
      'uniform fee',
      'medical',
      'facilitation',
      'starter kit',
      'bike deposit',
      'activation',
      'teach english',
      'care jobs',
      'typing',
      'transcri',
      'mystery shopper',
      'mass recruitment',
      'naivas',
      'courier',
      'nafasi',
      'mshahara',
      'tuma',
      'doh',
      'ganji',
      'msee',
    ])
      expect(all, word).toContain(word);
  });

  it('is split once, the same way every time, and no test template is ever trained on', () => {
    const again = labelledCorpus().map((l) => `${l.id}:${l.split}`);
    expect(corpus.map((l) => `${l.id}:${l.split}`)).toEqual(again);
    const trainedTemplates = new Set(trainingPart().map((l) => `${l.type}#${l.template}`));
    for (const listing of testPart())
      expect(trainedTemplates.has(`${listing.type}#${listing.template}`)).toBe(false);
    for (const type of new Set(corpus.map((l) => l.type)))
      expect(
        testPart().some((l) => l.type === type),
        type,
      ).toBe(true);
  });
});

describe('the learned model', () => {
  it('is the committed weights, trained on the train part only (npm run shield:train)', () => {
    expect(train(trainingPart())).toEqual(SHIELD_MODEL);
  });

  it('meets the targets on the test part: recall 0.90, false positives 5 %, no type under 0.75', () => {
    const result = evaluate(testPart());
    expect(result.recall).toBeGreaterThanOrEqual(0.9);
    expect(result.falsePositiveRate).toBeLessThanOrEqual(0.05);
    for (const type of result.types.filter((t) => t.scam))
      expect(type.rate, type.type).toBeGreaterThanOrEqual(0.75);
  });

  it('speaks only when the rules are silent, warns without holding, and explains itself', () => {
    const text = 'Mystery shoppers wanted countrywide, earn daily, no interview. Limited slots, hurry.';
    expect(scamProbability(SHIELD_MODEL, text)).toBeGreaterThanOrEqual(MODEL_THRESHOLD);
    expect(assessRisk({ kind: 'job', text })).toEqual({ level: 'caution', reasons: ['model'] });
    expect(assessRisk({ kind: 'job', text, useModel: false })).toEqual({ level: 'none', reasons: [] });
    expect(assessRisk({ kind: 'job', text, employerVerified: true }).level).toBe('none');
    expect(strongestFeatures(SHIELD_MODEL, text).length).toBeGreaterThan(0);
    expect(explainReason('model')).toContain('Looks like known scam ads');
    expect(explainReason('model', 'sw')).toContain('utapeli');
  });
});

describe('the rules added for the shapes the first rules missed', () => {
  const job = (text: string, extra: object = {}) =>
    assessRisk({ kind: 'job', text, useModel: false, ...extra });

  it.each([
    'Shop attendants wanted. A starter kit of KSh 1,500 is needed before you start.',
    'Riders wanted in Thika: bike deposit KSh 3,000, refundable.',
    'Cashiers needed. Facilitation fee Ksh.500 payable on reporting day.',
    'Kazi iko Kisumu. Doh ya uniform ni 800 bob tu.',
    'Typing jobs from home. Registration on our portal is 250 bob, one time.',
    'Naivas hiring. Training and uniform at KES 1,200.',
  ])('reads a fee under another name: %s', (text) => {
    expect(job(text).reasons).toContain('upfront_fee');
  });

  it('reads money mules and voucher codes as money_transfer', () => {
    expect(
      job('We send KSh 20,000 to your M-Pesa; you keep 500 bob and forward the rest.').reasons,
    ).toContain('money_transfer');
    expect(
      job('Buy Google Play cards with our money and send the codes to the supervisor.').reasons,
    ).toContain('money_transfer');
  });

  it('an agency posting work abroad without a verified licence is at least a caution', () => {
    const text =
      'Jubilee Placements, a recruitment agency, hires cleaners for Dubai. The employer pays the visa.';
    expect(job(text)).toEqual({ level: 'caution', reasons: ['unlicensed_agency'] });
    expect(job(text, { agencyLicensed: true })).toEqual({ level: 'none', reasons: [] });
    const plain = 'Cleaners for a hotel in Dubai. The employer pays the visa and ticket.';
    expect(job(plain).level).toBe('none');
    expect(job(plain, { claimsAgency: true }).reasons).toEqual(['unlicensed_agency']);
  });

  it("a verified employer's ad is never held for its wording alone", () => {
    const text = 'Chat with us on WhatsApp only. No experience needed, KSh 80,000 per month. KenGen.';
    expect(job(text).level).toBe('high');
    expect(job(text, { authorVerified: true, employerVerified: true }).level).toBe('caution');
    const asks = 'Pay the registration fee of KSh 500 to M-Pesa 0712 345 678.';
    expect(job(asks, { employerVerified: true }).level).toBe('high');
  });

  it('a text with every rule in it answers every reason, explained in both languages', () => {
    const text =
      'Safaricom recruitment agency hiring for Dubai: visa fee KSh 30,000 you pay. Registration fee KSh 500 to M-Pesa 0712 345 678. ' +
      'WhatsApp only 0712 345 678. No experience needed, KSh 90,000 per month. We send KSh 20,000 to you and you forward the rest.';
    const risk = job(text);
    expect(risk.level).toBe('high');
    expect(risk.reasons).toEqual(RISK_REASON_CODES.filter((c) => c !== 'model'));
    for (const code of risk.reasons) {
      expect(explainReason(code, 'en')).toBeTruthy();
      expect(explainReason(code, 'sw')).toBeTruthy();
    }
  });
});
