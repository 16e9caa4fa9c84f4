/** Kiswahili for the keys added with the newest features (data saver, offline, phones and places). */
export const swNew: Record<string, string> = {
  'language.label': 'Lugha',
  'language.en': 'English',
  'language.sw': 'Kiswahili',
  'language.saveFailed': 'Lugha yako haikuweza kuhifadhiwa. Jaribu tena.',
  'language.settingsTitle': 'Lugha',
  'language.settingsHint': 'Kurasa, arifa na barua pepe zitakufikia kwa lugha hii.',
  'error.timeout':
    'Mtandao ni wa polepole mno: jibu halikufika kwa wakati. Angalia data au Wi-Fi yako kisha ujaribu tena.',
  'offline.banner': 'Huna mtandao',
  'offline.bannerHint':
    'Unaona kilichopakiwa mara ya mwisho. Unachokiunda kinahifadhiwa kwenye simu yako na kitatumwa mtandao ukirudi.',
  'outbox.saved': 'Imehifadhiwa kwenye simu yako; itatumwa mtandao ukirudi',
  'outbox.sent': 'Imetumwa',
  'outbox.refused': 'Haikuweza kutumwa: {reason}',
  'outbox.title': '{count, plural, one {# inasubiri kutumwa} other {# zinasubiri kutumwa}}',
  'outbox.waiting': 'Inasubiri kutumwa',
  'outbox.sendNow': 'Tuma sasa',
  'outbox.kind.post': 'Chapisho',
  'outbox.kind.job': 'Kazi',
  'outbox.kind.bid': 'Zabuni',
  'outbox.kind.offer': 'Ofa',
  'outbox.kind.message': 'Ujumbe',
  'outbox.kind.like': 'Kupenda',
  'outbox.kind.comment': 'Maoni',
  'dataSaver.title': 'Kiokoa data',
  'dataSaver.switch': 'Okoa data kwenye kifaa hiki',
  'dataSaver.explain':
    'Picha hupakiwa tu unapozigusa, video hazipakui chochote hadi ubonyeze kucheza wala hazianzi zenyewe, na masasisho ya moja kwa moja husimama Jamii ikiwa nyuma. Unaona ukubwa wa kila picha na video kabla ya kutumia data yako.',
  'dataSaver.deviceOnly': 'Chaguo hili linahifadhiwa kwenye simu au kompyuta hii tu.',
  'dataSaver.startedOn':
    'Kimewashwa kwa ajili yako kwa sababu kivinjari chako kiliomba kuokoa data au mtandao wako ni wa polepole.',
  'dataSaver.tapToLoad': 'Gusa ili kupakia · {size}',
  'dataSaver.tapToLoadPicture': 'Gusa ili kupakia picha',
  'dataSaver.fullSize': 'Ukubwa kamili · {size}',
  'dataSaver.fullSizeUnknown': 'Ukubwa kamili',
  'dataSaver.videoSize': 'Video · {size}',
  'phone.label': 'Nambari ya simu (si lazima)',
  'phone.hint':
    'Nambari ya simu ya mkononi ya Kenya, k.m. 0712 345 678. Ni wewe tu utakayeiona, isipokuwa uchague kuionyesha.',
  'phone.placeholder': '0712 345 678',
  'phone.show': 'Onyesha nambari yangu ya simu kwenye wasifu wangu',
  'phone.onlyYou': 'Ni wewe tu unayeiona nambari yako',
  'phone.whatsapp': 'WhatsApp',
  'phone.whatsappLabel': 'WhatsApp {number}',
  'places.countyLabel': 'Kaunti',
  'places.allCounties': 'Kaunti zote',
  'discover.countyNote': 'Kaunti huchuja Watu wa Kuungana Nao, Kazi na Wanaoajiri.',
  'video.processing': 'Inachakatwa…',
  'video.processingHint':
    'Tunatengeneza nakala nyepesi kwa mitandao ya polepole. Video yako tayari inacheza.',
  'privacy.link': 'Taarifa ya faragha',
  'privacy.signupAccept': 'Kwa kujisajili unakubali',
  'privacy.signupLink': 'taarifa ya faragha',
  'privacy.title': 'Taarifa ya faragha',
  'privacy.version': 'Toleo {version}',
  'privacy.summary':
    'Jamii huhifadhi tu kinachohitajika kukuendeshea mtandao, haiuzi data yako kamwe, na hukuwezesha kuiona, kuirekebisha, kuichukua na kuifuta mwenyewe. Taarifa hii inaeleza tunachokusanya, kwa nini, kwa muda gani, na jinsi ya kutumia haki zako chini ya Sheria ya Ulinzi wa Data ya Kenya, 2019.',
  'privacy.who.heading': 'Sisi ni nani',
  'privacy.who.body':
    'Jamii ndiye msimamizi wa taarifa unazotupa. Kuwasiliana nasi kuhusu data yako, andika kwa barua pepe ya mawasiliano iliyo chini ya ukurasa wa mwanzo.',
  'privacy.collect.heading': 'Tunachokusanya',
  'privacy.collect.account':
    'Akaunti yako: jina la mtumiaji, jina kamili, anwani ya barua pepe, nenosiri (huhifadhiwa tu kama hashi isiyoweza kurudishwa), na unachochagua kuongeza: mahali, wasifu, kichwa, ujuzi, nambari ya simu na picha ya wasifu.',
  'privacy.collect.content':
    'Unachounda: machapisho na picha zake, maoni, vipendwa, unaowafuata, kazi, maombi ya kazi na CV, zabuni, ofa, huduma, video, ujumbe, tathmini, ripoti na uliowazuia.',
  'privacy.collect.technical':
    'Vipindi vya kuingia: kivinjari au simu uliyoingia nayo na lini, ili uweze kuviona na kuvimaliza. Kumbukumbu za seva huandika aina ya ombi na wakati wake tu, kamwe si maneno yako, nenosiri, tokeni wala viungo.',
  'privacy.collect.consent':
    'Rekodi ya ridhaa yako: toleo la taarifa hii ulilokubali ulipojisajili, na lini.',
  'privacy.why.heading': 'Kwa nini tunaitumia',
  'privacy.why.service':
    'Kuendesha huduma uliyojisajili kwayo: kuonyesha wasifu na machapisho yako, kufikisha ujumbe, ofa na maombi, na kukutumia arifa.',
  'privacy.why.safety':
    'Kuwalinda wanachama: maonyo ya utapeli, ripoti na usimamizi huangalia kinachochapishwa.',
  'privacy.why.email':
    'Kukutumia barua pepe kuhusu akaunti yako: kuthibitisha anwani, kubadilisha nenosiri na ilani za usalama.',
  'privacy.why.law': 'Kutii sheria, mamlaka inapotuomba kwa njia halali.',
  'privacy.why.never':
    'Hatuuzi data yako, hatuonyeshi matangazo kulingana nayo, wala hatuishiriki kwa matangazo ya mtu mwingine.',
  'privacy.sees.heading': 'Nani anaiona',
  'privacy.sees.public':
    'Kila mtu: jina lako, jina la mtumiaji, picha, mahali, wasifu, kichwa, ujuzi, machapisho, kazi, zabuni, huduma, video na tathmini. Nambari yako ya simu ikiwa tu umechagua kuionyesha.',
  'privacy.sees.private':
    'Wahusika tu: ujumbe wako (wewe na mwanachama mwingine), maombi yako ya kazi na CV (wewe na aliyetangaza kazi), barua pepe na mipangilio yako (wewe peke yako).',
  'privacy.sees.admins':
    'Wasimamizi wa Jamii, kushughulikia ripoti na kuweka mtandao salama; kila hatua yao inarekodiwa.',
  'privacy.sees.processors':
    'Watoa huduma wetu wa seva, hifadhi na barua pepe, wanaoshughulikia data kwa maelekezo yetu tu.',
  'privacy.keep.heading': 'Tunaihifadhi kwa muda gani',
  'privacy.keep.account':
    'Akaunti yako na unachounda: muda wote akaunti yako ipo, isipokuwa ukifuta kitu mapema.',
  'privacy.keep.deleted':
    'Ukifuta akaunti yako, tunafuta mara moja wasifu wako, kila ulichounda, faili zako, arifa ulizowasababishia wengine, na mazungumzo yako.',
  'privacy.keep.sessions':
    'Vipindi vya kuingia: hadi siku 30 ukichagua Nikumbuke; viungo vya kubadilisha nenosiri kwa saa moja; viungo vya kuthibitisha barua pepe kwa saa 48.',
  'privacy.keep.logs': 'Kumbukumbu za seva: si zaidi ya siku 30.',
  'privacy.keep.audit':
    'Rekodi za wasimamizi za walichofanya huhifadhiwa, bila jina lako wala maneno yako akaunti yako ikishafutwa.',
  'privacy.keep.email': 'Barua pepe zilizokwisha kufika kwenye sanduku la mtu haziwezi kurudishwa.',
  'privacy.rights.heading': 'Haki zako na jinsi ya kuzitumia',
  'privacy.rights.intro':
    'Sheria ya Ulinzi wa Data ya Kenya, 2019 inakupa haki hizi. Nyingi unaweza kuzitumia mwenyewe, wakati wowote, ndani ya Jamii:',
  'privacy.rights.informed': 'Kujulishwa: taarifa hii, daima kwenye /privacy.',
  'privacy.rights.access':
    'Kuona na kuhamisha data: Mipangilio, kisha Pakua data yangu hukupa faili moja lenye data yako yote na faili zako, kwa muundo ambao huduma nyingine zinaweza kusoma.',
  'privacy.rights.correction':
    'Kurekebisha: badilisha wasifu wako kwenye Mipangilio, na uhariri machapisho, kazi, zabuni na huduma zako.',
  'privacy.rights.erasure':
    'Kufuta: futa chapisho au kitu chochote, au akaunti yako yote kwenye Mipangilio, kisha Futa Akaunti.',
  'privacy.rights.objection':
    'Kupinga na kuzuia: zima arifa na barua pepe, ficha nambari yako ya simu, zuia wanachama, au tuandikie kupinga matumizi yoyote ya data yako.',
  'privacy.rights.complaint':
    'Malalamiko: usiporidhika na jibu letu, unaweza kulalamika kwa Ofisi ya Kamishna wa Ulinzi wa Data (www.odpc.go.ke).',
  'privacy.changes.heading': 'Mabadiliko ya taarifa hii',
  'privacy.changes.body':
    'Taarifa hii ikibadilika, toleo lake hubadilika na tunawajulisha wanachama ndani ya programu. Toleo ulilokubali huhifadhiwa pamoja na akaunti yako.',
  'privacy.back': 'Rudi Jamii',
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
