import { describe, expect, it } from 'vitest';
import { HONEST_CORPUS, SCAM_CORPUS } from './corpus';
import { assessRisk, explainReason, RISK_REASON_CODES, RISK_REASONS, SHIELD_TEXT_MAX } from './index';

// The shared package builds without DOM or Node types; the test runs in Node, which has both.
declare const console: { log: (...args: unknown[]) => void };
declare const performance: { now: () => number };

describe('the scam shield on its corpus', () => {
  it('has at least 60 listings, half scam-like, half honest', () => {
    expect(SCAM_CORPUS.length + HONEST_CORPUS.length).toBeGreaterThanOrEqual(60);
    expect(Math.abs(SCAM_CORPUS.length - HONEST_CORPUS.length)).toBeLessThanOrEqual(2);
  });

  it('catches at least 90 % of scams and flags at most 5 % of honest listings', () => {
    const missed = SCAM_CORPUS.filter((entry) => assessRisk(entry).level === 'none');
    const flagged = HONEST_CORPUS.filter((entry) => assessRisk(entry).level !== 'none');
    const recall = 1 - missed.length / SCAM_CORPUS.length;
    const falsePositives = flagged.length / HONEST_CORPUS.length;
    console.log(
      `scam shield: recall ${(recall * 100).toFixed(1)} % (${SCAM_CORPUS.length - missed.length}/${SCAM_CORPUS.length}), ` +
        `false positives ${(falsePositives * 100).toFixed(1)} % (${flagged.length}/${HONEST_CORPUS.length})`,
    );
    for (const entry of missed) console.log('missed:', entry.text);
    for (const entry of flagged) console.log('flagged:', assessRisk(entry).reasons, entry.text);
    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect(falsePositives).toBeLessThanOrEqual(0.05);
  });
});

describe('assessRisk', () => {
  const job = (text: string, authorVerified?: boolean) => assessRisk({ kind: 'job', text, authorVerified });

  it('answers none with no reasons for an ordinary job', () => {
    expect(job('Cashier in Nakuru, KSh 20,000 a month, paid on M-Pesa.')).toEqual({
      level: 'none',
      reasons: [],
    });
  });

  it('warns (caution) about one upfront fee', () => {
    expect(job('Waiters needed. Registration fee KSh 500.')).toEqual({
      level: 'caution',
      reasons: ['upfront_fee'],
    });
  });

  it('holds (high) a fee with an M-Pesa number to send it to', () => {
    const risk = job('Pay the registration fee of KSh 500 to M-Pesa 0712 345 678.');
    expect(risk.level).toBe('high');
    expect(risk.reasons).toEqual(['upfront_fee', 'mpesa_number']);
  });

  it('weighs an unverified author higher than a verified one', () => {
    const text = 'Chat with us on WhatsApp only. No experience needed, KSh 80,000 per month.';
    expect(job(text, false).level).toBe('high');
    expect(job(text, true).level).toBe('caution');
  });

  it('names a famous employer only when the poster is not verified', () => {
    const text = 'Safaricom shop attendants. Processing fee KSh 1,000.';
    expect(job(text, false).reasons).toContain('famous_employer');
    expect(job(text, true).reasons).not.toContain('famous_employer');
  });

  it('reads "no fee" and "paid by the employer" as honest', () => {
    expect(job('No registration fee. Visa and ticket paid by the employer, Dubai.').level).toBe('none');
  });

  it('explains every reason in English and Kiswahili', () => {
    for (const code of RISK_REASON_CODES) {
      expect(RISK_REASONS[code].en.length).toBeGreaterThan(20);
      expect(RISK_REASONS[code].sw.length).toBeGreaterThan(20);
      expect(explainReason(code, 'sw')).toBe(RISK_REASONS[code].sw);
    }
    expect(RISK_REASONS.upfront_fee.en).toContain('Never pay to get a job');
    expect(RISK_REASONS.upfront_fee.sw).toContain('Usilipe ili upate kazi');
    expect(explainReason('some_future_code')).toBeUndefined();
  });

  it('reads hostile input in linear time', () => {
    const hostile = [
      'pay '.repeat(50_000),
      'whatsapp '.repeat(50_000),
      'ksh 1,'.repeat(50_000),
      ('a'.repeat(59) + ' ').repeat(5_000) + 'pay',
      'no experience ' + '9'.repeat(200_000),
      'm-pesa ' + ' '.repeat(200_000),
    ];
    for (const text of hostile) {
      const started = performance.now();
      assessRisk({ kind: 'job', text });
      expect(performance.now() - started).toBeLessThan(200);
    }
    expect(SHIELD_TEXT_MAX).toBeLessThanOrEqual(10_000);
  });
});
