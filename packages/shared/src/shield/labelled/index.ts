import type { ShieldKind } from '../index';
import { HONEST_TEMPLATES } from './honest-templates';
import { SCAM_TEMPLATES, type TemplateGroup } from './scam-templates';
import { fill, prng } from './slots';

/**
 * The shield's labelled corpus: templates written from the scam shapes public warnings describe,
 * and honest listings that look like them, each template filled from wide pools of slots. The
 * split into train and test is made once, by a fixed seed, per type (so every type is measured);
 * the model learns from `train` only and nothing is ever tuned on `test`.
 */
export interface LabelledListing {
  id: string;
  type: string;
  scam: boolean;
  kind: ShieldKind;
  agencyLicensed?: boolean;
  text: string;
  /** Which of its type's templates wrote it. */
  template: number;
  split: 'train' | 'test';
}

export const CORPUS_SEED = 40;
export const PER_SCAM_TYPE = 26;
export const PER_HONEST_TYPE = 30;
export const TEST_SHARE = 0.3;

function generate(group: TemplateGroup, scam: boolean, count: number, seed: number): LabelledListing[] {
  const random = prng(seed);
  const seen = new Set<string>();
  const out: LabelledListing[] = [];
  for (let attempt = 0; out.length < count && attempt < count * 20; attempt++) {
    const template = attempt % group.templates.length;
    const text = fill(group.templates[template]!, random);
    if (seen.has(text)) continue;
    seen.add(text);
    out.push({
      id: `${group.type}-${out.length + 1}`,
      type: group.type,
      scam,
      kind: group.kind,
      ...(group.agencyLicensed ? { agencyLicensed: true } : {}),
      text,
      template,
      split: 'train',
    });
  }
  // The test part is whole templates, chosen by a seeded shuffle: a test listing's wording was
  // never seen in training, only its type. (Filled copies of one template would be too easy.)
  const order = group.templates.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const held = new Set(order.slice(0, Math.max(1, Math.round(order.length * TEST_SHARE))));
  for (const listing of out) if (held.has(listing.template)) listing.split = 'test';
  return out;
}

let cached: LabelledListing[] | undefined;

/** Every labelled listing, the same on every run. */
export function labelledCorpus(): LabelledListing[] {
  if (cached) return cached;
  const groups = [
    ...SCAM_TEMPLATES.map((g, i) => generate(g, true, PER_SCAM_TYPE, CORPUS_SEED * 1000 + i)),
    ...HONEST_TEMPLATES.map((g, i) => generate(g, false, PER_HONEST_TYPE, CORPUS_SEED * 1000 + 500 + i)),
  ];
  cached = groups.flat();
  return cached;
}

export const trainingPart = () => labelledCorpus().filter((l) => l.split === 'train');
export const testPart = () => labelledCorpus().filter((l) => l.split === 'test');
