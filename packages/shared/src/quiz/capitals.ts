// The country → capital table behind the geography quiz (the specified states Quiz, §9). It is the reference the
// question bank is checked against, so a fact changes here first and the bank test then names every
// question that has to follow.
//
// Left out on purpose, because a one-word answer would be contested or wrong:
// Israel and Palestine (Jerusalem's status is disputed), Nauru (no official capital),
// Kiribati (capital given variously as Tarawa, South Tarawa or Bairiki), and states not UN members
// (Taiwan, Kosovo, Western Sahara).

/** Regions used to pick plausible wrong answers (a Kenyan question offers Kampala, not Oslo). */
export type WorldRegion =
  | 'East Africa'
  | 'Indian Ocean'
  | 'Southern Africa'
  | 'Central Africa'
  | 'West Africa'
  | 'North Africa'
  | 'Western Asia'
  | 'Central Asia'
  | 'South Asia'
  | 'East Asia'
  | 'Southeast Asia'
  | 'Oceania'
  | 'Northern Europe'
  | 'Western Europe'
  | 'Southern Europe'
  | 'Eastern Europe'
  | 'North and Central America'
  | 'Caribbean'
  | 'South America';

export interface CountryCapital {
  country: string;
  capital: string;
  region: WorldRegion;
}

export const COUNTRY_CAPITALS: readonly CountryCapital[] = [
  // East Africa
  { country: 'Kenya', capital: 'Nairobi', region: 'East Africa' },
  { country: 'Uganda', capital: 'Kampala', region: 'East Africa' },
  // Dodoma has been the capital in law since 1996 and the seat of government since the 2016–2023 move;
  // Dar es Salaam is the largest city, not the capital.
  { country: 'Tanzania', capital: 'Dodoma', region: 'East Africa' },
  { country: 'Rwanda', capital: 'Kigali', region: 'East Africa' },
  // Gitega became the political capital in 2019; Bujumbura remains the economic capital.
  { country: 'Burundi', capital: 'Gitega', region: 'East Africa' },
  { country: 'South Sudan', capital: 'Juba', region: 'East Africa' },
  { country: 'Ethiopia', capital: 'Addis Ababa', region: 'East Africa' },
  { country: 'Somalia', capital: 'Mogadishu', region: 'East Africa' },
  { country: 'Eritrea', capital: 'Asmara', region: 'East Africa' },
  { country: 'Djibouti', capital: 'Djibouti', region: 'East Africa' },

  // Indian Ocean
  { country: 'Madagascar', capital: 'Antananarivo', region: 'Indian Ocean' },
  { country: 'Mauritius', capital: 'Port Louis', region: 'Indian Ocean' },
  { country: 'Seychelles', capital: 'Victoria', region: 'Indian Ocean' },
  { country: 'Comoros', capital: 'Moroni', region: 'Indian Ocean' },

  // Southern Africa
  // South Africa has three capitals (Pretoria executive, Cape Town legislative, Bloemfontein judicial).
  // Pretoria is the seat of the President and the government and the city foreign embassies are
  // accredited to, so it is the one answer; the bank never offers Cape Town or Bloemfontein.
  { country: 'South Africa', capital: 'Pretoria', region: 'Southern Africa' },
  { country: 'Namibia', capital: 'Windhoek', region: 'Southern Africa' },
  { country: 'Botswana', capital: 'Gaborone', region: 'Southern Africa' },
  { country: 'Zimbabwe', capital: 'Harare', region: 'Southern Africa' },
  { country: 'Zambia', capital: 'Lusaka', region: 'Southern Africa' },
  { country: 'Malawi', capital: 'Lilongwe', region: 'Southern Africa' },
  { country: 'Mozambique', capital: 'Maputo', region: 'Southern Africa' },
  { country: 'Angola', capital: 'Luanda', region: 'Southern Africa' },
  { country: 'Lesotho', capital: 'Maseru', region: 'Southern Africa' },
  // Mbabane is the administrative capital; Lobamba is the royal and legislative one.
  { country: 'Eswatini', capital: 'Mbabane', region: 'Southern Africa' },

  // Central Africa
  { country: 'Democratic Republic of the Congo', capital: 'Kinshasa', region: 'Central Africa' },
  { country: 'Republic of the Congo', capital: 'Brazzaville', region: 'Central Africa' },
  { country: 'Gabon', capital: 'Libreville', region: 'Central Africa' },
  { country: 'Cameroon', capital: 'Yaoundé', region: 'Central Africa' },
  { country: 'Central African Republic', capital: 'Bangui', region: 'Central Africa' },
  { country: 'Chad', capital: "N'Djamena", region: 'Central Africa' },
  // Malabo is still the capital in use; the move to the purpose-built Ciudad de la Paz has been decreed
  // and announced more than once but government still sits in Malabo. Review if the move completes.
  { country: 'Equatorial Guinea', capital: 'Malabo', region: 'Central Africa' },
  { country: 'São Tomé and Príncipe', capital: 'São Tomé', region: 'Central Africa' },

  // West Africa
  // Abuja replaced Lagos as the capital in 1991.
  { country: 'Nigeria', capital: 'Abuja', region: 'West Africa' },
  { country: 'Ghana', capital: 'Accra', region: 'West Africa' },
  // Yamoussoukro is the official capital since 1983; Abidjan is the economic centre and hosts most
  // ministries and embassies.
  { country: "Côte d'Ivoire", capital: 'Yamoussoukro', region: 'West Africa' },
  { country: 'Senegal', capital: 'Dakar', region: 'West Africa' },
  { country: 'Mali', capital: 'Bamako', region: 'West Africa' },
  { country: 'Burkina Faso', capital: 'Ouagadougou', region: 'West Africa' },
  { country: 'Niger', capital: 'Niamey', region: 'West Africa' },
  // Porto-Novo is the constitutional capital; Cotonou is the seat of government.
  { country: 'Benin', capital: 'Porto-Novo', region: 'West Africa' },
  { country: 'Togo', capital: 'Lomé', region: 'West Africa' },
  { country: 'Guinea', capital: 'Conakry', region: 'West Africa' },
  { country: 'Guinea-Bissau', capital: 'Bissau', region: 'West Africa' },
  { country: 'Sierra Leone', capital: 'Freetown', region: 'West Africa' },
  { country: 'Liberia', capital: 'Monrovia', region: 'West Africa' },
  { country: 'Gambia', capital: 'Banjul', region: 'West Africa' },
  { country: 'Cabo Verde', capital: 'Praia', region: 'West Africa' },
  { country: 'Mauritania', capital: 'Nouakchott', region: 'West Africa' },

  // North Africa
  // Cairo is still the capital in law; ministries have moved to the New Administrative Capital, which
  // has not been declared the capital.
  { country: 'Egypt', capital: 'Cairo', region: 'North Africa' },
  { country: 'Libya', capital: 'Tripoli', region: 'North Africa' },
  { country: 'Tunisia', capital: 'Tunis', region: 'North Africa' },
  { country: 'Algeria', capital: 'Algiers', region: 'North Africa' },
  { country: 'Morocco', capital: 'Rabat', region: 'North Africa' },
  // Khartoum is the capital in law; the government worked from Port Sudan during the war that began
  // in 2023.
  { country: 'Sudan', capital: 'Khartoum', region: 'North Africa' },

  // Western Asia
  { country: 'Saudi Arabia', capital: 'Riyadh', region: 'Western Asia' },
  // Sana'a is the constitutional capital; the recognised government has worked from Aden since 2015.
  { country: 'Yemen', capital: "Sana'a", region: 'Western Asia' },
  { country: 'Oman', capital: 'Muscat', region: 'Western Asia' },
  { country: 'United Arab Emirates', capital: 'Abu Dhabi', region: 'Western Asia' },
  { country: 'Qatar', capital: 'Doha', region: 'Western Asia' },
  { country: 'Bahrain', capital: 'Manama', region: 'Western Asia' },
  { country: 'Kuwait', capital: 'Kuwait City', region: 'Western Asia' },
  { country: 'Iraq', capital: 'Baghdad', region: 'Western Asia' },
  // A move of the capital to the Makran coast has been discussed, not enacted.
  { country: 'Iran', capital: 'Tehran', region: 'Western Asia' },
  { country: 'Jordan', capital: 'Amman', region: 'Western Asia' },
  { country: 'Lebanon', capital: 'Beirut', region: 'Western Asia' },
  { country: 'Syria', capital: 'Damascus', region: 'Western Asia' },
  { country: 'Türkiye', capital: 'Ankara', region: 'Western Asia' },
  { country: 'Cyprus', capital: 'Nicosia', region: 'Western Asia' },
  { country: 'Georgia', capital: 'Tbilisi', region: 'Western Asia' },
  { country: 'Armenia', capital: 'Yerevan', region: 'Western Asia' },
  { country: 'Azerbaijan', capital: 'Baku', region: 'Western Asia' },

  // Central Asia
  // Renamed Nur-Sultan in 2019 and Astana again in 2022.
  { country: 'Kazakhstan', capital: 'Astana', region: 'Central Asia' },
  { country: 'Uzbekistan', capital: 'Tashkent', region: 'Central Asia' },
  { country: 'Turkmenistan', capital: 'Ashgabat', region: 'Central Asia' },
  { country: 'Kyrgyzstan', capital: 'Bishkek', region: 'Central Asia' },
  { country: 'Tajikistan', capital: 'Dushanbe', region: 'Central Asia' },

  // South Asia
  { country: 'India', capital: 'New Delhi', region: 'South Asia' },
  { country: 'Pakistan', capital: 'Islamabad', region: 'South Asia' },
  { country: 'Bangladesh', capital: 'Dhaka', region: 'South Asia' },
  { country: 'Nepal', capital: 'Kathmandu', region: 'South Asia' },
  { country: 'Bhutan', capital: 'Thimphu', region: 'South Asia' },
  // Sri Jayawardenepura Kotte is the official (legislative) capital; Colombo is the commercial capital
  // and was the capital until 1982.
  { country: 'Sri Lanka', capital: 'Sri Jayawardenepura Kotte', region: 'South Asia' },
  { country: 'Maldives', capital: 'Malé', region: 'South Asia' },
  { country: 'Afghanistan', capital: 'Kabul', region: 'South Asia' },

  // East Asia
  { country: 'China', capital: 'Beijing', region: 'East Asia' },
  { country: 'Japan', capital: 'Tokyo', region: 'East Asia' },
  // Many ministries sit in Sejong City, which is an administrative city, not the capital.
  { country: 'South Korea', capital: 'Seoul', region: 'East Asia' },
  { country: 'North Korea', capital: 'Pyongyang', region: 'East Asia' },
  { country: 'Mongolia', capital: 'Ulaanbaatar', region: 'East Asia' },

  // Southeast Asia
  // Nusantara is being built as the future capital, but the presidential decree that would transfer
  // the capital has not been issued, so Jakarta remains the capital.
  { country: 'Indonesia', capital: 'Jakarta', region: 'Southeast Asia' },
  // Kuala Lumpur is the capital; Putrajaya is the administrative seat of government.
  { country: 'Malaysia', capital: 'Kuala Lumpur', region: 'Southeast Asia' },
  { country: 'Singapore', capital: 'Singapore', region: 'Southeast Asia' },
  { country: 'Thailand', capital: 'Bangkok', region: 'Southeast Asia' },
  { country: 'Vietnam', capital: 'Hanoi', region: 'Southeast Asia' },
  { country: 'Laos', capital: 'Vientiane', region: 'Southeast Asia' },
  { country: 'Cambodia', capital: 'Phnom Penh', region: 'Southeast Asia' },
  // Naypyidaw replaced Yangon as the capital in 2005–2006.
  { country: 'Myanmar', capital: 'Naypyidaw', region: 'Southeast Asia' },
  { country: 'Philippines', capital: 'Manila', region: 'Southeast Asia' },
  { country: 'Brunei', capital: 'Bandar Seri Begawan', region: 'Southeast Asia' },
  { country: 'Timor-Leste', capital: 'Dili', region: 'Southeast Asia' },

  // Oceania
  { country: 'Australia', capital: 'Canberra', region: 'Oceania' },
  { country: 'New Zealand', capital: 'Wellington', region: 'Oceania' },
  { country: 'Papua New Guinea', capital: 'Port Moresby', region: 'Oceania' },
  { country: 'Fiji', capital: 'Suva', region: 'Oceania' },
  { country: 'Solomon Islands', capital: 'Honiara', region: 'Oceania' },
  { country: 'Vanuatu', capital: 'Port Vila', region: 'Oceania' },
  { country: 'Samoa', capital: 'Apia', region: 'Oceania' },
  { country: 'Tonga', capital: "Nuku'alofa", region: 'Oceania' },
  { country: 'Tuvalu', capital: 'Funafuti', region: 'Oceania' },
  { country: 'Micronesia', capital: 'Palikir', region: 'Oceania' },
  // Ngerulmud replaced Koror as the capital in 2006.
  { country: 'Palau', capital: 'Ngerulmud', region: 'Oceania' },
  { country: 'Marshall Islands', capital: 'Majuro', region: 'Oceania' },

  // Northern Europe
  { country: 'United Kingdom', capital: 'London', region: 'Northern Europe' },
  { country: 'Ireland', capital: 'Dublin', region: 'Northern Europe' },
  { country: 'Iceland', capital: 'Reykjavík', region: 'Northern Europe' },
  { country: 'Norway', capital: 'Oslo', region: 'Northern Europe' },
  { country: 'Sweden', capital: 'Stockholm', region: 'Northern Europe' },
  { country: 'Finland', capital: 'Helsinki', region: 'Northern Europe' },
  { country: 'Denmark', capital: 'Copenhagen', region: 'Northern Europe' },
  { country: 'Estonia', capital: 'Tallinn', region: 'Northern Europe' },
  { country: 'Latvia', capital: 'Riga', region: 'Northern Europe' },
  { country: 'Lithuania', capital: 'Vilnius', region: 'Northern Europe' },

  // Western Europe
  { country: 'France', capital: 'Paris', region: 'Western Europe' },
  { country: 'Germany', capital: 'Berlin', region: 'Western Europe' },
  // Amsterdam is the capital under the constitution; The Hague is the seat of government.
  { country: 'Netherlands', capital: 'Amsterdam', region: 'Western Europe' },
  { country: 'Belgium', capital: 'Brussels', region: 'Western Europe' },
  { country: 'Luxembourg', capital: 'Luxembourg', region: 'Western Europe' },
  // Switzerland names no capital in law; Bern is the federal city and is the accepted answer.
  { country: 'Switzerland', capital: 'Bern', region: 'Western Europe' },
  { country: 'Austria', capital: 'Vienna', region: 'Western Europe' },
  { country: 'Liechtenstein', capital: 'Vaduz', region: 'Western Europe' },
  { country: 'Monaco', capital: 'Monaco', region: 'Western Europe' },

  // Southern Europe
  { country: 'Spain', capital: 'Madrid', region: 'Southern Europe' },
  { country: 'Portugal', capital: 'Lisbon', region: 'Southern Europe' },
  { country: 'Italy', capital: 'Rome', region: 'Southern Europe' },
  { country: 'Greece', capital: 'Athens', region: 'Southern Europe' },
  { country: 'Malta', capital: 'Valletta', region: 'Southern Europe' },
  { country: 'Andorra', capital: 'Andorra la Vella', region: 'Southern Europe' },
  { country: 'San Marino', capital: 'San Marino', region: 'Southern Europe' },
  { country: 'Vatican City', capital: 'Vatican City', region: 'Southern Europe' },
  { country: 'Slovenia', capital: 'Ljubljana', region: 'Southern Europe' },
  { country: 'Croatia', capital: 'Zagreb', region: 'Southern Europe' },
  { country: 'Bosnia and Herzegovina', capital: 'Sarajevo', region: 'Southern Europe' },
  { country: 'Serbia', capital: 'Belgrade', region: 'Southern Europe' },
  // Podgorica is the capital; Cetinje is the old royal capital with an honorary title.
  { country: 'Montenegro', capital: 'Podgorica', region: 'Southern Europe' },
  { country: 'North Macedonia', capital: 'Skopje', region: 'Southern Europe' },
  { country: 'Albania', capital: 'Tirana', region: 'Southern Europe' },

  // Eastern Europe
  { country: 'Poland', capital: 'Warsaw', region: 'Eastern Europe' },
  { country: 'Czechia', capital: 'Prague', region: 'Eastern Europe' },
  { country: 'Slovakia', capital: 'Bratislava', region: 'Eastern Europe' },
  { country: 'Hungary', capital: 'Budapest', region: 'Eastern Europe' },
  { country: 'Romania', capital: 'Bucharest', region: 'Eastern Europe' },
  { country: 'Bulgaria', capital: 'Sofia', region: 'Eastern Europe' },
  { country: 'Moldova', capital: 'Chișinău', region: 'Eastern Europe' },
  { country: 'Ukraine', capital: 'Kyiv', region: 'Eastern Europe' },
  { country: 'Belarus', capital: 'Minsk', region: 'Eastern Europe' },
  { country: 'Russia', capital: 'Moscow', region: 'Eastern Europe' },

  // North and Central America
  { country: 'Canada', capital: 'Ottawa', region: 'North and Central America' },
  { country: 'United States', capital: 'Washington, D.C.', region: 'North and Central America' },
  { country: 'Mexico', capital: 'Mexico City', region: 'North and Central America' },
  { country: 'Guatemala', capital: 'Guatemala City', region: 'North and Central America' },
  { country: 'Belize', capital: 'Belmopan', region: 'North and Central America' },
  { country: 'Honduras', capital: 'Tegucigalpa', region: 'North and Central America' },
  { country: 'El Salvador', capital: 'San Salvador', region: 'North and Central America' },
  { country: 'Nicaragua', capital: 'Managua', region: 'North and Central America' },
  { country: 'Costa Rica', capital: 'San José', region: 'North and Central America' },
  { country: 'Panama', capital: 'Panama City', region: 'North and Central America' },

  // Caribbean
  { country: 'Cuba', capital: 'Havana', region: 'Caribbean' },
  { country: 'Jamaica', capital: 'Kingston', region: 'Caribbean' },
  { country: 'Haiti', capital: 'Port-au-Prince', region: 'Caribbean' },
  { country: 'Dominican Republic', capital: 'Santo Domingo', region: 'Caribbean' },
  { country: 'Bahamas', capital: 'Nassau', region: 'Caribbean' },
  { country: 'Barbados', capital: 'Bridgetown', region: 'Caribbean' },
  { country: 'Trinidad and Tobago', capital: 'Port of Spain', region: 'Caribbean' },
  { country: 'Grenada', capital: "Saint George's", region: 'Caribbean' },
  { country: 'Saint Lucia', capital: 'Castries', region: 'Caribbean' },
  { country: 'Saint Vincent and the Grenadines', capital: 'Kingstown', region: 'Caribbean' },
  { country: 'Dominica', capital: 'Roseau', region: 'Caribbean' },
  { country: 'Antigua and Barbuda', capital: "Saint John's", region: 'Caribbean' },
  { country: 'Saint Kitts and Nevis', capital: 'Basseterre', region: 'Caribbean' },

  // South America
  { country: 'Brazil', capital: 'Brasília', region: 'South America' },
  { country: 'Argentina', capital: 'Buenos Aires', region: 'South America' },
  // Santiago is the capital; the National Congress sits in Valparaíso.
  { country: 'Chile', capital: 'Santiago', region: 'South America' },
  { country: 'Peru', capital: 'Lima', region: 'South America' },
  // Sucre is the constitutional capital; La Paz is the seat of government. The bank never offers La Paz.
  { country: 'Bolivia', capital: 'Sucre', region: 'South America' },
  { country: 'Colombia', capital: 'Bogotá', region: 'South America' },
  { country: 'Venezuela', capital: 'Caracas', region: 'South America' },
  { country: 'Ecuador', capital: 'Quito', region: 'South America' },
  { country: 'Paraguay', capital: 'Asunción', region: 'South America' },
  { country: 'Uruguay', capital: 'Montevideo', region: 'South America' },
  { country: 'Guyana', capital: 'Georgetown', region: 'South America' },
  { country: 'Suriname', capital: 'Paramaribo', region: 'South America' },
];

const capitalByCountry = new Map(COUNTRY_CAPITALS.map((entry) => [entry.country, entry.capital]));
const capitalCities = new Set(COUNTRY_CAPITALS.map((entry) => entry.capital));

/** The capital of a country in the table, or undefined for a country the table leaves out. */
export function capitalOf(country: string): string | undefined {
  return capitalByCountry.get(country);
}

/** Whether a city is the capital of some country in the table. */
export function isCapitalCity(city: string): boolean {
  return capitalCities.has(city);
}
