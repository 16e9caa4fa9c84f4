/**
 * The shield's learned half: logistic regression over words, word pairs and character 4-grams,
 * trained on the train part of the labelled corpus (`train.ts`) and shipped as committed weights
 * (`model-weights.ts`), so nothing is learned or fetched at run time. Deterministic: the same
 * text always gets the same probability.
 */

export interface ShieldModel {
  bias: number;
  weights: Record<string, number>;
}

// Amounts, phone numbers and other numbers are read as kinds, not as values: a scam asks for
// "an amount", whichever amount it is.
const MONEY = /\b(?:ksh|kes|sh|usd|aed|eur)\.?\s?\d[\d,]*(?:\/=)?|\b\d[\d,]*\s?(?:bob|\/=)/g;
const PHONE = /(?:\+?254|\b0)[17]\d{2}[\s-]?\d{3}[\s-]?\d{3}\b/g;
const NUMBER = /\d+/g;

/** The features of a text: each at most once (presence, not counts). */
export function features(text: string): string[] {
  const normal = text
    .slice(0, 8000)
    .toLowerCase()
    .replace(PHONE, ' phonenumber ')
    .replace(MONEY, ' moneyamount ')
    .replace(NUMBER, ' num ');
  const words = normal.match(/[a-z][a-z'-]*/g) ?? [];
  const found = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    found.add(`w:${word}`);
    if (i > 0) found.add(`b:${words[i - 1]}_${word}`);
    const padded = ` ${word} `;
    for (let j = 0; j + 4 <= padded.length; j++) found.add(`c:${padded.slice(j, j + 4)}`);
  }
  return [...found];
}

/** The probability that a text is a scam, by the model. */
export function scamProbability(model: ShieldModel, text: string): number {
  const present = features(text);
  const scale = 1 / Math.sqrt(Math.max(1, present.length));
  let z = model.bias;
  for (const f of present) z += (model.weights[f] ?? 0) * scale;
  return 1 / (1 + Math.exp(-z));
}

/** The model's words that pushed a text towards "scam", strongest first (for moderators). */
export function strongestFeatures(model: ShieldModel, text: string, count = 5): string[] {
  return features(text)
    .filter((f) => f.startsWith('w:') && (model.weights[f] ?? 0) > 0)
    .sort((a, b) => model.weights[b]! - model.weights[a]!)
    .slice(0, count)
    .map((f) => f.slice(2));
}
