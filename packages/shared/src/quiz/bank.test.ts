import { describe, expect, it } from 'vitest';
import { QUESTION_BANK } from './bank';
import { COUNTRY_CAPITALS, capitalOf, isCapitalCity } from './capitals';

const QUESTION_FORM = /^What is the capital of (?:the )?(.+)\?$/;
const AFRICAN_REGIONS = new Set([
  'East Africa',
  'Indian Ocean',
  'Southern Africa',
  'Central Africa',
  'West Africa',
  'North Africa',
]);

function normalise(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

function countryIn(text: string): string {
  const country = QUESTION_FORM.exec(text)?.[1];
  if (country === undefined) throw new Error(`Not a capital question: ${text}`);
  return country;
}

function regionOf(country: string) {
  return COUNTRY_CAPITALS.find((entry) => entry.country === country)?.region;
}

function regionOfCapital(capital: string) {
  return COUNTRY_CAPITALS.find((entry) => entry.capital === capital)?.region;
}

describe('capital table', () => {
  it('covers at least 180 countries, each once, with no capital shared', () => {
    const countries = COUNTRY_CAPITALS.map((entry) => entry.country);
    const capitals = COUNTRY_CAPITALS.map((entry) => entry.capital);
    expect(countries.length).toBeGreaterThanOrEqual(180);
    expect(new Set(countries).size).toBe(countries.length);
    expect(new Set(capitals).size).toBe(capitals.length);
  });

  it.each([
    ['Kenya', 'Nairobi'],
    ['Tanzania', 'Dodoma'],
    ['Nigeria', 'Abuja'],
    ["Côte d'Ivoire", 'Yamoussoukro'],
    ['South Africa', 'Pretoria'],
    ['Eswatini', 'Mbabane'],
    ['Myanmar', 'Naypyidaw'],
    ['Kazakhstan', 'Astana'],
    ['Indonesia', 'Jakarta'],
    ['Bolivia', 'Sucre'],
    ['Sri Lanka', 'Sri Jayawardenepura Kotte'],
    ['Micronesia', 'Palikir'],
    ['Palau', 'Ngerulmud'],
    ['Burundi', 'Gitega'],
    ['Benin', 'Porto-Novo'],
    ['Equatorial Guinea', 'Malabo'],
    ['Netherlands', 'Amsterdam'],
  ])('gives %s the capital %s', (country, capital) => {
    expect(capitalOf(country)).toBe(capital);
  });

  it('does not treat former or secondary capitals as capitals', () => {
    for (const city of [
      'Dar es Salaam',
      'Lagos',
      'Abidjan',
      'Cotonou',
      'Bujumbura',
      'La Paz',
      'Colombo',
      'Yangon',
    ]) {
      expect(isCapitalCity(city)).toBe(false);
    }
  });
});

describe('QUESTION_BANK', () => {
  it('has at least 150 questions', () => {
    expect(QUESTION_BANK.length).toBeGreaterThanOrEqual(150);
  });

  it('has no duplicate question texts', () => {
    const texts = QUESTION_BANK.map((question) => normalise(question.text));
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('gives every question four distinct options and a right answer index in 0..3', () => {
    for (const question of QUESTION_BANK) {
      expect(question.options, question.text).toHaveLength(4);
      expect(new Set(question.options.map(normalise)).size, question.text).toBe(4);
      expect([0, 1, 2, 3], question.text).toContain(question.correct);
    }
  });

  it("marks as right the table's capital of the country asked about", () => {
    for (const question of QUESTION_BANK) {
      const country = countryIn(question.text);
      expect(capitalOf(country), `${country} is not in the capital table`).toBeDefined();
      expect(question.options[question.correct], question.text).toBe(capitalOf(country));
    }
  });

  it('offers only real capitals as options', () => {
    for (const question of QUESTION_BANK) {
      for (const option of question.options) {
        expect(isCapitalCity(option), `${option} in "${question.text}"`).toBe(true);
      }
    }
  });

  it('offers at least one wrong answer from the same region', () => {
    for (const question of QUESTION_BANK) {
      const region = regionOf(countryIn(question.text));
      const wrong = question.options.filter((_, i) => i !== question.correct);
      expect(
        wrong.some((option) => regionOfCapital(option) === region),
        question.text,
      ).toBe(true);
    }
  });

  it('puts the right answer in every position, none of them rarely', () => {
    const counts = [0, 0, 0, 0];
    for (const question of QUESTION_BANK) counts[question.correct] = (counts[question.correct] ?? 0) + 1;
    for (const count of counts) expect(count).toBeGreaterThanOrEqual(QUESTION_BANK.length * 0.15);
  });

  it('asks about many African countries, every East African one whose capital is not a giveaway', () => {
    const asked = new Set(QUESTION_BANK.map((question) => countryIn(question.text)));
    const african = [...asked].filter((country) => AFRICAN_REGIONS.has(regionOf(country) ?? ''));
    expect(african.length).toBeGreaterThanOrEqual(40);
    for (const country of [
      'Kenya',
      'Uganda',
      'Tanzania',
      'Rwanda',
      'Burundi',
      'South Sudan',
      'Ethiopia',
      'Somalia',
    ]) {
      expect(asked).toContain(country);
    }
  });
});
