import { z } from 'zod';
import { findCounty } from './places';

// The county filter's schema, apart from the list of places: the web app's county menus (the Jobs
// filters) need the list only, and with zod beside it they loaded every schema (24.5 kB gzip).

export const COUNTY_MESSAGE = "Choose one of Kenya's 47 counties";

/** `?county=` of the Jobs and Discover lists: a county by any spelling; empty means all. */
export const CountyFilter = z
  .string()
  .trim()
  .max(40, COUNTY_MESSAGE)
  .transform((text, ctx) => {
    if (text === '') return undefined;
    const county = findCounty(text);
    if (!county) {
      ctx.addIssue({ code: 'custom', message: COUNTY_MESSAGE });
      return z.NEVER;
    }
    return county;
  })
  .optional();
