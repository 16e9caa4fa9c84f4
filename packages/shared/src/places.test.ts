import { describe, expect, it } from 'vitest';
import { LocationField } from './auth';
import { COUNTY_MESSAGE, CountyFilter } from './county-filter';
import { COUNTY_NAMES, findCounty, KENYA_COUNTIES, LOCATION_SUGGESTIONS, placeKey } from './places';

describe("Kenya's places", () => {
  it('has the 47 counties once each, and no place in two counties', () => {
    expect(COUNTY_NAMES).toHaveLength(47);
    expect(new Set(COUNTY_NAMES).size).toBe(47);
    const countyOf = new Map<string, string>();
    for (const county of KENYA_COUNTIES) {
      for (const place of [county.name, ...county.towns]) {
        const key = placeKey(place);
        expect(countyOf.get(key) ?? county.name, place).toBe(county.name);
        countyOf.set(key, county.name);
      }
    }
  });

  it('suggests only locations that the specified validation rules’s location rule accepts, every county among them', () => {
    for (const suggestion of LOCATION_SUGGESTIONS)
      expect(LocationField.safeParse(suggestion).success, suggestion).toBe(true);
    expect(LOCATION_SUGGESTIONS).toContain('Muranga');
    expect(LOCATION_SUGGESTIONS).toContain('Eldoret, Uasin Gishu');
    expect(LOCATION_SUGGESTIONS).not.toContain('Kisumu, Kisumu');
  });

  it('finds a county by any spelling of its name, not by a town', () => {
    expect(findCounty('kisumu')).toBe('Kisumu');
    expect(findCounty('Muranga')).toBe("Murang'a");
    expect(findCounty('elgeyo marakwet')).toBe('Elgeyo-Marakwet');
    expect(findCounty('Eldoret')).toBeNull();
  });

  it('reads ?county=: empty is every county, an unknown one is refused', () => {
    expect(CountyFilter.parse(undefined)).toBeUndefined();
    expect(CountyFilter.parse('')).toBeUndefined();
    expect(CountyFilter.parse(' homa bay ')).toBe('Homa Bay');
    expect(CountyFilter.safeParse('Atlantis').error?.issues[0]?.message).toBe(COUNTY_MESSAGE);
  });
});
