// The geography quiz's question bank (SPEC §3 Quiz question, §9), written out as data so a reviewer can
// read every question. bank.test.ts checks each right answer against capitals.ts and every option
// against the set of real capitals.
//
// Wrong answers are capitals of the same region, so a question is not won by spotting the only
// nearby city. Countries whose capital repeats the country's name (Djibouti, Kuwait, Singapore,
// Guinea-Bissau, Tunisia, ...) are not asked, because the answer would be given away.

/** A quiz question (SPEC §3): `correct` is the index of the right option. */
export interface QuizQuestion {
  text: string;
  options: readonly [string, string, string, string];
  correct: 0 | 1 | 2 | 3;
}

export const QUESTION_BANK: readonly QuizQuestion[] = [
  // East Africa
  { text: 'What is the capital of Kenya?', options: ['Dodoma', 'Juba', 'Nairobi', 'Gitega'], correct: 2 },
  { text: 'What is the capital of Uganda?', options: ['Nairobi', 'Kampala', 'Gitega', 'Dodoma'], correct: 1 },
  {
    text: 'What is the capital of Tanzania?',
    options: ['Mogadishu', 'Dodoma', 'Djibouti', 'Nairobi'],
    correct: 1,
  },
  { text: 'What is the capital of Rwanda?', options: ['Kigali', 'Kampala', 'Gitega', 'Nairobi'], correct: 0 },
  {
    text: 'What is the capital of Burundi?',
    options: ['Gitega', 'Kampala', 'Mogadishu', 'Djibouti'],
    correct: 0,
  },
  {
    text: 'What is the capital of South Sudan?',
    options: ['Mogadishu', 'Gitega', 'Juba', 'Kampala'],
    correct: 2,
  },
  {
    text: 'What is the capital of Ethiopia?',
    options: ['Nairobi', 'Dodoma', 'Kampala', 'Addis Ababa'],
    correct: 3,
  },
  {
    text: 'What is the capital of Somalia?',
    options: ['Mogadishu', 'Gitega', 'Kigali', 'Asmara'],
    correct: 0,
  },
  { text: 'What is the capital of Eritrea?', options: ['Gitega', 'Asmara', 'Kigali', 'Nairobi'], correct: 1 },
  // Indian Ocean
  {
    text: 'What is the capital of Madagascar?',
    options: ['Victoria', 'Moroni', 'Port Louis', 'Antananarivo'],
    correct: 3,
  },
  {
    text: 'What is the capital of Mauritius?',
    options: ['Moroni', 'Port Louis', 'Antananarivo', 'Victoria'],
    correct: 1,
  },
  {
    text: 'What is the capital of the Seychelles?',
    options: ['Victoria', 'Port Louis', 'Antananarivo', 'Moroni'],
    correct: 0,
  },
  {
    text: 'What is the capital of the Comoros?',
    options: ['Antananarivo', 'Victoria', 'Port Louis', 'Moroni'],
    correct: 3,
  },
  // Southern Africa
  {
    text: 'What is the capital of South Africa?',
    options: ['Maseru', 'Luanda', 'Windhoek', 'Pretoria'],
    correct: 3,
  },
  {
    text: 'What is the capital of Namibia?',
    options: ['Windhoek', 'Luanda', 'Lusaka', 'Pretoria'],
    correct: 0,
  },
  {
    text: 'What is the capital of Botswana?',
    options: ['Gaborone', 'Luanda', 'Lilongwe', 'Maseru'],
    correct: 0,
  },
  {
    text: 'What is the capital of Zimbabwe?',
    options: ['Pretoria', 'Harare', 'Gaborone', 'Luanda'],
    correct: 1,
  },
  { text: 'What is the capital of Zambia?', options: ['Lusaka', 'Lilongwe', 'Luanda', 'Maseru'], correct: 0 },
  { text: 'What is the capital of Malawi?', options: ['Maputo', 'Lusaka', 'Maseru', 'Lilongwe'], correct: 3 },
  {
    text: 'What is the capital of Mozambique?',
    options: ['Maseru', 'Maputo', 'Mbabane', 'Lilongwe'],
    correct: 1,
  },
  { text: 'What is the capital of Angola?', options: ['Lusaka', 'Maputo', 'Lilongwe', 'Luanda'], correct: 3 },
  {
    text: 'What is the capital of Lesotho?',
    options: ['Lilongwe', 'Maputo', 'Maseru', 'Windhoek'],
    correct: 2,
  },
  {
    text: 'What is the capital of Eswatini?',
    options: ['Maseru', 'Pretoria', 'Harare', 'Mbabane'],
    correct: 3,
  },
  // Central Africa
  {
    text: 'What is the capital of the Democratic Republic of the Congo?',
    options: ['Bangui', 'Libreville', 'Kinshasa', 'São Tomé'],
    correct: 2,
  },
  {
    text: 'What is the capital of the Republic of the Congo?',
    options: ['Bangui', "N'Djamena", 'Malabo', 'Brazzaville'],
    correct: 3,
  },
  {
    text: 'What is the capital of Gabon?',
    options: ['São Tomé', 'Kinshasa', 'Brazzaville', 'Libreville'],
    correct: 3,
  },
  {
    text: 'What is the capital of Cameroon?',
    options: ['Kinshasa', 'São Tomé', 'Libreville', 'Yaoundé'],
    correct: 3,
  },
  {
    text: 'What is the capital of the Central African Republic?',
    options: ['Yaoundé', 'Bangui', 'São Tomé', 'Malabo'],
    correct: 1,
  },
  {
    text: 'What is the capital of Chad?',
    options: ['Libreville', "N'Djamena", 'Malabo', 'Brazzaville'],
    correct: 1,
  },
  {
    text: 'What is the capital of Equatorial Guinea?',
    options: ['Malabo', "N'Djamena", 'Yaoundé', 'Bangui'],
    correct: 0,
  },
  // West Africa
  {
    text: 'What is the capital of Nigeria?',
    options: ['Dakar', 'Abuja', 'Yamoussoukro', 'Accra'],
    correct: 1,
  },
  { text: 'What is the capital of Ghana?', options: ['Niamey', 'Conakry', 'Accra', 'Monrovia'], correct: 2 },
  {
    text: "What is the capital of Côte d'Ivoire?",
    options: ['Banjul', 'Abuja', 'Conakry', 'Yamoussoukro'],
    correct: 3,
  },
  {
    text: 'What is the capital of Senegal?',
    options: ['Lomé', 'Porto-Novo', 'Nouakchott', 'Dakar'],
    correct: 3,
  },
  { text: 'What is the capital of Mali?', options: ['Lomé', 'Dakar', 'Bamako', 'Porto-Novo'], correct: 2 },
  {
    text: 'What is the capital of Burkina Faso?',
    options: ['Bissau', 'Nouakchott', 'Ouagadougou', 'Lomé'],
    correct: 2,
  },
  { text: 'What is the capital of Niger?', options: ['Niamey', 'Praia', 'Lomé', 'Dakar'], correct: 0 },
  {
    text: 'What is the capital of Benin?',
    options: ['Accra', 'Porto-Novo', 'Niamey', 'Conakry'],
    correct: 1,
  },
  { text: 'What is the capital of Togo?', options: ['Lomé', 'Niamey', 'Yamoussoukro', 'Banjul'], correct: 0 },
  {
    text: 'What is the capital of Guinea?',
    options: ['Conakry', 'Ouagadougou', 'Niamey', 'Banjul'],
    correct: 0,
  },
  {
    text: 'What is the capital of Sierra Leone?',
    options: ['Freetown', 'Ouagadougou', 'Banjul', 'Monrovia'],
    correct: 0,
  },
  {
    text: 'What is the capital of Liberia?',
    options: ['Freetown', 'Monrovia', 'Praia', 'Bamako'],
    correct: 1,
  },
  {
    text: 'What is the capital of the Gambia?',
    options: ['Monrovia', 'Conakry', 'Accra', 'Banjul'],
    correct: 3,
  },
  {
    text: 'What is the capital of Cabo Verde?',
    options: ['Praia', 'Dakar', 'Niamey', 'Porto-Novo'],
    correct: 0,
  },
  {
    text: 'What is the capital of Mauritania?',
    options: ['Praia', 'Niamey', 'Nouakchott', 'Dakar'],
    correct: 2,
  },
  // North Africa
  { text: 'What is the capital of Egypt?', options: ['Rabat', 'Tripoli', 'Algiers', 'Cairo'], correct: 3 },
  { text: 'What is the capital of Libya?', options: ['Khartoum', 'Cairo', 'Tripoli', 'Rabat'], correct: 2 },
  { text: 'What is the capital of Algeria?', options: ['Algiers', 'Tunis', 'Tripoli', 'Cairo'], correct: 0 },
  { text: 'What is the capital of Morocco?', options: ['Algiers', 'Khartoum', 'Rabat', 'Cairo'], correct: 2 },
  { text: 'What is the capital of Sudan?', options: ['Tripoli', 'Algiers', 'Khartoum', 'Rabat'], correct: 2 },
  // Western Asia
  {
    text: 'What is the capital of Saudi Arabia?',
    options: ['Tbilisi', 'Tehran', 'Riyadh', 'Damascus'],
    correct: 2,
  },
  { text: 'What is the capital of Yemen?', options: ["Sana'a", 'Amman', 'Doha', 'Tbilisi'], correct: 0 },
  { text: 'What is the capital of Oman?', options: ['Tehran', 'Yerevan', 'Baku', 'Muscat'], correct: 3 },
  {
    text: 'What is the capital of the United Arab Emirates?',
    options: ['Damascus', 'Kuwait City', 'Abu Dhabi', 'Amman'],
    correct: 2,
  },
  { text: 'What is the capital of Qatar?', options: ['Muscat', 'Doha', 'Tbilisi', 'Manama'], correct: 1 },
  {
    text: 'What is the capital of Bahrain?',
    options: ['Nicosia', 'Ankara', 'Manama', 'Baghdad'],
    correct: 2,
  },
  { text: 'What is the capital of Iraq?', options: ['Abu Dhabi', 'Doha', 'Damascus', 'Baghdad'], correct: 3 },
  { text: 'What is the capital of Iran?', options: ['Damascus', 'Muscat', 'Tehran', 'Doha'], correct: 2 },
  { text: 'What is the capital of Jordan?', options: ['Riyadh', 'Amman', 'Tehran', 'Doha'], correct: 1 },
  { text: 'What is the capital of Lebanon?', options: ['Doha', 'Beirut', 'Nicosia', 'Muscat'], correct: 1 },
  { text: 'What is the capital of Syria?', options: ['Amman', 'Tehran', 'Damascus', 'Nicosia'], correct: 2 },
  { text: 'What is the capital of Türkiye?', options: ['Amman', 'Baku', 'Doha', 'Ankara'], correct: 3 },
  { text: 'What is the capital of Cyprus?', options: ["Sana'a", 'Beirut', 'Nicosia', 'Tbilisi'], correct: 2 },
  {
    text: 'What is the capital of Georgia?',
    options: ['Tehran', 'Tbilisi', 'Kuwait City', 'Riyadh'],
    correct: 1,
  },
  {
    text: 'What is the capital of Armenia?',
    options: ['Tehran', 'Yerevan', 'Damascus', 'Riyadh'],
    correct: 1,
  },
  { text: 'What is the capital of Azerbaijan?', options: ['Riyadh', 'Ankara', 'Tehran', 'Baku'], correct: 3 },
  // Central Asia
  {
    text: 'What is the capital of Kazakhstan?',
    options: ['Astana', 'Ashgabat', 'Tashkent', 'Bishkek'],
    correct: 0,
  },
  {
    text: 'What is the capital of Uzbekistan?',
    options: ['Astana', 'Dushanbe', 'Tashkent', 'Ashgabat'],
    correct: 2,
  },
  {
    text: 'What is the capital of Turkmenistan?',
    options: ['Tashkent', 'Dushanbe', 'Astana', 'Ashgabat'],
    correct: 3,
  },
  {
    text: 'What is the capital of Kyrgyzstan?',
    options: ['Bishkek', 'Astana', 'Tashkent', 'Dushanbe'],
    correct: 0,
  },
  {
    text: 'What is the capital of Tajikistan?',
    options: ['Bishkek', 'Astana', 'Ashgabat', 'Dushanbe'],
    correct: 3,
  },
  // South Asia
  {
    text: 'What is the capital of India?',
    options: ['Islamabad', 'Malé', 'New Delhi', 'Sri Jayawardenepura Kotte'],
    correct: 2,
  },
  {
    text: 'What is the capital of Pakistan?',
    options: ['Islamabad', 'Kathmandu', 'Thimphu', 'Kabul'],
    correct: 0,
  },
  {
    text: 'What is the capital of Bangladesh?',
    options: ['New Delhi', 'Kathmandu', 'Dhaka', 'Thimphu'],
    correct: 2,
  },
  {
    text: 'What is the capital of Nepal?',
    options: ['Kathmandu', 'Islamabad', 'New Delhi', 'Kabul'],
    correct: 0,
  },
  {
    text: 'What is the capital of Bhutan?',
    options: ['Kabul', 'Thimphu', 'Malé', 'Sri Jayawardenepura Kotte'],
    correct: 1,
  },
  {
    text: 'What is the capital of Sri Lanka?',
    options: ['Sri Jayawardenepura Kotte', 'Kathmandu', 'Kabul', 'Dhaka'],
    correct: 0,
  },
  {
    text: 'What is the capital of the Maldives?',
    options: ['Islamabad', 'Malé', 'Kabul', 'Thimphu'],
    correct: 1,
  },
  {
    text: 'What is the capital of Afghanistan?',
    options: ['Kabul', 'Islamabad', 'New Delhi', 'Kathmandu'],
    correct: 0,
  },
  // East Asia
  {
    text: 'What is the capital of China?',
    options: ['Seoul', 'Tokyo', 'Ulaanbaatar', 'Beijing'],
    correct: 3,
  },
  {
    text: 'What is the capital of Japan?',
    options: ['Beijing', 'Seoul', 'Ulaanbaatar', 'Tokyo'],
    correct: 3,
  },
  {
    text: 'What is the capital of South Korea?',
    options: ['Tokyo', 'Seoul', 'Pyongyang', 'Ulaanbaatar'],
    correct: 1,
  },
  {
    text: 'What is the capital of North Korea?',
    options: ['Ulaanbaatar', 'Pyongyang', 'Seoul', 'Tokyo'],
    correct: 1,
  },
  {
    text: 'What is the capital of Mongolia?',
    options: ['Tokyo', 'Ulaanbaatar', 'Seoul', 'Pyongyang'],
    correct: 1,
  },
  // Southeast Asia
  {
    text: 'What is the capital of Indonesia?',
    options: ['Kuala Lumpur', 'Jakarta', 'Vientiane', 'Dili'],
    correct: 1,
  },
  {
    text: 'What is the capital of Malaysia?',
    options: ['Bandar Seri Begawan', 'Jakarta', 'Kuala Lumpur', 'Vientiane'],
    correct: 2,
  },
  {
    text: 'What is the capital of Thailand?',
    options: ['Manila', 'Bangkok', 'Jakarta', 'Hanoi'],
    correct: 1,
  },
  {
    text: 'What is the capital of Vietnam?',
    options: ['Hanoi', 'Jakarta', 'Manila', 'Naypyidaw'],
    correct: 0,
  },
  {
    text: 'What is the capital of Laos?',
    options: ['Phnom Penh', 'Kuala Lumpur', 'Dili', 'Vientiane'],
    correct: 3,
  },
  {
    text: 'What is the capital of Cambodia?',
    options: ['Vientiane', 'Manila', 'Singapore', 'Phnom Penh'],
    correct: 3,
  },
  {
    text: 'What is the capital of Myanmar?',
    options: ['Naypyidaw', 'Hanoi', 'Singapore', 'Bandar Seri Begawan'],
    correct: 0,
  },
  {
    text: 'What is the capital of the Philippines?',
    options: ['Kuala Lumpur', 'Dili', 'Manila', 'Jakarta'],
    correct: 2,
  },
  {
    text: 'What is the capital of Brunei?',
    options: ['Jakarta', 'Manila', 'Bandar Seri Begawan', 'Naypyidaw'],
    correct: 2,
  },
  {
    text: 'What is the capital of Timor-Leste?',
    options: ['Bangkok', 'Phnom Penh', 'Hanoi', 'Dili'],
    correct: 3,
  },
  // Oceania
  {
    text: 'What is the capital of Australia?',
    options: ['Majuro', 'Wellington', 'Ngerulmud', 'Canberra'],
    correct: 3,
  },
  {
    text: 'What is the capital of New Zealand?',
    options: ['Apia', 'Canberra', 'Wellington', 'Port Moresby'],
    correct: 2,
  },
  {
    text: 'What is the capital of Papua New Guinea?',
    options: ['Suva', 'Port Moresby', 'Port Vila', 'Palikir'],
    correct: 1,
  },
  {
    text: 'What is the capital of Fiji?',
    options: ["Nuku'alofa", 'Majuro', 'Port Vila', 'Suva'],
    correct: 3,
  },
  {
    text: 'What is the capital of the Solomon Islands?',
    options: ['Honiara', 'Port Vila', 'Port Moresby', 'Ngerulmud'],
    correct: 0,
  },
  {
    text: 'What is the capital of Vanuatu?',
    options: ['Canberra', 'Apia', 'Port Moresby', 'Port Vila'],
    correct: 3,
  },
  { text: 'What is the capital of Samoa?', options: ['Palikir', 'Apia', 'Suva', 'Funafuti'], correct: 1 },
  {
    text: 'What is the capital of Tonga?',
    options: ['Ngerulmud', 'Port Vila', 'Funafuti', "Nuku'alofa"],
    correct: 3,
  },
  {
    text: 'What is the capital of Tuvalu?',
    options: ['Majuro', 'Wellington', 'Funafuti', 'Apia'],
    correct: 2,
  },
  {
    text: 'What is the capital of Micronesia?',
    options: ['Apia', "Nuku'alofa", 'Palikir', 'Ngerulmud'],
    correct: 2,
  },
  {
    text: 'What is the capital of Palau?',
    options: ['Ngerulmud', 'Wellington', 'Honiara', 'Canberra'],
    correct: 0,
  },
  {
    text: 'What is the capital of the Marshall Islands?',
    options: ['Majuro', "Nuku'alofa", 'Canberra', 'Ngerulmud'],
    correct: 0,
  },
  // Northern Europe
  {
    text: 'What is the capital of the United Kingdom?',
    options: ['Stockholm', 'Riga', 'Oslo', 'London'],
    correct: 3,
  },
  {
    text: 'What is the capital of Ireland?',
    options: ['Reykjavík', 'Riga', 'Stockholm', 'Dublin'],
    correct: 3,
  },
  {
    text: 'What is the capital of Iceland?',
    options: ['Oslo', 'Tallinn', 'Reykjavík', 'Dublin'],
    correct: 2,
  },
  {
    text: 'What is the capital of Norway?',
    options: ['Stockholm', 'Oslo', 'Helsinki', 'Reykjavík'],
    correct: 1,
  },
  {
    text: 'What is the capital of Sweden?',
    options: ['Dublin', 'Riga', 'Stockholm', 'Copenhagen'],
    correct: 2,
  },
  {
    text: 'What is the capital of Finland?',
    options: ['Stockholm', 'Helsinki', 'Reykjavík', 'Tallinn'],
    correct: 1,
  },
  {
    text: 'What is the capital of Denmark?',
    options: ['Helsinki', 'Copenhagen', 'Stockholm', 'Riga'],
    correct: 1,
  },
  { text: 'What is the capital of Estonia?', options: ['Tallinn', 'Riga', 'Oslo', 'Vilnius'], correct: 0 },
  {
    text: 'What is the capital of Latvia?',
    options: ['Stockholm', 'London', 'Copenhagen', 'Riga'],
    correct: 3,
  },
  {
    text: 'What is the capital of Lithuania?',
    options: ['Reykjavík', 'Tallinn', 'Vilnius', 'Helsinki'],
    correct: 2,
  },
  // Western Europe
  { text: 'What is the capital of France?', options: ['Vienna', 'Bern', 'Paris', 'Vaduz'], correct: 2 },
  { text: 'What is the capital of Germany?', options: ['Brussels', 'Bern', 'Berlin', 'Paris'], correct: 2 },
  {
    text: 'What is the capital of the Netherlands?',
    options: ['Amsterdam', 'Vaduz', 'Bern', 'Vienna'],
    correct: 0,
  },
  {
    text: 'What is the capital of Belgium?',
    options: ['Vaduz', 'Luxembourg', 'Brussels', 'Vienna'],
    correct: 2,
  },
  { text: 'What is the capital of Switzerland?', options: ['Monaco', 'Vaduz', 'Bern', 'Paris'], correct: 2 },
  {
    text: 'What is the capital of Austria?',
    options: ['Bern', 'Vienna', 'Berlin', 'Luxembourg'],
    correct: 1,
  },
  {
    text: 'What is the capital of Liechtenstein?',
    options: ['Brussels', 'Monaco', 'Vaduz', 'Amsterdam'],
    correct: 2,
  },
  // Southern Europe
  {
    text: 'What is the capital of Spain?',
    options: ['Madrid', 'Andorra la Vella', 'Sarajevo', 'Tirana'],
    correct: 0,
  },
  {
    text: 'What is the capital of Portugal?',
    options: ['Tirana', 'Lisbon', 'Valletta', 'Zagreb'],
    correct: 1,
  },
  {
    text: 'What is the capital of Italy?',
    options: ['Zagreb', 'Tirana', 'Vatican City', 'Rome'],
    correct: 3,
  },
  { text: 'What is the capital of Greece?', options: ['Athens', 'Belgrade', 'Skopje', 'Madrid'], correct: 0 },
  {
    text: 'What is the capital of Malta?',
    options: ['San Marino', 'Valletta', 'Skopje', 'Athens'],
    correct: 1,
  },
  {
    text: 'What is the capital of Slovenia?',
    options: ['Ljubljana', 'Podgorica', 'Valletta', 'Zagreb'],
    correct: 0,
  },
  {
    text: 'What is the capital of Croatia?',
    options: ['Sarajevo', 'Zagreb', 'Athens', 'Valletta'],
    correct: 1,
  },
  {
    text: 'What is the capital of Bosnia and Herzegovina?',
    options: ['Athens', 'Rome', 'Podgorica', 'Sarajevo'],
    correct: 3,
  },
  {
    text: 'What is the capital of Serbia?',
    options: ['Skopje', 'Sarajevo', 'Madrid', 'Belgrade'],
    correct: 3,
  },
  {
    text: 'What is the capital of Montenegro?',
    options: ['Zagreb', 'Podgorica', 'Vatican City', 'Sarajevo'],
    correct: 1,
  },
  {
    text: 'What is the capital of North Macedonia?',
    options: ['Andorra la Vella', 'Athens', 'Madrid', 'Skopje'],
    correct: 3,
  },
  {
    text: 'What is the capital of Albania?',
    options: ['Tirana', 'Podgorica', 'Andorra la Vella', 'Zagreb'],
    correct: 0,
  },
  // Eastern Europe
  {
    text: 'What is the capital of Poland?',
    options: ['Bratislava', 'Chișinău', 'Bucharest', 'Warsaw'],
    correct: 3,
  },
  {
    text: 'What is the capital of Czechia?',
    options: ['Budapest', 'Bratislava', 'Prague', 'Minsk'],
    correct: 2,
  },
  {
    text: 'What is the capital of Slovakia?',
    options: ['Bratislava', 'Prague', 'Bucharest', 'Budapest'],
    correct: 0,
  },
  { text: 'What is the capital of Hungary?', options: ['Kyiv', 'Sofia', 'Budapest', 'Minsk'], correct: 2 },
  {
    text: 'What is the capital of Romania?',
    options: ['Bucharest', 'Warsaw', 'Bratislava', 'Budapest'],
    correct: 0,
  },
  {
    text: 'What is the capital of Bulgaria?',
    options: ['Moscow', 'Sofia', 'Chișinău', 'Budapest'],
    correct: 1,
  },
  { text: 'What is the capital of Moldova?', options: ['Chișinău', 'Minsk', 'Sofia', 'Moscow'], correct: 0 },
  { text: 'What is the capital of Ukraine?', options: ['Bratislava', 'Kyiv', 'Minsk', 'Sofia'], correct: 1 },
  { text: 'What is the capital of Belarus?', options: ['Sofia', 'Minsk', 'Warsaw', 'Chișinău'], correct: 1 },
  {
    text: 'What is the capital of Russia?',
    options: ['Warsaw', 'Bucharest', 'Moscow', 'Bratislava'],
    correct: 2,
  },
  // North and Central America
  {
    text: 'What is the capital of Canada?',
    options: ['Guatemala City', 'Tegucigalpa', 'Ottawa', 'Managua'],
    correct: 2,
  },
  {
    text: 'What is the capital of the United States?',
    options: ['Tegucigalpa', 'Guatemala City', 'Ottawa', 'Washington, D.C.'],
    correct: 3,
  },
  {
    text: 'What is the capital of Belize?',
    options: ['San Salvador', 'Panama City', 'Belmopan', 'Ottawa'],
    correct: 2,
  },
  {
    text: 'What is the capital of Honduras?',
    options: ['Panama City', 'Tegucigalpa', 'Guatemala City', 'Washington, D.C.'],
    correct: 1,
  },
  {
    text: 'What is the capital of El Salvador?',
    options: ['San Salvador', 'Tegucigalpa', 'Mexico City', 'San José'],
    correct: 0,
  },
  {
    text: 'What is the capital of Nicaragua?',
    options: ['Tegucigalpa', 'Guatemala City', 'Ottawa', 'Managua'],
    correct: 3,
  },
  {
    text: 'What is the capital of Costa Rica?',
    options: ['San José', 'Belmopan', 'San Salvador', 'Ottawa'],
    correct: 0,
  },
  // Caribbean
  {
    text: 'What is the capital of Cuba?',
    options: ['Castries', "Saint John's", 'Nassau', 'Havana'],
    correct: 3,
  },
  {
    text: 'What is the capital of Jamaica?',
    options: ["Saint George's", 'Port-au-Prince', 'Kingston', 'Basseterre'],
    correct: 2,
  },
  {
    text: 'What is the capital of Haiti?',
    options: ['Kingston', "Saint John's", 'Port-au-Prince', "Saint George's"],
    correct: 2,
  },
  {
    text: 'What is the capital of the Dominican Republic?',
    options: ['Basseterre', 'Santo Domingo', "Saint George's", 'Port-au-Prince'],
    correct: 1,
  },
  {
    text: 'What is the capital of the Bahamas?',
    options: ['Nassau', 'Roseau', 'Basseterre', "Saint George's"],
    correct: 0,
  },
  {
    text: 'What is the capital of Barbados?',
    options: ['Nassau', 'Bridgetown', "Saint John's", 'Santo Domingo'],
    correct: 1,
  },
  {
    text: 'What is the capital of Trinidad and Tobago?',
    options: ['Port of Spain', 'Santo Domingo', 'Kingstown', 'Nassau'],
    correct: 0,
  },
  {
    text: 'What is the capital of Grenada?',
    options: ['Castries', 'Roseau', 'Port of Spain', "Saint George's"],
    correct: 3,
  },
  {
    text: 'What is the capital of Saint Lucia?',
    options: ['Havana', 'Kingston', "Saint George's", 'Castries'],
    correct: 3,
  },
  {
    text: 'What is the capital of Saint Vincent and the Grenadines?',
    options: ['Basseterre', 'Kingstown', 'Port-au-Prince', "Saint John's"],
    correct: 1,
  },
  {
    text: 'What is the capital of Dominica?',
    options: ['Nassau', "Saint John's", 'Roseau', "Saint George's"],
    correct: 2,
  },
  {
    text: 'What is the capital of Antigua and Barbuda?',
    options: ["Saint John's", 'Castries', 'Nassau', 'Havana'],
    correct: 0,
  },
  {
    text: 'What is the capital of Saint Kitts and Nevis?',
    options: ['Nassau', 'Basseterre', 'Santo Domingo', 'Kingston'],
    correct: 1,
  },
  // South America
  { text: 'What is the capital of Brazil?', options: ['Asunción', 'Lima', 'Quito', 'Brasília'], correct: 3 },
  {
    text: 'What is the capital of Argentina?',
    options: ['Quito', 'Buenos Aires', 'Paramaribo', 'Caracas'],
    correct: 1,
  },
  {
    text: 'What is the capital of Chile?',
    options: ['Asunción', 'Santiago', 'Brasília', 'Sucre'],
    correct: 1,
  },
  {
    text: 'What is the capital of Peru?',
    options: ['Paramaribo', 'Buenos Aires', 'Lima', 'Quito'],
    correct: 2,
  },
  {
    text: 'What is the capital of Bolivia?',
    options: ['Santiago', 'Bogotá', 'Paramaribo', 'Sucre'],
    correct: 3,
  },
  {
    text: 'What is the capital of Colombia?',
    options: ['Bogotá', 'Lima', 'Montevideo', 'Sucre'],
    correct: 0,
  },
  {
    text: 'What is the capital of Venezuela?',
    options: ['Caracas', 'Lima', 'Sucre', 'Buenos Aires'],
    correct: 0,
  },
  {
    text: 'What is the capital of Ecuador?',
    options: ['Sucre', 'Buenos Aires', 'Quito', 'Montevideo'],
    correct: 2,
  },
  {
    text: 'What is the capital of Paraguay?',
    options: ['Asunción', 'Quito', 'Sucre', 'Montevideo'],
    correct: 0,
  },
  {
    text: 'What is the capital of Uruguay?',
    options: ['Montevideo', 'Bogotá', 'Quito', 'Paramaribo'],
    correct: 0,
  },
  {
    text: 'What is the capital of Guyana?',
    options: ['Georgetown', 'Sucre', 'Montevideo', 'Lima'],
    correct: 0,
  },
  {
    text: 'What is the capital of Suriname?',
    options: ['Sucre', 'Paramaribo', 'Lima', 'Buenos Aires'],
    correct: 1,
  },
];
