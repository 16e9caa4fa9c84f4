// Kenya's 47 counties (the Constitution's First Schedule, in its order) and their major towns
// (docs/features/phones-and-places.md): location fields suggest them, and the Jobs and Discover filters find a job or a
// member whose free-text location names a county or one of its towns. Names are written as the
// county governments write them; "Nairobi City" is shown as Nairobi, as everyone says it.
// Migration 0028 keeps the same list in SQL (kenya_places), where jamii_county_of derives the stored
// `county` of jobs and members from their location; places.test.ts (server) checks both agree.

export interface County {
  name: string;
  towns: readonly string[];
}

export const KENYA_COUNTIES: readonly County[] = [
  { name: 'Mombasa', towns: ['Mombasa', 'Nyali', 'Likoni', 'Changamwe'] },
  { name: 'Kwale', towns: ['Kwale', 'Ukunda', 'Diani', 'Msambweni', 'Kinango'] },
  { name: 'Kilifi', towns: ['Kilifi', 'Malindi', 'Watamu', 'Mtwapa', 'Mariakani'] },
  { name: 'Tana River', towns: ['Hola', 'Garsen'] },
  { name: 'Lamu', towns: ['Lamu', 'Mpeketoni'] },
  { name: 'Taita-Taveta', towns: ['Voi', 'Wundanyi', 'Taveta', 'Mwatate'] },
  { name: 'Garissa', towns: ['Garissa', 'Dadaab'] },
  { name: 'Wajir', towns: ['Wajir'] },
  { name: 'Mandera', towns: ['Mandera', 'El Wak'] },
  { name: 'Marsabit', towns: ['Marsabit', 'Moyale'] },
  { name: 'Isiolo', towns: ['Isiolo'] },
  { name: 'Meru', towns: ['Meru', 'Maua', 'Nkubu', 'Timau'] },
  { name: 'Tharaka-Nithi', towns: ['Chuka', 'Kathwana', 'Marimanti'] },
  { name: 'Embu', towns: ['Embu', 'Runyenjes', 'Siakago'] },
  { name: 'Kitui', towns: ['Kitui', 'Mwingi'] },
  { name: 'Machakos', towns: ['Machakos', 'Athi River', 'Mlolongo', 'Kangundo', 'Tala', 'Syokimau'] },
  { name: 'Makueni', towns: ['Wote', 'Makindu', 'Emali', 'Sultan Hamud', 'Mtito Andei'] },
  { name: 'Nyandarua', towns: ['Ol Kalou', 'Njabini'] },
  { name: 'Nyeri', towns: ['Nyeri', 'Karatina', 'Othaya', 'Mukurweini'] },
  { name: 'Kirinyaga', towns: ['Kerugoya', 'Kutus', 'Sagana', 'Wanguru'] },
  { name: "Murang'a", towns: ["Murang'a", 'Kenol', 'Kangema', 'Maragua', 'Kandara'] },
  {
    name: 'Kiambu',
    towns: ['Kiambu', 'Thika', 'Ruiru', 'Juja', 'Kikuyu', 'Limuru', 'Githunguri', 'Kiambaa'],
  },
  { name: 'Turkana', towns: ['Lodwar', 'Kakuma', 'Lokichogio'] },
  { name: 'West Pokot', towns: ['Kapenguria', 'Chepareria'] },
  { name: 'Samburu', towns: ['Maralal', 'Baragoi'] },
  { name: 'Trans Nzoia', towns: ['Kitale', 'Kiminini', 'Endebess'] },
  { name: 'Uasin Gishu', towns: ['Eldoret', 'Burnt Forest', 'Turbo', 'Moiben'] },
  { name: 'Elgeyo-Marakwet', towns: ['Iten', 'Kapsowar'] },
  { name: 'Nandi', towns: ['Kapsabet', 'Nandi Hills'] },
  { name: 'Baringo', towns: ['Kabarnet', 'Eldama Ravine', 'Marigat'] },
  { name: 'Laikipia', towns: ['Nanyuki', 'Nyahururu', 'Rumuruti'] },
  { name: 'Nakuru', towns: ['Nakuru', 'Naivasha', 'Gilgil', 'Molo', 'Njoro'] },
  { name: 'Narok', towns: ['Narok', 'Kilgoris'] },
  { name: 'Kajiado', towns: ['Kajiado', 'Kitengela', 'Ngong', 'Ongata Rongai', 'Namanga', 'Loitokitok'] },
  { name: 'Kericho', towns: ['Kericho', 'Litein', 'Londiani'] },
  { name: 'Bomet', towns: ['Bomet', 'Sotik'] },
  { name: 'Kakamega', towns: ['Kakamega', 'Mumias', 'Malava', 'Butere'] },
  { name: 'Vihiga', towns: ['Vihiga', 'Mbale', 'Luanda', 'Chavakali'] },
  { name: 'Bungoma', towns: ['Bungoma', 'Webuye', 'Kimilili', 'Chwele'] },
  { name: 'Busia', towns: ['Busia', 'Malaba', 'Nambale'] },
  { name: 'Siaya', towns: ['Siaya', 'Bondo', 'Ugunja', 'Yala'] },
  { name: 'Kisumu', towns: ['Kisumu', 'Ahero', 'Maseno', 'Muhoroni'] },
  { name: 'Homa Bay', towns: ['Homa Bay', 'Mbita', 'Oyugis', 'Kendu Bay'] },
  { name: 'Migori', towns: ['Migori', 'Rongo', 'Awendo', 'Isebania'] },
  { name: 'Kisii', towns: ['Kisii', 'Ogembo', 'Keroka', 'Suneka'] },
  { name: 'Nyamira', towns: ['Nyamira', 'Nyansiongo'] },
  {
    name: 'Nairobi',
    towns: ['Nairobi', 'Westlands', 'Kilimani', 'Eastleigh', 'Embakasi', 'Kasarani', 'Karen', 'Upper Hill'],
  },
];

