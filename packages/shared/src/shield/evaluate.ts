import { assessRisk } from './index';

export interface Scored {
  type: string;
  scam: boolean;
  kind: Parameters<typeof assessRisk>[0]['kind'];
  text: string;
  agencyLicensed?: boolean | undefined;
}

export interface TypeFigures {
  type: string;
  scam: boolean;
  total: number;
  /** Scam types: caught (warned or held); honest types: wrongly warned or held. */
  flagged: number;
  rate: number;
}

export interface Evaluation {
  recall: number;
  falsePositiveRate: number;
  scams: number;
  honest: number;
  types: TypeFigures[];
  missed: Scored[];
  wronglyFlagged: Scored[];
}

/** Recall and false-positive rate of the shield (rules and model together) on labelled listings. */
export function evaluate(listings: readonly Scored[], useModel = true): Evaluation {
  const byType = new Map<string, TypeFigures>();
  const missed: Scored[] = [];
  const wronglyFlagged: Scored[] = [];
  for (const listing of listings) {
    const flagged =
      assessRisk({ kind: listing.kind, text: listing.text, agencyLicensed: listing.agencyLicensed, useModel })
        .level !== 'none';
    const figures = byType.get(listing.type) ?? {
      type: listing.type,
      scam: listing.scam,
      total: 0,
      flagged: 0,
      rate: 0,
    };
    figures.total++;
    if (flagged) figures.flagged++;
    byType.set(listing.type, figures);
    if (listing.scam && !flagged) missed.push(listing);
    if (!listing.scam && flagged) wronglyFlagged.push(listing);
  }
  const types = [...byType.values()].map((f) => ({ ...f, rate: f.flagged / f.total }));
  const scams = listings.filter((l) => l.scam).length;
  const honest = listings.length - scams;
  return {
    recall: scams ? 1 - missed.length / scams : 1,
    falsePositiveRate: honest ? wronglyFlagged.length / honest : 0,
    scams,
    honest,
    types,
    missed,
    wronglyFlagged,
  };
}
