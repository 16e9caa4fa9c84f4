// The landing screens.
export const en = {
  'landing.signUp': 'Sign up',
  'landing.headline': 'Just that simple',
  'landing.description':
    'Jamii is your all-in-one space for people, jobs, bids and videos across Kenya. Connect, find work and win contracts in one place, with a game in development.',
  'landing.getStarted': 'Get Started',
  'landing.featuresTitle': 'Everything in one place',
  'landing.feature.jobs.title': 'Jobs',
  'landing.feature.jobs.body': 'Find work or hire people across Kenya.',
  'landing.feature.bids.title': 'Bids',
  'landing.feature.bids.body': 'Post a job with a maximum price and compare the offers you receive.',
  'landing.feature.videos.title': 'Videos',
  'landing.feature.videos.body': 'Watch and share short and long videos.',
  'landing.feature.quiz.title': 'Quiz',
  'landing.feature.quiz.body': 'Test your geography: name the capitals of the world.',
} as const;

export const sw: { readonly [K in keyof typeof en]: string } = {
  'landing.signUp': 'Jisajili',
  'landing.headline': 'Ni rahisi hivyo tu',
  'landing.description':
    'Jamii ni mahali pako pa kila kitu: watu, kazi, zabuni na video kote Kenya. Ungana na wengine, pata kazi na ushinde kandarasi mahali pamoja, na mchezo unaoandaliwa.',
  'landing.getStarted': 'Anza sasa',
  'landing.featuresTitle': 'Kila kitu mahali pamoja',
  'landing.feature.jobs.title': 'Kazi',
  'landing.feature.jobs.body': 'Tafuta kazi au uajiri watu kote Kenya.',
  'landing.feature.bids.title': 'Zabuni',
  'landing.feature.bids.body': 'Chapisha kazi pamoja na bei ya juu kabisa, kisha linganisha ofa unazopokea.',
  'landing.feature.videos.title': 'Video',
  'landing.feature.videos.body': 'Tazama na ushiriki video fupi na ndefu.',
  'landing.feature.quiz.title': 'Chemsha bongo',
  'landing.feature.quiz.body': 'Jipime jiografia: taja miji mikuu ya nchi za dunia.',
};