export const COUNTY_NAMES: readonly string[] = KENYA_COUNTIES.map((county) => county.name);

/**
 * A place name as it is matched: lowercase ASCII letters and single spaces, apostrophes dropped
 * (Murang'a, Muranga and Murang’a are one), everything else a space. Migration 0028's
 * jamii_place_key does the same in SQL.
 */
export function placeKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z]+/g, ' ')
    .trim();
}

/** Every county and town name by its key, each to its county (a county's own name included). */
const PLACES: ReadonlyMap<string, string> = new Map(
  KENYA_COUNTIES.flatMap((county) => [
    [placeKey(county.name), county.name] as const,
    ...county.towns.map((town) => [placeKey(town), county.name] as const),
  ]),
);

/** The list as [place key, county] pairs, for the test that compares it with the database's. */
export const PLACE_KEYS: ReadonlyArray<readonly [string, string]> = [...PLACES];

/** A county's name from any spelling of it (case, apostrophe, hyphen or space), or null. */
export function findCounty(text: string): string | null {
  const key = placeKey(text);
  return KENYA_COUNTIES.find((county) => placeKey(county.name) === key)?.name ?? null;
}

/**
 * What location fields suggest: every county, then each town with its county ("Eldoret, Uasin
 * Gishu"), spelt so the specified validation rules's location rule accepts it (letters, spaces, commas and hyphens: the
 * apostrophe of Murang'a is left out).
 */
export const LOCATION_SUGGESTIONS: readonly string[] = (() => {
  const spell = (name: string) => name.replace(/['’]/g, '');
  const counties = KENYA_COUNTIES.map((county) => spell(county.name));
  const towns = KENYA_COUNTIES.flatMap((county) =>
    county.towns
      .filter((town) => placeKey(town) !== placeKey(county.name))
      .map((town) => `${spell(town)}, ${spell(county.name)}`),
  );
  return [...counties, ...towns];
})();

/**
 * The county a free-text location lies in ("Eldoret, Uasin Gishu", "Nyeri", "Kisumu town"): the
 * first comma-separated part that names a county or one of its towns, else null.
 */
export function countyOfPlace(text: string): string | null {
  for (const part of text.split(',')) {
    const county = PLACES.get(placeKey(part));
    if (county) return county;
  }
  return null;
}
