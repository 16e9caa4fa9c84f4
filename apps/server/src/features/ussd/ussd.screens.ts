import { formatMoney, NameField, type Language } from '@jamii/shared';
import { asks, ends, fitList, fitText, type MenuNode, type Screen, USSD_SCREEN_MAX } from './ussd.menu';
import { fill, USSD_TEXTS, type UssdTexts } from './ussd.texts';
import type { PinCheck, UssdPorts } from './ussd.ports';

const PAGE = 5;
const MORE = '6';
const OTHER_COUNTY = '8';

/** The menu for one callback: the member's (or a visitor's) screens in their language. */
export function homeFor(ports: UssdPorts, lang: Language, site: string): MenuNode {
  const t = USSD_TEXTS[lang];
  const node = (show: MenuNode['show'], answer?: MenuNode['answer']): MenuNode => ({
    show,
    answer,
  });
  const pick = <T>(items: readonly T[], input: string): T | undefined =>
    /^[1-5]$/.test(input) ? items[Number(input) - 1] : undefined;

  /**
   * A list screen's data. Shown (the callback's last screen), it is loaded and what its answers
   * need (`kept`) is remembered for the session; answered on the way to a later screen, it is the
   * list the person saw, loaded again only when this process does not remember it.
   */
  const shownList = <T, K>(key: string, load: () => Promise<T>, kept: (value: T) => K) => {
    // Loaded at most once a callback: a screen shown again after an answer that is not a choice
    // shows what this callback loaded, and is remembered as such.
    let loaded: T | undefined;
    const loadOnce = async () => (loaded ??= await load());
    return {
      async forShow(at: number): Promise<T> {
        const value = await loadOnce();
        ports.shown.remember(at, key, kept(value));
        return value;
      },
      async forAnswer(at: number): Promise<K> {
        const seen = ports.shown.recall<K>(at, key);
        if (seen !== undefined) return seen;
        const value = kept(await loadOnce());
        ports.shown.remember(at, key, value);
        return value;
      },
    };
  };

  /** Asks for a new four-digit PIN twice, then `done` saves it (and whatever goes with it). */
  const choosePin = (confirmText: string, done: (pin: string) => Promise<Screen>): MenuNode =>
    node(
      () => asks(t.choosePin),
      (pin) =>
        /^\d{4}$/.test(pin)
          ? node(
              () => asks(confirmText),
              (again) => (again === pin ? done(pin) : ends(t.pinsDiffer)),
            )
          : undefined,
    );

  /**
   * Asks for the PIN, then acts (or asks what the act needs): a wrong PIN ends the session, so a
   * replay never counts it twice, and a right one is checked again on each replay of the session.
   * A member without a PIN sets one here with a code sent by SMS; that ends the session too (the
   * code is used), so the member dials again to act.
   */
  const withPin = (act: () => Promise<Screen | MenuNode> | MenuNode): MenuNode | Screen => {
    const member = ports.member;
    if (!member) return ends(fill(t.applyNeedsAccount, { site }));
    return {
      async show() {
        const state = await member.pinState();
        if (state !== 'unset') return asks(t.enterPin);
        const sent = await member.sendPinCode();
        if (sent === 'sent') return asks(t.pinCodeSent);
        return ends(sent === 'limited' ? t.pinCodeLimited : t.pinCodeFailed);
      },
      async answer(input) {
        if ((await member.pinState()) !== 'unset')
          // A six-digit answer is the SMS code of a PIN set meanwhile on the web: not a wrong PIN.
          return /^\d{6}$/.test(input) ? undefined : pinAnswer(t, await member.checkPin(input), act);
        if (!/^\d{6}$/.test(input)) return undefined;
        return choosePin(t.confirmPin, async (pin) => {
          const outcome = await member.setPinWithCode(input, pin);
          if (outcome === 'set') return ends(t.pinSet);
          return ends(outcome === 'wrong' ? t.pinCodeWrong : t.pinCodeExpired);
        });
      },
    };
  };

  /** A visitor's account by USSD: a name, a county and a PIN; the number is the gateway's. */
  const join = (): MenuNode => {
    const askName = (hint: string): MenuNode => ({
      show: () => asks(hint ? `${hint}\n${t.joinName}` : t.joinName),
      answer: (given) => {
        const name = NameField.safeParse(given);
        if (!name.success) return askName(t.badName);
        return node(
          () => asks(t.joinCounty),
          (text) => {
            const county = ports.findCounty(text);
            if (!county) return ends(fill(t.unknownCounty, { text: text.slice(0, 40) }));
            return choosePin(fill(t.joinConfirm, { site }), async (pin) => {
              const joined = await ports.join({ name: name.data, county, pin });
              if (joined === 'joined') return ends(fill(t.joined, { name: name.data.slice(0, 40), site }));
              return ends(joined === 'taken' ? t.joinTaken : t.joinKenyaOnly);
            });
          },
        );
      },
    });
    return askName('');
  };

  const jobDetail = (id: number): MenuNode =>
    node(
      async () => {
        const job = await ports.job(id);
        if (!job) return ends(t.jobGone);
        const pay = job.salary_min !== null ? formatMoney(job.salary_min, job.currency) : job.salary;
        const heading = `${job.title} - ${job.company || t.privateCompany}`.slice(0, 60);
        const facts = [job.location, job.type, pay].filter(Boolean).join(', ').slice(0, 50);
        return fitText({ before: [heading, facts], body: job.description, after: [t.jobActions, t.back] });
      },
      async (input) => {
        if (input === '1')
          return withPin(async () => {
            const outcome = await ports.member!.apply(id);
            if (outcome.kind === 'applied') return ends(fill(t.applied, { title: outcome.title }));
            return ends(outcome.kind === 'already' ? t.alreadyApplied : t.jobGone);
          });
        if (input === '2') {
          const job = await ports.job(id);
          if (!job) return ends(t.jobGone);
          return ends((await ports.smsJob(job, lang)) ? t.smsSent : t.smsFailed);
        }
        return undefined;
      },
    );

  const jobsIn = (county: string, cursor: string | null): MenuNode => {
    const page = shownList(
      `jobs ${county} ${cursor ?? ''}`,
      () => ports.jobs(county, cursor, PAGE),
      ({ items, next }) => ({ ids: items.map((job) => job.id), next }),
    );
    return node(
      async (at) => {
        const { items, next } = await page.forShow(at);
        if (items.length === 0) return asks([fill(t.noJobs, { county }), t.otherCounty, t.back].join('\n'));
        const lines = items.map((job, i) => `${i + 1} ${job.title}, ${job.company || t.privateCompany}`);
        return fitList(
          fill(t.jobsIn, { county }),
          lines,
          [next ? t.more : '', t.otherCounty, t.back].filter(Boolean),
        );
      },
      async (input, at) => {
        if (input === OTHER_COUNTY) return askCounty();
        const { ids, next } = await page.forAnswer(at);
        if (input === MORE && next) return jobsIn(county, next);
        const id = pick(ids, input);
        return id === undefined ? undefined : jobDetail(id);
      },
    );
  };

  const askCounty = (): MenuNode => ({
    show: () => asks(t.askCounty),
    answer: (text) => {
      const county = ports.findCounty(text);
      return county ? jobsIn(county, null) : ends(fill(t.unknownCounty, { text: text.slice(0, 40) }));
    },
  });

  const jobsNearMe = (): MenuNode => {
    const county = ports.member?.county ?? null;
    return county ? jobsIn(county, null) : askCounty();
  };

  if (!ports.member)
    return node(
      () => asks(t.visitorHome),
      (input) => (input === '1' ? jobsNearMe() : input === '2' ? join() : undefined),
    );

  const member = ports.member;

  const offerDetail = (
    bidTitle: string,
    offer: Awaited<ReturnType<typeof member.offersOn>>[number],
  ): MenuNode =>
    node(
      () =>
        fitText({
          before: [`${offer.name} ${formatMoney(offer.price, offer.currency)}`, bidTitle.slice(0, 40)],
          body: offer.message,
          after: offer.pending ? [t.offerActions, t.back] : [t.back],
        }),
      (input) =>
        input === '1' && offer.pending
          ? withPin(async () =>
              (await member.accept(offer.id))
                ? ends(
                    fill(t.offerAccepted, {
                      name: offer.name,
                      price: formatMoney(offer.price, offer.currency),
                    }),
                  )
                : ends(t.cannotAccept),
            )
          : undefined,
    );

  const offersOn = (bid: { id: number; title: string }): MenuNode => {
    // An offer's screen shows its message cut to under a screen: only that much is kept.
    const offers = shownList(
      `offers ${bid.id}`,
      () => member.offersOn(bid.id),
      (list) => list.slice(0, PAGE).map((o) => ({ ...o, message: shortened(o.message) })),
    );
    return node(
      async (at) => {
        const list = await offers.forShow(at);
        if (list.length === 0) return asks([t.noOffers, t.back].join('\n'));
        const lines = list
          .slice(0, PAGE)
          .map(
            (o, i) =>
              `${i + 1} ${fill(t.offerLine, { name: o.name, price: formatMoney(o.price, o.currency) })}`,
          );
        return fitList(fill(t.offersOn, { title: bid.title.slice(0, 40) }), lines, [t.back]);
      },
      async (input, at) => {
        const offer = pick(await offers.forAnswer(at), input);
        return offer ? offerDetail(bid.title, offer) : undefined;
      },
    );
  };

  const myBidRequests = (): MenuNode => {
    const bids = shownList(
      'bids',
      () => member.myBids(PAGE),
      (list) => list.map(({ id, title }) => ({ id, title })),
    );
    return node(
      async (at) => {
        const list = await bids.forShow(at);
        if (list.length === 0) return asks([t.noBids, t.back].join('\n'));
        return fitList(
          '',
          list.map((b, i) => `${i + 1} ${b.title} (${b.offerCount})`),
          [t.back],
        );
      },
      async (input, at) => {
        const bid = pick(await bids.forAnswer(at), input);
        return bid ? offersOn(bid) : undefined;
      },
    );
  };

  const myOffers = (): MenuNode =>
    node(async () => {
      const list = await member.myOffers(PAGE);
      if (list.length === 0) return asks([t.noMyOffers, t.back].join('\n'));
      const lines = list.map(
        (o) => `${o.bidTitle}: ${formatMoney(o.price, o.currency)} ${t.offerStatus[o.status]}`,
      );
      return fitList(t.myOffers, lines, [t.back]);
    });

  // The PIN comes before the reply: a reply is free text that may hold `*`, so it must be the last answer.
  const reply = (conversationId: number, name: string): MenuNode => ({
    takesRest: true,
    show: () => asks(t.replyPrompt),
    answer: async (text) => {
      if (text.length === 0) return undefined;
      if (text.length > 160) return ends(t.replyTooLong);
      return (await member.reply(conversationId, text))
        ? ends(fill(t.replySent, { name }))
        : ends(t.cannotReply);
    },
  });

  const conversation = (c: Awaited<ReturnType<typeof member.conversations>>[number]): MenuNode =>
    node(
      () => fitText({ before: [c.name.slice(0, 40)], body: c.lastMessage, after: [t.chatActions, t.back] }),
      (input) => (input === '1' ? withPin(() => reply(c.id, c.name)) : undefined),
    );

  const messages = (): MenuNode => {
    const chats = shownList(
      'chats',
      () => member.conversations(PAGE),
      (list) => list.map((c) => ({ ...c, lastMessage: shortened(c.lastMessage) })),
    );
    return node(
      async (at) => {
        const items = await chats.forShow(at);
        if (items.length === 0) return asks([t.noChats, t.back].join('\n'));
        return fitList(
          t.chats,
          items.map((c, i) => `${i + 1} ${c.unread ? '*' : ''}${c.name}: ${c.lastMessage}`),
          [t.back],
        );
      },
      async (input, at) => {
        const c = pick(await chats.forAnswer(at), input);
        return c ? conversation(c) : undefined;
      },
    );
  };

  const notifications = (): MenuNode =>
    node(async () => {
      const items = await member.notifications(PAGE, lang);
      if (items.length === 0) return asks([t.noNotifications, t.back].join('\n'));
      return fitList(t.notifications, items, [t.back]);
    });

  const account = (): MenuNode =>
    node(
      async () => asks(fill(t.account, { sms: (await member.smsEnabled()) ? t.on : t.off })),
      async (input) => {
        if (input === '1')
          return node(
            () => asks(t.languageChoice),
            async (choice) => {
              const chosen: Language | undefined = choice === '1' ? 'en' : choice === '2' ? 'sw' : undefined;
              if (!chosen) return undefined;
              await member.setLanguage(chosen);
              return ends(USSD_TEXTS[chosen].languageSaved);
            },
          );
        if (input === '2') {
          const on = !(await member.smsEnabled());
          await member.setSms(on);
          return ends(fill(t.smsSaved, { state: on ? t.on : t.off }));
        }
        return undefined;
      },
    );

  const sections: Record<string, () => MenuNode> = {
    '1': jobsNearMe,
    '2': () =>
      node(
        () => asks(`${t.myBids}\n${t.back}`),
        (i) => (i === '1' ? myBidRequests() : i === '2' ? myOffers() : undefined),
      ),
    '3': messages,
    '4': notifications,
    '5': account,
  };
  return node(
    () => asks(t.home),
    (input) => sections[input]?.(),
  );
}

/**
 * A text as a screen shows it at most (fitText folds its spaces, then cuts it under a screen): the
 * same screen from this as from the whole text, in far less memory.
 */
const shortened = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, USSD_SCREEN_MAX + 1);

function pinAnswer(
  t: UssdTexts,
  check: PinCheck,
  act: () => Promise<Screen | MenuNode> | MenuNode,
): Promise<Screen | MenuNode> | Screen | MenuNode {
  if (check.kind === 'ok') return act();
  if (check.kind === 'locked') return ends(t.pinLocked);
  if (check.kind === 'unset') return ends(t.noPin);
  return ends(check.left > 0 ? fill(t.wrongPin, { count: check.left }) : t.pinLocked);
}
