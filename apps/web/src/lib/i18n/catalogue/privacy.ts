// The privacy screens.
export const en = {
  // Members' data rights (docs/features/your-data.md): the privacy notice and the data export.
  'privacy.link': 'Privacy notice',
  'privacy.signupAccept': 'By signing up you accept the',
  'privacy.signupLink': 'privacy notice',
  'privacy.title': 'Privacy notice',
  'privacy.version': 'Version {version}',
  'privacy.summary':
    'Jamii keeps only what it needs to run the network for you, never sells it, and lets you see, correct, take away and erase it yourself. This notice says what we collect, why, for how long, and how to use your rights under the Kenya Data Protection Act, 2019.',
  'privacy.who.heading': 'Who we are',
  'privacy.who.body':
    'Jamii is the data controller for the information you give it. To reach us about your data, write to the contact email at the foot of the home page.',
  'privacy.collect.heading': 'What we collect',
  'privacy.collect.account':
    'Your account: username, full name, email address, password (stored only as a one-way hash), and what you choose to add: location, bio, headline, skills, phone number and profile picture.',
  'privacy.collect.content':
    'What you create: posts and their pictures, comments, likes, follows, jobs, applications and CVs, bids, offers, services, videos, messages, reviews, reports and blocks.',
  'privacy.collect.technical':
    'Sessions: the browser or phone you signed in with and when, so you can see and end them. Server logs record which kind of request was made and when, never your words, passwords, tokens or links.',
  'privacy.collect.consent':
    'Your consent record: the version of this notice you accepted when you signed up, and when.',
  'privacy.why.heading': 'Why we use it',
  'privacy.why.service':
    'To run the service you signed up for: show your profile and posts, deliver messages, offers and applications, and send you notifications.',
  'privacy.why.safety':
    'To keep members safe: the scam warnings, reports and moderation look at what is posted.',
  'privacy.why.email':
    'To email you about your account: confirming your address, password resets and security notices.',
  'privacy.why.law': 'To meet the law, when an authority asks us in a lawful way.',
  'privacy.why.never':
    'We do not sell your data, show advertising based on it, or share it for anyone else’s marketing.',
  'privacy.sees.heading': 'Who sees it',
  'privacy.sees.public':
    'Everyone: your name, username, picture, location, bio, headline, skills, posts, jobs, bids, services, videos and reviews. Your phone number only if you choose to show it.',
  'privacy.sees.private':
    'Only the people involved: your messages (you and the other member), your applications and CVs (you and the job’s poster), your email address and settings (you alone).',
  'privacy.sees.admins':
    'Jamii’s moderators, to handle reports and keep the network safe; each of their actions is recorded.',
  'privacy.sees.processors':
    'Our hosting, storage and email providers, who handle data only on our instructions.',
  'privacy.keep.heading': 'How long we keep it',
  'privacy.keep.account':
    'Your account and what you create: for as long as your account exists, unless you delete an item earlier.',
  'privacy.keep.deleted':
    'When you delete your account, we erase at once your profile, everything you created, your files, the notifications you caused others, and your conversations.',
  'privacy.keep.sessions':
    'Sessions: up to 30 days with Remember me; password reset links for one hour; email confirmation links for 48 hours.',
  'privacy.keep.logs': 'Server logs: no longer than 30 days.',
  'privacy.keep.audit':
    'Moderators’ records of what they did are kept, without your name or words once your account is deleted.',
  'privacy.keep.email': 'Emails already delivered to someone’s inbox cannot be taken back.',
  'privacy.rights.heading': 'Your rights and how to use them',
  'privacy.rights.intro':
    'The Kenya Data Protection Act, 2019 gives you these rights. Most of them you can use yourself, at any time, in Jamii:',
  'privacy.rights.informed': 'To be informed: this notice, always at /privacy.',
  'privacy.rights.access':
    'Access and portability: Settings, then Download my data gives you one file with all your data and your own files, in a format other services can read.',
  'privacy.rights.correction':
    'Correction: change your profile in Settings, and edit your posts, jobs, bids and services.',
  'privacy.rights.erasure':
    'Erasure: delete any post or item, or your whole account in Settings, then Delete Account.',
  'privacy.rights.objection':
    'Objection and restriction: turn notifications and emails off, hide your phone number, block members, or write to us to object to any use of your data.',
  'privacy.rights.complaint':
    'Complaint: if you are not satisfied with our answer, you may complain to the Office of the Data Protection Commissioner (www.odpc.go.ke).',
  'privacy.changes.heading': 'Changes to this notice',
  'privacy.changes.body':
    'When this notice changes, its version changes and we tell members in the app. The version you accepted is kept with your account.',
  'privacy.back': 'Back to Jamii',
} as const;

export const sw: { readonly [K in keyof typeof en]: string } = {
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
};
