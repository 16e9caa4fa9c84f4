import { features, type ShieldModel } from './model';
import { prng } from './labelled/slots';

export interface TrainingExample {
  text: string;
  scam: boolean;
}

export const TRAINING = { epochs: 30, rate: 0.5, l2: 1e-4, minDocs: 2, seed: 40, digits: 4 } as const;

/**
 * Fits the model by stochastic gradient descent in a seeded order: the same examples give the
 * same weights, byte for byte. Features seen in fewer than `minDocs` examples are dropped, and
 * weights are rounded, so the committed file stays small and stable.
 */
export function train(examples: readonly TrainingExample[]): ShieldModel {
  const docs = examples.map((e) => ({ features: features(e.text), y: e.scam ? 1 : 0 }));
  const seen = new Map<string, number>();
  for (const d of docs) for (const f of d.features) seen.set(f, (seen.get(f) ?? 0) + 1);
  const kept = [...seen]
    .filter(([, n]) => n >= TRAINING.minDocs)
    .map(([f]) => f)
    .sort();
  const index = new Map(kept.map((f, i) => [f, i]));
  const w = new Float64Array(kept.length);
  let bias = 0;
  const random = prng(TRAINING.seed);
  const order = docs.map((_, i) => i);
  const rows = docs.map((d) => {
    const ids = d.features.map((f) => index.get(f)).filter((i): i is number => i !== undefined);
    return { ids, scale: 1 / Math.sqrt(Math.max(1, d.features.length)), y: d.y };
  });
  for (let epoch = 0; epoch < TRAINING.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const rate = TRAINING.rate / (1 + epoch * 0.1);
    for (const k of order) {
      const row = rows[k]!;
      let z = bias;
      for (const id of row.ids) z += w[id]! * row.scale;
      const error = 1 / (1 + Math.exp(-z)) - row.y;
      bias -= rate * error;
      for (const id of row.ids) w[id] = w[id]! * (1 - rate * TRAINING.l2) - rate * error * row.scale;
    }
  }
  const round = (n: number) => Number(n.toFixed(TRAINING.digits));
  const weights: Record<string, number> = {};
  kept.forEach((f, i) => {
    const value = round(w[i]!);
    if (Math.abs(value) >= 0.01) weights[f] = value;
  });
  return { bias: round(bias), weights };
}
