import type { QuizRoundDto } from '@jamii/shared';

// The round being played, kept for the tab (sessionStorage): a reload, or the phone dropping the
// page while the member looks something up, carries on with the same questions and the answers
// given so far instead of drawing a new round. An expired round (the server no longer scores it)
// is forgotten.

const KEY = 'jamii.quizRound';

export interface KeptRound {
  round: QuizRoundDto;
  /** The chosen option of each question submitted so far, in order. */
  answers: number[];
}

export function readKeptRound(now = new Date()): KeptRound | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as KeptRound | null;
    const isUsable =
      kept !== null &&
      Array.isArray(kept.round?.questions) &&
      Array.isArray(kept.answers) &&
      kept.answers.length < kept.round.questions.length &&
      kept.answers.every((a) => Number.isInteger(a)) &&
      new Date(kept.round.expires_at) > now;
    if (!isUsable) forgetRound();
    return isUsable ? kept : null;
  } catch {
    return null;
  }
}

export function keepRound(kept: KeptRound): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage refused (private mode): a reload draws a new round, as before.
  }
}

export function forgetRound(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
