// The shield's corpus, training and evaluation: for the model's CLI and tests. Kept out of the
// shield's index, which they import (the index re-exporting them would close a circle).
export { evaluate, type Evaluation, type TypeFigures } from './evaluate';
export { train } from './train';
export { labelledCorpus, testPart, trainingPart, type LabelledListing } from './labelled/index';
export { SHIELD_CORPUS } from './corpus';
