import type { MessageTable } from './localize';

// What a thing is called, and how "was not found" agrees with it (Kiswahili noun classes).
const NOT_FOUND: Record<string, string> = {
  Member: 'Mwanachama hakupatikana',
  Post: 'Chapisho halikupatikana',
  Job: 'Kazi haikupatikana',
  Bid: 'Zabuni haikupatikana',
  Offer: 'Ofa haikupatikana',
  Service: 'Huduma haikupatikana',
  Video: 'Video haikupatikana',
  Message: 'Ujumbe haukupatikana',
  Comment: 'Maoni hayakupatikana',
  Application: 'Ombi la kazi halikupatikana',
  CV: 'CV haikupatikana',
  Conversation: 'Mazungumzo hayakupatikana',
  Notification: 'Arifa haikupatikana',
  'Quiz round': 'Raundi ya chemsha bongo haikupatikana',
  Session: 'Kipindi hicho cha kuingia hakikupatikana',
  Item: 'Kipengee hakikupatikana',
  'Open report': 'Ripoti iliyo wazi haikupatikana',
  'Held item': 'Kipengee kilichozuiliwa hakikupatikana',
  Resource: 'Ulichotafuta hakikupatikana',
  Payment: 'Malipo hayakupatikana',
  'The job': 'Kazi hiyo haikupatikana',
  'The bid': 'Zabuni hiyo haikupatikana',
  'The offer': 'Ofa hiyo haikupatikana',
  'The service': 'Huduma hiyo haikupatikana',
  'The reported post': 'Chapisho lililoripotiwa halikupatikana',
  'The reported job': 'Kazi iliyoripotiwa haikupatikana',
  'The reported bid': 'Zabuni iliyoripotiwa haikupatikana',
  'The reported offer': 'Ofa iliyoripotiwa haikupatikana',
  'The reported service': 'Huduma iliyoripotiwa haikupatikana',
  'The reported video': 'Video iliyoripotiwa haikupatikana',
  'The reported member': 'Mwanachama aliyeripotiwa hakupatikana',
  'The reported message': 'Ujumbe ulioripotiwa haukupatikana',
  'The reported comment': 'Maoni yaliyoripotiwa hayakupatikana',
};

// An admin may hide only what has a hidden state; for the others the answer says to suspend.
const CANNOT_HIDE: Record<string, string> = {
  post: 'Chapisho haliwezi kufichwa; msimamishe mwandishi badala yake',
  job: 'Kazi haiwezi kufichwa; msimamishe aliyeichapisha badala yake',
  bid: 'Zabuni haiwezi kufichwa; msimamishe aliyeiweka badala yake',
  offer: 'Ofa haiwezi kufichwa; msimamishe aliyeitoa badala yake',
  service: 'Huduma haiwezi kufichwa; msimamishe mtoa huduma badala yake',
  video: 'Video haiwezi kufichwa; msimamishe aliyeipakia badala yake',
  member: 'Mwanachama hawezi kufichwa; msimamishe badala yake',
  message: 'Ujumbe hauwezi kufichwa; msimamishe aliyeutuma badala yake',
  comment: 'Maoni hayawezi kufichwa; msimamishe mwandishi badala yake',
};

/**
 * Kiswahili for the validation messages (packages/shared) and the server's answers (apps/server):
 * the English, exactly as written there, is the key; `{n}` stands for a number, `{name}` for a text
 * (see localize.ts). messages.sw.test.ts fails when a message has no entry here. A form's messages
 * keep their leading `*` (the specified screens).
 */
