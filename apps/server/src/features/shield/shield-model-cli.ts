// `npm run shield:train` writes the model's weights from the corpus's train part;
// `npm run shield:eval` prints recall and false positives on the test part, overall and per type.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  assessRisk,
  evaluate,
  labelledCorpus,
  SHIELD_CORPUS,
  testPart,
  train,
  trainingPart,
} from '@jamii/shared';

const WEIGHTS = path.join(import.meta.dirname, '../../../../../packages/shared/src/shield/model-weights.ts');
const print = (...parts: unknown[]) => process.stdout.write(`${parts.join(' ')}\n`);
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;

function trainCommand() {
  const model = train(trainingPart());
  const lines = Object.entries(model.weights).map(([f, w]) => `    ${JSON.stringify(f)}: ${w},`);
  writeFileSync(
    WEIGHTS,
    [
      '// Written by `npm run shield:train` from the train part of the labelled corpus: do not edit.',
      "import type { ShieldModel } from './model';",
      '',
      'export const SHIELD_MODEL: ShieldModel = {',
      `  bias: ${model.bias},`,
      '  weights: {',
      ...lines,
      '  },',
      '};',
      '',
    ].join('\n'),
  );
  print(`trained on ${trainingPart().length} listings: ${lines.length} weights written to ${WEIGHTS}`);
}

function evalCommand(verbose: boolean, onTrain: boolean, rulesOnly: boolean) {
  const all = labelledCorpus();
  // `--train` reads the train part instead: rules are fixed from its mistakes, never from the test's.
  const test = onTrain ? trainingPart() : testPart();
  print(
    `corpus: ${all.length} listings (${all.filter((l) => l.scam).length} scam-like), ` +
      `train ${trainingPart().length}, test ${testPart().length} (whole templates held out)`,
  );
  const result = evaluate(test, !rulesOnly);
  print(
    `\n${onTrain ? 'TRAIN' : 'test'} part: recall ${pct(result.recall)} of ${result.scams} scams, false positives ${pct(result.falsePositiveRate)} of ${result.honest} honest`,
  );
  for (const t of result.types)
    print(
      `  ${t.scam ? 'scam  ' : 'honest'} ${t.type.padEnd(20)} ${t.scam ? 'recall' : 'FPR   '} ${pct(t.rate).padStart(7)}  (${t.flagged}/${t.total})`,
    );
  const hand = evaluate(SHIELD_CORPUS.map((e) => ({ ...e, type: e.scam ? 'hand_scam' : 'hand_honest' })));
  print(
    `\nhand-written corpus (never trained on): recall ${pct(hand.recall)}, false positives ${pct(hand.falsePositiveRate)}`,
  );
  if (verbose) {
    for (const m of [...result.missed, ...hand.missed]) print('missed:', m.type, m.text);
    for (const m of [...result.wronglyFlagged, ...hand.wronglyFlagged])
      print('flagged:', m.type, assessRisk({ ...m, useModel: !rulesOnly }).reasons.join(','), m.text);
  }
}

const [command, ...flags] = process.argv.slice(2);
if (command === 'train') trainCommand();
else if (command === 'eval')
  evalCommand(flags.includes('--verbose'), flags.includes('--train'), flags.includes('--rules'));
else {
  process.stderr.write('usage: shield-model-cli train|eval [--verbose] [--train] [--rules]\n');
  process.exit(2);
}
