/**
 * The USSD menu as a tree of screens, replayed from the answers the gateway sends. Africa's Talking
 * sends every answer of the session so far (`1*Nakuru*2`), so the menu keeps no session state: each
 * callback walks the tree from the top. `0` goes back a screen and `00` home; an answer that is not
 * a choice shows the same screen again with a hint. A screen that acts (apply, accept, reply) ends
 * the session, so a replay never acts twice. A node is told its position (how many answers the
 * callback that shows it carries), which names its screen within the session (ussd.shown.ts).
 */
export const USSD_SCREEN_MAX = 182;

/** What the gateway shows: `CON` waits for an answer, `END` closes the session. */
export interface Screen {
  text: string;
  end: boolean;
}

export interface MenuNode {
  /** The screen, as the callback carrying `at` answers shows it. */
  show(at: number): Promise<Screen> | Screen;
  /**
   * The screen an answer leads to, an ending screen, or undefined when it is not a choice here. The
   * answer is the session's answer number `at`, given to the screen the callback with `at` answers showed.
   */
  answer?(input: string, at: number): Promise<MenuNode | Screen | undefined> | MenuNode | Screen | undefined;
  /** Takes the rest of the session's answers as one text (a message may hold `*`). */
  takesRest?: boolean;
}

export const ends = (text: string): Screen => ({ text, end: true });
export const asks = (text: string): Screen => ({ text, end: false });
const isScreen = (value: MenuNode | Screen): value is Screen => 'text' in value && 'end' in value;

/** The gateway's `text`: '' on the first callback, else the answers joined by `*`. */
export function answersOf(text: string): string[] {
  return text === '' ? [] : text.split('*');
}

export async function runMenu(
  home: MenuNode,
  answers: readonly string[],
  invalidHint: string,
): Promise<Screen> {
  let stack: MenuNode[] = [home];
  let invalid = false;
  for (let i = 0; i < answers.length; i++) {
    const input = answers[i]!.trim();
    invalid = false;
    if (input === '00') {
      stack = [home];
      continue;
    }
    if (input === '0') {
      if (stack.length > 1) stack.pop();
      continue;
    }
    const top = stack.at(-1)!;
    const at = i;
    const given = top.takesRest ? answers.slice(i).join('*').trim() : input;
    if (top.takesRest) i = answers.length;
    const next = await top.answer?.(given, at);
    if (!next) {
      invalid = true;
      continue;
    }
    if (isScreen(next)) return next;
    stack.push(next);
  }
  const screen = await stack.at(-1)!.show(answers.length);
  return invalid ? { ...screen, text: `${invalidHint}\n${screen.text}` } : screen;
}

/** The answer's body: `CON …` or `END …`, cut to the gateway's 182 characters if it is longer. */
export function render(screen: Screen): string {
  const body = `${screen.end ? 'END' : 'CON'} ${screen.text}`;
  return body.length <= USSD_SCREEN_MAX ? body : `${body.slice(0, USSD_SCREEN_MAX - 1)}…`;
}

/**
 * A list screen that fits: the heading, then as many numbered lines as fit with the footer, each
 * line cut to share the room. Lines past the room are dropped (the caller offers More).
 */
export function fitList(
  heading: string,
  lines: readonly string[],
  footer: readonly string[],
  end = false,
): Screen {
  const prefix = 4; // 'CON ' or 'END '
  const fixed = [heading, ...footer].filter(Boolean).join('\n').length + prefix;
  // Each line takes one newline; the room left is shared fairly: short lines keep their length and
  // give what they do not use to the long ones, which are cut.
  let room = USSD_SCREEN_MAX - fixed - lines.length;
  const allowed = new Map<number, number>();
  const byLength = lines.map((line, i) => [line.length, i] as const).sort((a, b) => a[0] - b[0]);
  byLength.forEach(([length, i], k) => {
    const share = Math.floor(room / (byLength.length - k));
    allowed.set(i, Math.min(length, share));
    room -= Math.min(length, share);
  });
  const cut = lines.map((line, i) => {
    const max = allowed.get(i)!;
    return line.length <= max ? line : `${line.slice(0, Math.max(max - 1, 1)).trimEnd()}…`;
  });
  return { text: [heading, ...cut, ...footer].filter(Boolean).join('\n'), end };
}

/** A long text (a job's description, a message) cut to the room its screen has left. */
export function fitText(parts: { before: string[]; body: string; after: string[] }, end = false): Screen {
  const fixed = [...parts.before, ...parts.after].join('\n').length + 4 + 2;
  const room = Math.max(USSD_SCREEN_MAX - fixed, 0);
  const body = parts.body.replace(/\s+/g, ' ').trim();
  const cut = body.length <= room ? body : `${body.slice(0, Math.max(room - 1, 0))}…`;
  return { text: [...parts.before, cut, ...parts.after].filter(Boolean).join('\n'), end };
}