export const SW_MESSAGES: MessageTable = {
  // Sign-up, login and passwords (the specified screens).
  '*User name is required': '*Jina la mtumiaji linahitajika',
  '*At least {n} characters': '*Angalau herufi {n}',
  '*At most {n} characters': '*Herufi zisizidi {n}',
  '*{n}-{n} characters': '*Herufi {n} hadi {n}',
  '*Max {n} characters': '*Herufi zisizidi {n}',
  '*Password is required': '*Nenosiri linahitajika',
  '*Password too short': '*Nenosiri ni fupi mno',
  '*Needs an uppercase letter': '*Linahitaji herufi kubwa',
  '*Needs a lowercase letter': '*Linahitaji herufi ndogo',
  '*Needs a digit': '*Linahitaji tarakimu',
  '*Needs a special character': '*Linahitaji alama maalum, kama ! au #',
  '*Too common (avoid 123, abc, etc.)': '*Ni la kawaida mno (epuka 123, abc, n.k.)',
  '*Cannot contain name/username': '*Lisiwe na jina lako wala jina la mtumiaji',
  '*Email is required': '*Barua pepe inahitajika',
  '*Invalid email address': '*Anwani ya barua pepe si sahihi',
  'Invalid email address': 'Anwani ya barua pepe si sahihi',
  '*Personal email providers not allowed': '*Barua pepe za binafsi haziruhusiwi; tumia ya kazini',
  '*Must be a valid company email': '*Weka barua pepe halali ya kampuni',
  '*Must start with letter, can contain numbers/_': '*Lianze kwa herufi; linaweza kuwa na tarakimu na _',
  '*No double underscores': '*Usiweke __ mbili mfululizo',
  '*Cannot use admin, support, etc.': '*Huwezi kutumia admin, support, n.k.',
  '*Full name required': '*Jina kamili linahitajika',
  '*Only letters, spaces, apostrophes and hyphens': '*Herufi, nafasi, apostrofi na vistari tu',
  '*Only letters, spaces, commas and hyphens': '*Herufi, nafasi, koma na vistari tu',
  '*No excessive special characters': '*Alama maalum zimezidi',
  '*No URLs allowed': '*Viungo (URL) haviruhusiwi',
  '*Confirm password required': '*Thibitisha nenosiri',
  '*Must match password': '*Lazima lilingane na nenosiri',
  Required: 'Inahitajika',
  'Passwords must match': 'Manenosiri lazima yalingane',
  'Your password has been changed.': 'Nenosiri lako limebadilishwa.',
  'Your current password is not correct': 'Nenosiri lako la sasa si sahihi',
  'Invalid username or password': 'Jina la mtumiaji au nenosiri si sahihi',
  'That username is already taken': 'Jina hilo la mtumiaji tayari limechukuliwa',
  'An account with that email already exists': 'Tayari kuna akaunti yenye barua pepe hiyo',
  'That username or email is already taken': 'Jina hilo la mtumiaji au barua pepe hiyo tayari imechukuliwa',
  'Your session has ended. Please log in again.': 'Muda wako wa kuingia umeisha. Tafadhali ingia tena.',
  'Please log in to continue': 'Tafadhali ingia ili uendelee',
  'Please log in again': 'Tafadhali ingia tena',
  'Please log in to see the posts of people you follow':
    'Tafadhali ingia ili uone machapisho ya watu unaowafuata',
  'Your password has been reset. You can now log in with your new password.':
    'Nenosiri lako limewekwa upya. Sasa unaweza kuingia kwa nenosiri jipya.',
  'If an account uses that email, a password reset link is on its way. Check your inbox.':
    'Kama kuna akaunti inayotumia barua pepe hiyo, kiungo cha kuweka nenosiri upya kiko njiani. Angalia kikasha chako.',
  'This reset link is invalid or has expired. Please ask for a new one.':
    'Kiungo hiki cha kuweka nenosiri upya si sahihi au muda wake umekwisha. Tafadhali omba kipya.',
  'Your email is confirmed. Thank you!': 'Barua pepe yako imethibitishwa. Asante!',
  'We sent a new confirmation link to your email.':
    'Tumetuma kiungo kipya cha uthibitisho kwenye barua pepe yako.',
  'This confirmation link is invalid or has expired. Ask for a new one.':
    'Kiungo hiki cha uthibitisho si sahihi au muda wake umekwisha. Omba kipya.',
  'Your account is suspended': 'Akaunti yako imesimamishwa',
  'Your account is suspended: {reason}': 'Akaunti yako imesimamishwa: {reason}',
  'This request must come from the Jamii app': 'Ombi hili lazima litoke kwenye programu ya Jamii',

  // Profile (the specified validation rules) and phone.
  '*Each skill is {n} to {n} characters': '*Kila ujuzi uwe na herufi {n} hadi {n}',
  '*At most {n} skills': '*Ujuzi usizidi {n}',
  '*Skills must be a list': '*Ujuzi uwe orodha',
  '*Choose whether to show your phone number': '*Chagua kama nambari yako ya simu ionekane',
  '*Enter a Kenyan phone number, e.g. 0712 345 678': '*Weka nambari ya simu ya Kenya, mf. 0712 345 678',
  "Choose one of Kenya's {n} counties": 'Chagua mojawapo ya kaunti {n} za Kenya',
  'Please choose a picture': 'Tafadhali chagua picha',
  'Please choose an image file (JPEG, PNG, WebP, GIF or HEIC)':
    'Tafadhali chagua faili la picha (JPEG, PNG, WebP, GIF au HEIC)',
  'Must not contain a NUL character': 'Maandishi yasiwe na herufi NUL',
  'Must not contain a broken character': 'Maandishi yasiwe na herufi iliyovunjika',
  'The request is nested too deeply': 'Ombi lina viwango vingi mno vya ndani',

  // Posts, comments, topics.
  'Post text is required': 'Andika chapisho lako',
  'Post text can be at most {n} characters': 'Chapisho lisizidi herufi {n}',
  'Title can be at most {n} characters': 'Kichwa kisizidi herufi {n}',
  'Comment is required': 'Andika maoni yako',
  'Comment can be at most {n} characters': 'Maoni yasizidi herufi {n}',
  'A topic is at most {n} characters': 'Mada isizidi herufi {n}',
  'A topic is letters, digits and underscores': 'Mada ina herufi, tarakimu na _ tu',
  'feed is all or following': 'feed iwe all au following',
  'You can only reply to a comment on this post': 'Unaweza kujibu maoni ya chapisho hili tu',
  'You are commenting too fast. Please wait a moment.': 'Unatoa maoni haraka mno. Tafadhali subiri kidogo.',

  // Jobs and applications (the specified fields, docs/design.md#job-applications).
  'Job title is required': 'Jina la kazi linahitajika',
  'Job title can be at most {n} characters': 'Jina la kazi lisizidi herufi {n}',
  'Company can be at most {n} characters': 'Jina la kampuni lisizidi herufi {n}',
  'Location can be at most {n} characters': 'Mahali: herufi zisizidi {n}',
  'Type can be at most {n} characters': 'Aina ya kazi: herufi zisizidi {n}',
  'Description can be at most {n} characters': 'Maelezo yasizidi herufi {n}',
  'Salary can be at most {n} characters': 'Mshahara: herufi zisizidi {n}',
  'Minimum salary must be a number': 'Mshahara wa chini uwe namba',
  'Minimum salary cannot be negative': 'Mshahara wa chini hauwezi kuwa chini ya sifuri',
  'Minimum salary is too large': 'Mshahara wa chini ni mkubwa mno',
  'Minimum salary can have at most {n} decimals': 'Mshahara wa chini usiwe na zaidi ya desimali {n}',
  'Maximum salary must be a number': 'Mshahara wa juu uwe namba',
  'Maximum salary cannot be negative': 'Mshahara wa juu hauwezi kuwa chini ya sifuri',
  'Maximum salary is too large': 'Mshahara wa juu ni mkubwa mno',
  'Maximum salary can have at most {n} decimals': 'Mshahara wa juu usiwe na zaidi ya desimali {n}',
  'Maximum salary cannot be less than the minimum': 'Mshahara wa juu hauwezi kuwa chini ya mshahara wa chini',
  'Choose hour, day, week, month or project': 'Chagua saa, siku, wiki, mwezi au mradi',
  'Expires in must be a number of days': 'Muda wa kufungwa uwe idadi ya siku',
  'Expires in must be a whole number of days': 'Muda wa kufungwa uwe idadi kamili ya siku',
  'Expires in must be at least {n} day': 'Muda wa kufungwa uwe angalau siku {n}',
  'Expires in can be at most {n} days': 'Muda wa kufungwa usizidi siku {n}',
  'Status must be open or closed': 'Hali iwe open au closed',
  'At most {n} characters': 'Herufi zisizidi {n}',
  'Message can be at most {n} characters': 'Ujumbe usizidi herufi {n}',
  'Message is required': 'Ujumbe unahitajika',
  'Message is too long': 'Ujumbe ni mrefu mno',
  'You can only edit your own jobs': 'Unaweza kuhariri kazi zako tu',
  'You can only delete your own jobs': 'Unaweza kufuta kazi zako tu',
  'This job has expired: choose how many more days it stays open':
    'Muda wa kazi hii umekwisha: chagua itakaa wazi kwa siku ngapi zaidi',
  'This job is closed and takes no more applications': 'Kazi hii imefungwa na haipokei maombi tena',
  'You cannot apply for your own job': 'Huwezi kuomba kazi uliyoichapisha wewe mwenyewe',
  'You have already applied for this job': 'Tayari umeomba kazi hii',
  'Status must be viewed, shortlisted, rejected, hired or withdrawn':
    'Hali iwe viewed, shortlisted, rejected, hired au withdrawn',
  'Unknown status': 'Hali hiyo haijulikani',
  'The poster can set viewed, shortlisted, rejected or hired':
    'Aliyechapisha kazi anaweza kuweka viewed, shortlisted, rejected au hired',
  'You can only withdraw your application': 'Unaweza kuondoa ombi lako tu',
  'This application was withdrawn': 'Ombi hili liliondolewa',
  'This application was changed meanwhile': 'Ombi hili limebadilishwa wakati huohuo',
  'Only the job’s poster and the applicant can change this application':
    'Ni aliyechapisha kazi na mwombaji tu wanaoweza kubadilisha ombi hili',
  'Only the job’s poster can see its applications': 'Ni aliyechapisha kazi tu anayeweza kuona maombi yake',
  'Only the job’s poster and the applicant can read this CV':
    'Ni aliyechapisha kazi na mwombaji tu wanaoweza kusoma CV hii',
  'The CV must be a PDF file': 'CV lazima iwe faili la PDF',
  'The CV can be at most {n} MB': 'CV isizidi MB {n}',

  // Bids and offers (the specified API calls, docs/design.md#offers-that-behave-like-a-marketplace).
  'Max price is required': 'Bei ya juu inahitajika',
  'Max price must be more than {n}': 'Bei ya juu lazima iwe zaidi ya {n}',
  'Max price is too large': 'Bei ya juu ni kubwa mno',
  'Max price can have at most {n} decimals': 'Bei ya juu isiwe na zaidi ya desimali {n}',
  'Price is required': 'Bei inahitajika',
  'Price must be more than {n}': 'Bei lazima iwe zaidi ya {n}',
  'Price is too large': 'Bei ni kubwa mno',
  'Price can have at most {n} decimals': 'Bei isiwe na zaidi ya desimali {n}',
  'Price cannot be negative': 'Bei haiwezi kuwa chini ya sifuri',
  'Currency must be KES or USD': 'Sarafu iwe KES au USD',
  'Delivery days must be a number': 'Siku za kukamilisha ziwe namba',
  'Delivery days must be a whole number': 'Siku za kukamilisha ziwe namba kamili',
  'Delivery days must be between {n} and {n}': 'Siku za kukamilisha ziwe kati ya {n} na {n}',
  'Bid is required': 'Zabuni inahitajika',
  'Bid Submitted': 'Zabuni imetumwa',
  'This bid no longer accepts offers': 'Zabuni hii haipokei ofa tena',
  'This bid is already completed': 'Zabuni hii tayari imekamilika',
  'An offer has already been accepted for this bid': 'Tayari ofa imekubaliwa kwenye zabuni hii',
  'You already have an offer on this bid: edit or withdraw it instead':
    'Tayari una ofa kwenye zabuni hii: ihariri au uiondoe badala yake',
  'Only a pending offer on an Open bid can be changed':
    'Ni ofa inayosubiri kwenye zabuni iliyo wazi tu inayoweza kubadilishwa',
  'Only its author can change an offer': 'Ni aliyetoa ofa tu anayeweza kuibadilisha',
  'Only the bid’s owner can edit it': 'Ni mwenye zabuni tu anayeweza kuihariri',
  'Only the bid’s owner or an admin can delete it': 'Ni mwenye zabuni au msimamizi tu anayeweza kuifuta',
  'Only the bid’s owner can mark it completed': 'Ni mwenye zabuni tu anayeweza kuiweka kuwa imekamilika',
  'Only the bid’s owner can accept an offer': 'Ni mwenye zabuni tu anayeweza kukubali ofa',
  'A bid can be edited only while it is Open': 'Zabuni inaweza kuhaririwa tu ikiwa bado iko wazi',
  'The currency cannot change once offers are placed': 'Sarafu haiwezi kubadilishwa baada ya ofa kutolewa',
  'Max price cannot be less than an offer already placed ({price})':
    'Bei ya juu haiwezi kuwa chini ya ofa iliyokwisha tolewa ({price})',
  'Accept an offer before marking the bid completed': 'Kubali ofa kabla ya kuweka zabuni kuwa imekamilika',
  'Price cannot be more than the max price of {price}': 'Bei isizidi bei ya juu ya {price}',
  'You cannot place an offer on your own bid': 'Huwezi kutoa ofa kwenye zabuni yako mwenyewe',

  // Services.
  'Service title is required': 'Jina la huduma linahitajika',
  'Service title can be at most {n} characters': 'Jina la huduma lisizidi herufi {n}',
  'You can only edit your own services': 'Unaweza kuhariri huduma zako tu',
  'Only the service’s provider or an admin can delete it': 'Ni mtoa huduma au msimamizi tu anayeweza kuifuta',

  // Reviews (docs/design.md#reviews).
  'Choose a rating from {n} to {n} stars': 'Chagua nyota {n} hadi {n}',
  'Review can be at most {n} characters': 'Tathmini isizidi herufi {n}',
  'Name either the bid or the job application you are reviewing':
    'Taja zabuni au ombi la kazi unalotathmini, moja tu',
  'You have already reviewed this deal': 'Tayari umeyatathmini makubaliano haya',
  'Only the two parties of a deal can review it': 'Ni pande mbili za makubaliano tu zinazoweza kuyatathmini',
  'A bid can be reviewed once its owner marks it completed':
    'Zabuni inaweza kutathminiwa mwenye zabuni akishaiweka kuwa imekamilika',
  'A job application can be reviewed once its member is hired':
    'Ombi la kazi linaweza kutathminiwa mwombaji akishaajiriwa',

  // Videos.
  'Video title is required': 'Kichwa cha video kinahitajika',
  'Video title can be at most {n} characters': 'Kichwa cha video kisizidi herufi {n}',
  'Please choose a video': 'Tafadhali chagua video',
  'Please choose a video file (MP4 or WebM)': 'Tafadhali chagua faili la video (MP4 au WebM)',
  'This video format does not play on most phones. Please upload an MP4 (H.264) or WebM (VP9) video':
    'Video ya aina hii haichezi kwenye simu nyingi. Tafadhali pakia video ya MP4 (H.264) au WebM (VP9)',
  'Video uploads are not available on this server right now':
    'Kupakia video hakuwezekani kwenye seva hii kwa sasa',
  'You can only delete your own videos': 'Unaweza kufuta video zako tu',
  'user_id must be a number': 'user_id iwe namba',
  'user_id must be a whole number': 'user_id iwe namba kamili',
  'user_id must be positive': 'user_id iwe namba chanya',
  'user_id is too large': 'user_id ni kubwa mno',

  // Messages (conversations) and blocks.
  'Username is required': 'Jina la mtumiaji linahitajika',
  'Username is too long': 'Jina la mtumiaji ni refu mno',
  'Unknown context': 'Muktadha huo haujulikani',
  'A context needs both its type and its id': 'Muktadha unahitaji aina yake na kitambulisho chake',
  'client_id must not be empty': 'client_id isiwe tupu',
  'client_id can be at most {n} characters': 'client_id isizidi herufi {n}',
  'This client_id was already used in another conversation':
    'client_id hii tayari imetumika kwenye mazungumzo mengine',
  'You cannot message yourself': 'Huwezi kujitumia ujumbe',
  'You are sending messages too fast. Please wait a moment.':
    'Unatuma jumbe haraka mno. Tafadhali subiri kidogo.',
  'You have started too many conversations. Please try again later.':
    'Umeanzisha mazungumzo mengi mno. Tafadhali jaribu tena baadaye.',
  'You cannot do this: one of you has blocked the other': 'Huwezi kufanya hivi: mmoja wenu amemzuia mwenzake',
  'You cannot block yourself': 'Huwezi kujizuia mwenyewe',

  // People, profiles, notifications.
  'You cannot follow yourself': 'Huwezi kujifuata mwenyewe',
  'Not a member id or username': 'Hiki si kitambulisho wala jina la mtumiaji la mwanachama',
  'You can only edit your own profile': 'Unaweza kuhariri wasifu wako tu',
  'You can only change your own picture': 'Unaweza kubadilisha picha yako tu',
  'You can only delete your own account': 'Unaweza kufuta akaunti yako tu',
  'You can only download your own data': 'Unaweza kupakua data yako tu',
  'You can only edit your own posts': 'Unaweza kuhariri machapisho yako tu',
  'You can only delete your own posts': 'Unaweza kufuta machapisho yako tu',
  'Only its author, the post’s owner or an admin can delete a comment':
    'Ni mwandishi wa maoni, mwenye chapisho au msimamizi tu anayeweza kufuta maoni',
  'You can only see your own notifications': 'Unaweza kuona arifa zako tu',
  'You can only write notifications to yourself': 'Unaweza kujiandikia arifa wewe mwenyewe tu',

  // Quiz (the specified states).
  'Please select an answer': 'Tafadhali chagua jibu',
  'An answer is the index of an option': 'Jibu ni nambari ya mojawapo ya machaguo',
  'Answer all {n} questions': 'Jibu maswali yote {n}',
  'A round has at least one question': 'Raundi ina angalau swali moja',
  'Score must be a whole number': 'Alama ziwe namba kamili',
  'Score cannot be negative': 'Alama haziwezi kuwa chini ya sifuri',
  'Score cannot exceed the total': 'Alama haziwezi kuzidi jumla',
  'Total must be a whole number': 'Jumla iwe namba kamili',
  'This round has already been answered': 'Raundi hii tayari imejibiwa',
  'This round has expired. Please start a new one.': 'Muda wa raundi hii umekwisha. Tafadhali anza nyingine.',
  'Scores are worked out by the server: answer a round from POST /api/quiz/rounds':
    'Alama huhesabiwa na seva: jibu raundi kupitia POST /api/quiz/rounds',

  // Reports and moderation (docs/design.md#trust-and-safety).
  'Choose what you are reporting': 'Chagua unachoripoti',
  'Choose a reason': 'Chagua sababu',
  'Give a reason': 'Toa sababu',
  'Keep the note under {n} characters': 'Maelezo yawe chini ya herufi {n}',
  'Keep the reason under {n} characters': 'Sababu iwe chini ya herufi {n}',
  'You already reported this': 'Tayari umeripoti hiki',
  'Choose dismiss, hide, remove or suspend_author': 'Chagua dismiss, hide, remove au suspend_author',
  'Role is member or admin': 'Nafasi iwe member au admin',
  'Only admins can do this': 'Ni wasimamizi tu wanaoweza kufanya hivi',
  'You cannot suspend yourself': 'Huwezi kujisimamisha mwenyewe',
  'You cannot change the role of yourself': 'Huwezi kubadilisha nafasi yako mwenyewe',
  'A member cannot be removed; suspend instead': 'Mwanachama hawezi kuondolewa; msimamishe badala yake',
  ...Object.fromEntries(
    Object.entries(CANNOT_HIDE).map(([noun, swahili]) => [
      `A ${noun} cannot be hidden; suspend instead`,
      swahili,
    ]),
  ),
  ...Object.fromEntries(Object.entries(NOT_FOUND).map(([what, swahili]) => [`${what} not found`, swahili])),

  // Requests, uploads, limits and the server itself.
  'You are not allowed to do this': 'Huruhusiwi kufanya hivi',
  // zod's own words, for a value no form sends (a client that skips the form).
  'Invalid input: expected {expected}, received {received}':
    'Taarifa si sahihi: ilitarajiwa {expected}, imepokelewa {received}',
  'Unrecognized key: {key}': 'Ufunguo usiojulikana: {key}',
  'Unrecognized keys: {keys}': 'Funguo zisizojulikana: {keys}',
  'Invalid input': 'Taarifa ulizoweka si sahihi',
  'Invalid value': 'Thamani si sahihi',
  'Invalid cursor': 'Kiungo cha ukurasa si sahihi',
  'This page link is not valid; start again from the first page':
    'Kiungo hiki cha ukurasa si sahihi; anza tena kutoka ukurasa wa kwanza',
  'limit must be a number': 'limit iwe namba',
  'limit must be a whole number': 'limit iwe namba kamili',
  'limit must be at least {n}': 'limit iwe angalau {n}',
  'limit must be at most {n}': 'limit isizidi {n}',
  'offset cannot be negative': 'offset haiwezi kuwa chini ya sifuri',
  'offset must be a number': 'offset iwe namba',
  'offset must be a whole number': 'offset iwe namba kamili',
  'offset is too large': 'offset ni kubwa mno',
  'No such API endpoint': 'Hakuna anwani hiyo ya API',
  'The address is too long': 'Anwani ni ndefu mno',
  'The address is not valid': 'Anwani si sahihi',
  'The request body is not valid JSON': 'Maudhui ya ombi si JSON halali',
  'The request body is empty': 'Maudhui ya ombi ni tupu',
  'The request is too large': 'Ombi ni kubwa mno',
  'The file is too large': 'Faili ni kubwa mno',
  'The file is too large (at most {n} MB)': 'Faili ni kubwa mno (isizidi MB {n})',
  'Too many files': 'Faili ni nyingi mno',
  'Expected a form': 'Fomu ilitarajiwa',
  'Expected a multipart form': 'Fomu ya multipart ilitarajiwa',
  'The form could not be read (no multipart boundary)': 'Fomu haikuweza kusomwa (haina mpaka wa multipart)',
  'The upload did not finish. Please try again': 'Upakiaji haukukamilika. Tafadhali jaribu tena',
  'The request took too long to arrive. Please try again':
    'Ombi lilichukua muda mrefu mno kufika. Tafadhali jaribu tena',
  'Your storage is full ({n} MB). Delete some videos or pictures to upload more.':
    'Hifadhi yako imejaa (MB {n}). Futa baadhi ya video au picha ili upakie zaidi.',
  'Idempotency-Key must be {n} to {n} printable characters':
    'Idempotency-Key iwe na herufi {n} hadi {n} zinazoweza kuchapishwa',
  'This Idempotency-Key was already used for a different request':
    'Idempotency-Key hii tayari imetumika kwa ombi jingine',
  'A request with this Idempotency-Key is still running': 'Ombi lenye Idempotency-Key hii bado linaendelea',
  'The request with this Idempotency-Key was carried out, but its answer was lost':
    'Ombi lenye Idempotency-Key hii lilitekelezwa, lakini jibu lake lilipotea',
  'Too many requests. Please try again later.': 'Maombi ni mengi mno. Tafadhali jaribu tena baadaye.',
  'Too many failed attempts. Try again in {n} minute.':
    'Majaribio mengi yameshindwa. Jaribu tena baada ya dakika {n}.',
  'Too many failed attempts. Try again in {n} minutes.':
    'Majaribio mengi yameshindwa. Jaribu tena baada ya dakika {n}.',
  'Too many attempts. Please wait a while and try again.':
    'Majaribio ni mengi mno. Tafadhali subiri kidogo kisha ujaribu tena.',
  'Too many uploads. Please wait a while and try again.':
    'Umepakia mara nyingi mno. Tafadhali subiri kidogo kisha ujaribu tena.',
  'Too many deletions. Please wait a while and try again.':
    'Umefuta mara nyingi mno. Tafadhali subiri kidogo kisha ujaribu tena.',
  'Too many downloads of your data. Please try again later.':
    'Umepakua data yako mara nyingi mno. Tafadhali jaribu tena baadaye.',
  'The service is briefly unavailable. Please try again in a moment.':
    'Huduma haipatikani kwa muda mfupi. Tafadhali jaribu tena baada ya muda mfupi.',
  'Something went wrong on our side. Please try again.':
    'Hitilafu imetokea upande wetu. Tafadhali jaribu tena.',

  // Job alerts and payments.
  'Job alert not found': 'Arifa ya kazi haikupatikana',
  'Test mode: no real money moves': 'Hali ya majaribio: hakuna pesa halisi zinazohamishwa',
  // USSD and its PIN.
  'Only the USSD and SMS gateway may call this': 'Lango la USSD na SMS pekee ndilo linaloweza kuita hili',
  'Choose a PIN of four digits': 'Chagua PIN ya tarakimu nne',
  'Enter your password to set the PIN': 'Weka nenosiri lako ili kuweka PIN',
  'That password is not right': 'Nenosiri hilo si sahihi',
  // Employer verification and the scam shield's new answers.
  'Choose company or agency': 'Chagua kampuni au wakala',
  'Enter the legal name as registered': 'Andika jina rasmi kama lilivyosajiliwa',
  'Enter a KRA PIN: A or P, nine digits and a letter (like P051234567X)':
    'Andika PIN ya KRA: A au P, tarakimu tisa na herufi moja (kama P051234567X)',
  'Enter the registration number': 'Andika namba ya usajili',
  'A recruitment agency needs its NEA licence number':
    'Wakala wa ajira anahitaji namba ya leseni yake ya NEA',
  'Attach the registration certificate as a PDF': 'Ambatisha cheti cha usajili kama PDF',
  'The document must be a PDF file': 'Hati lazima iwe faili la PDF',
  'The document can be at most 5 MB': 'Hati isizidi MB 5',
  'Your request is already waiting for an admin': 'Ombi lako tayari linasubiri msimamizi',
  'This request has already been decided': 'Ombi hili tayari limeamuliwa',
  'The note can be at most 500 characters': 'Maelezo yasizidi herufi 500',
  'Verification request not found': 'Ombi la uthibitisho halikupatikana',
  'Document not found': 'Hati haikupatikana',
  // Notification channels: push subscriptions and one-click unsubscribe.
  'This unsubscribe link is not valid': 'Kiungo hiki cha kujiondoa si sahihi',
  'This is not a push service’s address': 'Hii si anwani ya huduma ya arifa',
  'Endpoint must be a URL': 'Endpoint lazima iwe URL',
  'Endpoint is too long': 'Endpoint ni ndefu mno',
  'Must be base64url': 'Lazima iwe base64url',
  // Phones as identity.
  '*Phone number is required': '*Nambari ya simu inahitajika',
  '*Enter the six-digit code': '*Weka nambari ya tarakimu sita',
  'We sent a six-digit code to your phone.': 'Tumetuma nambari ya tarakimu sita kwa simu yako.',
  'That code is not correct': 'Nambari hiyo si sahihi',
  'This code has expired or was never sent. Ask for a new one.':
    'Nambari hii imeisha muda au haikutumwa. Omba mpya.',
  'Too many wrong codes. Ask for a new one.': 'Umekosea nambari mara nyingi mno. Omba mpya.',
  'Too many codes for this number. Try again in an hour.':
    'Nambari hii imeombewa misimbo mingi mno. Jaribu tena baada ya saa moja.',
  'That phone number is already used by another account':
    'Nambari hiyo ya simu tayari inatumiwa na akaunti nyingine',
  'Your phone verification has expired. Verify your number again.':
    'Uthibitisho wa simu yako umeisha muda. Thibitisha nambari yako tena.',
  'You sign in with this number. To change it, verify your new number in Settings.':
    'Unaingia kwa nambari hii. Ili uibadilishe, thibitisha nambari yako mpya kwenye Mipangilio.',
  'We could not send an SMS to that number': 'Hatukuweza kutuma SMS kwa nambari hiyo',
  // Job alerts.
  'You can keep at most {n} job alerts. Delete one to add another.':
    'Unaweza kuwa na arifa za kazi {n} tu. Futa moja ili uongeze nyingine.',
  'Choose instant or daily': 'Chagua papo hapo au kila siku',
  'Channels are push, email and sms': 'Njia ni push, barua pepe na sms',
  // Payments (M-Pesa).
  'Only the bid’s owner can pay for it': 'Ni mwenye zabuni pekee anayeweza kuilipia',
  'Accept an offer before paying for the bid': 'Kubali ofa kabla ya kulipia zabuni',
  'Only deals in Kenya shillings can be paid with M-Pesa':
    'Ni mikataba ya shilingi za Kenya pekee inayoweza kulipwa kwa M-Pesa',
  'This deal is already paid': 'Mkataba huu tayari umelipwa',
  'Enter the M-Pesa number to pay from': 'Weka nambari ya M-Pesa utakayolipa nayo',
  'M-Pesa could not be reached. Please try again in a moment.':
    'M-Pesa haikupatikana. Tafadhali jaribu tena baada ya muda mfupi.',
  'Only the two sides of the deal can cancel its payment':
    'Ni pande mbili za mkataba pekee zinazoweza kusitisha malipo yake',
  'Only money held for a deal can be refunded':
    'Ni pesa zilizoshikiliwa kwa mkataba pekee zinazoweza kurudishwa',
  'The other side must agree, or {n} days must pass without delivery, before you cancel':
    'Upande mwingine lazima ukubali, au siku {n} zipite bila kazi kuwasilishwa, kabla hujasitisha',
  'Only the two sides of the deal can dispute its payment':
    'Ni pande mbili za mkataba pekee zinazoweza kupinga malipo yake',
  'Only money held for a deal can be disputed':
    'Ni pesa zilizoshikiliwa kwa mkataba pekee zinazoweza kupingwa',
  'Only money held for a deal can be released or refunded':
    'Ni pesa zilizoshikiliwa kwa mkataba pekee zinazoweza kutolewa au kurudishwa',
  'The winner has no verified phone to receive the money':
    'Mshindi hana nambari ya simu iliyothibitishwa ya kupokea pesa',
  'Not an M-Pesa address': 'Hii si anwani ya M-Pesa',
  'Say what went wrong ({n} to {n} characters)': 'Eleza kilichoharibika (herufi {n} hadi {n})',
};
