// The data export screens.
export const en = {
  'dataExport.title': 'Your data',
  'dataExport.body':
    'Download everything Jamii holds about you: your profile, posts, messages, jobs, bids, offers, reviews and more, with your pictures, videos and CVs, in one zip file.',
  'dataExport.button': 'Download my data',
  'dataExport.busy': 'Downloading...',
  'dataExport.preparing': 'Preparing your data...',
  'dataExport.downloading': 'Downloading your data...',
  'dataExport.progress': 'Downloading your data: {percent}%',
  'dataExport.done': 'Your data is downloaded: {file}',
  'dataExport.failed': 'Your data could not be downloaded. Please try again.',
} as const;

export const sw: { readonly [K in keyof typeof en]: string } = {
  'dataExport.title': 'Data yako',
  'dataExport.body':
    'Pakua kila kitu Jamii inachohifadhi kukuhusu: wasifu, machapisho, ujumbe, kazi, zabuni, ofa, tathmini na zaidi, pamoja na picha, video na CV zako, katika faili moja la zip.',
  'dataExport.button': 'Pakua data yangu',
  'dataExport.busy': 'Inapakua...',
  'dataExport.preparing': 'Tunaandaa data yako...',
  'dataExport.downloading': 'Data yako inapakuliwa...',
  'dataExport.progress': 'Data yako inapakuliwa: {percent}%',
  'dataExport.done': 'Data yako imepakuliwa: {file}',
  'dataExport.failed': 'Data yako haikuweza kupakuliwa. Tafadhali jaribu tena.',
};
