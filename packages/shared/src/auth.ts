import { z } from 'zod';
import { BIO_MAX, LOCATION_MAX, NAME_LENGTH, PASSWORD_MIN, USERNAME_LENGTH } from './constants';
import { stripAt } from './format';
import { LANGUAGES } from './languages';
import { toKenyanE164 } from './phone';

// Usernames are stored with a leading @ (the specified fields); people may type it or not.

// Checks run in order and only a length check aborts, so a form and the server show the first
// message of each field. A text over its maximum length is read by no pattern and no later check
// (STYLE: cut the input to its allowed length before any regular expression reads it); the
// cross-field checks wait until it is cut.

/** The longest address SMTP can carry (RFC 5321 path limit), and the database's CHECK. */
export const EMAIL_MAX = 254;

/** Far above any username signup allows (older or admin-made names included), far below abuse. */
const LOGIN_USERNAME_MAX = 40;

/** What the login form's first field holds: a username, an email or a verified phone. */
const LOGIN_EMAIL = /^[^@\s]+@[^@\s.]+(?:\.[^@\s.]+)+$/;

/**
 * Who is logging in: `@name` for a username (the @ is optional when typed), a lower-cased address
 * for an email, E.164 for a Kenyan mobile number. Usernames start with a letter and hold no dot, so
 * the three never overlap.
 */
export const LoginIdentifier = z
  .string({ error: '*User name is required' })
  .trim()
  .min(1, '*User name is required')
  .max(EMAIL_MAX, { error: `*At most ${LOGIN_USERNAME_MAX} characters`, abort: true })
  .transform((typed, ctx) => {
    if (LOGIN_EMAIL.test(typed)) return typed.toLowerCase();
    const phone = /^[+\d]/.test(typed) ? toKenyanE164(typed) : null;
    if (phone) return phone;
    const name = stripAt(typed);
    const issue =
      name.length === 0
        ? '*User name is required'
        : name.length < USERNAME_LENGTH.loginMin
          ? `*At least ${USERNAME_LENGTH.loginMin} characters`
          : name.length > LOGIN_USERNAME_MAX
            ? `*At most ${LOGIN_USERNAME_MAX} characters`
            : null;
    if (issue) {
      ctx.addIssue({ code: 'custom', message: issue });
      return z.NEVER;
    }
    return `@${name}`;
  });

export const LoginInput = z.object({
  username: LoginIdentifier,
  password: z
    .string({ error: '*Password is required' })
    .min(1, '*Password is required')
    .min(PASSWORD_MIN.login, '*Password too short'),
  rememberMe: z.union([z.boolean(), z.stringbool()]).default(false),
  /**
   * A language chosen on this device while signed out: the account takes it at this login, before
   * the login's own notice is written in the account's language.
   */
  language: z.enum(LANGUAGES).optional(),
});
export type LoginInputValues = z.infer<typeof LoginInput>;

const COMMON_PASSWORD_FRAGMENTS = ['123', 'abc', 'qwerty', 'password', 'admin'];
// An initial such as the J of "J Kamau" would forbid a letter, not a guessable word.
const SHORTEST_GUESSABLE_NAME = 3;

const passwordStrengthRules: [isMet: (password: string) => boolean, message: string][] = [
  [(password) => password.length > 0, '*Password is required'],
  [(password) => password.length >= PASSWORD_MIN.signup, `*At least ${PASSWORD_MIN.signup} characters`],
  [(password) => /\p{Lu}/u.test(password), '*Needs an uppercase letter'],
  [(password) => /\p{Ll}/u.test(password), '*Needs a lowercase letter'],
  [(password) => /\d/.test(password), '*Needs a digit'],
  [(password) => /[^\p{L}\p{N}]/u.test(password), '*Needs a special character'],
  [
    (password) => !COMMON_PASSWORD_FRAGMENTS.some((fragment) => password.toLowerCase().includes(fragment)),
    '*Too common (avoid 123, abc, etc.)',
  ],
];

interface PasswordOwner {
  username?: string | undefined;
  name?: string | undefined;
}

function containsOwnerName(password: string, { username = '', name = '' }: PasswordOwner): boolean {
  const firstName = name.trim().split(/\s+/)[0] ?? '';
  return [stripAt(username.trim()), firstName]
    .filter((fragment) => fragment.length >= SHORTEST_GUESSABLE_NAME)
    .some((fragment) => password.toLowerCase().includes(fragment.toLowerCase()));
}

/** The signup password policy (also applied on reset, docs/design.md#principles): the first failing message, or null. */
export function passwordPolicyIssue(password: string, owner: PasswordOwner = {}): string | null {
  const failed = passwordStrengthRules.find(([isMet]) => !isMet(password));
  if (failed) return failed[1];
  return containsOwnerName(password, owner) ? '*Cannot contain name/username' : null;
}

const StrongPassword = z.string().check((ctx) => {
  const message = passwordPolicyIssue(ctx.value);
  if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value, continue: true });
});

export const DEFAULT_BLOCKED_EMAIL_PROVIDERS = [
  'gmail',
  'yahoo',
  'hotmail',
  'outlook',
  'aol',
  'protonmail',
  'icloud',
  'zoho',
  'yandex',
  'mail',
] as const;

function emailProvider(email: string): string {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return (domain.split('.')[0] ?? '').toLowerCase();
}

// "Valid" is what a browser's email input accepts; a company address must also have a real
// domain with a TLD (jane@acme is an address, but no company mail server answers it).
function emailAddress(messages: { required: string; invalid: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(EMAIL_MAX, { error: messages.invalid, abort: true })
    .regex(z.regexes.html5Email, messages.invalid);
}

/** The refusal of a personal address at signup; the web offers the phone signup beside it. */
export const PERSONAL_EMAIL_MESSAGE = '*Personal email providers not allowed';

function companyEmail(blockedProviders: readonly string[]) {
  const blocked = new Set(blockedProviders.map((provider) => provider.toLowerCase()));
  return emailAddress({ required: '*Email is required', invalid: '*Invalid email address' })
    .refine((email) => !blocked.has(emailProvider(email)), PERSONAL_EMAIL_MESSAGE)
    .regex(z.regexes.email, '*Must be a valid company email');
}

const RESERVED_USERNAME_PREFIXES = ['admin', 'root', 'support', 'system', 'test'];

const USERNAME_LENGTH_MESSAGE = `*${USERNAME_LENGTH.signupMin}-${USERNAME_LENGTH.signupMax} characters`;

// "Must contain a letter" (the specified validation rules) needs no check of its own: the name must start with one.
const SignupUsername = z
  .string({ error: '*User name is required' })
  .trim()
  .overwrite(stripAt)
  .min(1, '*User name is required')
  .min(USERNAME_LENGTH.signupMin, USERNAME_LENGTH_MESSAGE)
  .max(USERNAME_LENGTH.signupMax, { error: USERNAME_LENGTH_MESSAGE, abort: true })
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '*Must start with letter, can contain numbers/_')
  .refine((username) => !username.includes('__'), '*No double underscores')
  .refine(
    (username) => !RESERVED_USERNAME_PREFIXES.some((prefix) => username.toLowerCase().startsWith(prefix)),
    '*Cannot use admin, support, etc.',
  );

const NAME_LENGTH_MESSAGE = `*${NAME_LENGTH.min}-${NAME_LENGTH.max} characters`;

// ’ too: phone keyboards turn the apostrophe of N’gang’a into a curly one.
export const NameField = z
  .string({ error: '*Full name required' })
  .trim()
  .min(1, '*Full name required')
  .min(NAME_LENGTH.min, NAME_LENGTH_MESSAGE)
  .max(NAME_LENGTH.max, { error: NAME_LENGTH_MESSAGE, abort: true })
  .regex(/^[\p{L} '’-]+$/u, '*Only letters, spaces, apostrophes and hyphens');

export const LocationField = z
  .string()
  .trim()
  .max(LOCATION_MAX, { error: `*Max ${LOCATION_MAX} characters`, abort: true })
  .regex(/^[\p{L} ,-]*$/u, '*Only letters, spaces, commas and hyphens');

// Linear: a letter before the dot is all "name.tld/" needs, and a run after a dot ends at the next
// dot. The older `[a-z0-9-]+\.` retried the whole run from every letter: quadratic, 2 s at 40,000
// letters, and a 1 MB bio froze the server.
export const URL_LIKE = /https?:\/\/|www\.|[a-z0-9-]\.[a-z]{2,}\//i;
// Line breaks in a bio are layout, not special characters.
const BIO_SPECIAL_CHARACTER = /[^\p{L}\p{N}\s.,!?-]/gu;
const MAX_BIO_SPECIAL_CHARACTERS = 2;

export const BioField = z
  .string()
  .trim()
  .max(BIO_MAX, { error: `*Max ${BIO_MAX} characters`, abort: true })
  .refine((bio) => !URL_LIKE.test(bio), '*No URLs allowed')
  .refine(
    (bio) => (bio.match(BIO_SPECIAL_CHARACTER) ?? []).length <= MAX_BIO_SPECIAL_CHARACTERS,
    '*No excessive special characters',
  );

const signupFields = {
  username: SignupUsername,
  name: NameField,
  location: LocationField.optional(),
  bio: BioField.optional(),
  /** The language the visitor was reading when they signed up (docs/features/kiswahili.md). */
  language: z.enum(LANGUAGES).optional(),
  /** The privacy notice version the form showed (optional: the server records the current one). */
  terms_version: z.string().max(20).optional(),
  password: z.string({ error: '*Password is required' }).pipe(StrongPassword),
  confirmPassword: z.string({ error: '*Confirm password required' }).min(1, '*Confirm password required'),
};

function withPasswordChecks<
  T extends z.ZodType<{ password: string; confirmPassword: string; username: string; name: string }>,
>(schema: T) {
  return schema
    .refine((input) => input.confirmPassword === input.password, {
      error: '*Must match password',
      path: ['confirmPassword'],
    })
    .refine((input) => !containsOwnerName(input.password, input), {
      error: '*Cannot contain name/username',
      path: ['password'],
    });
}

/**
 * Signup fields as typed (multipart strings). `username` comes out without its @;
 * store `normalizeUsername(username)`.
 */
export function makeSignupInput(blockedProviders: readonly string[] = DEFAULT_BLOCKED_EMAIL_PROVIDERS) {
  return withPasswordChecks(z.object({ ...signupFields, email: companyEmail(blockedProviders) }));
}

/**
 * Signup with a proved phone number instead of an email: the `signup_token` that
 * POST /api/auth/phone/verify answered stands for the number.
 */
export const PhoneSignupInput = withPasswordChecks(
  z.object({
    ...signupFields,
    signup_token: z
      .string({ error: 'Required' })
      .min(1, 'Required')
      .max(200, { error: 'Required', abort: true }),
  }),
);
export type PhoneSignupInputValues = z.infer<typeof PhoneSignupInput>;

export const SignupInput = makeSignupInput();
export type SignupInputValues = z.infer<typeof SignupInput>;

export const ForgotPasswordInput = z.object({
  email: emailAddress({ required: 'Required', invalid: 'Invalid email address' }),
});
export type ForgotPasswordInputValues = z.infer<typeof ForgotPasswordInput>;

/** The web form; the server also checks the account's name and username (`passwordPolicyIssue`). */
export const ResetPasswordForm = z
  .object({
    password: z.string({ error: 'Required' }).min(1, 'Required').pipe(StrongPassword),
    confirmPassword: z.string({ error: 'Required' }).min(1, 'Required'),
  })
  .refine((input) => input.confirmPassword === input.password, {
    error: 'Passwords must match',
    path: ['confirmPassword'],
  });
export type ResetPasswordFormValues = z.infer<typeof ResetPasswordForm>;

export const ResetPasswordInput = z.object({
  token: z.string({ error: 'Required' }).min(1, 'Required'),
  password: z.string({ error: 'Required' }),
});
export type ResetPasswordInputValues = z.infer<typeof ResetPasswordInput>;

/** POST /api/auth/forgot-password: the same answer whether or not the account exists. */
export const ForgotPasswordAnswerSchema = z.object({ status: z.literal('success'), message: z.string() });
export type ForgotPasswordAnswer = z.infer<typeof ForgotPasswordAnswerSchema>;

/** An answer that only carries a sentence to show (POST /api/auth/reset-password). */
export const MessageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswerSchema>;

// Account security (docs/design.md#trust-and-safety): change password and active sessions.

/** POST /api/auth/change-password: the current password, and the new one under the signup rules. */
export const ChangePasswordInput = z
  .object({
    current_password: z.string({ error: 'Required' }).min(1, 'Required'),
    password: z.string({ error: 'Required' }).min(1, 'Required').pipe(StrongPassword),
    confirmPassword: z.string({ error: 'Required' }).min(1, 'Required'),
    sign_out_others: z.boolean().default(false),
  })
  .refine((input) => input.confirmPassword === input.password, {
    error: 'Passwords must match',
    path: ['confirmPassword'],
  });
export type ChangePasswordInputValues = z.input<typeof ChangePasswordInput>;

export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed.';

/** One login of the member (GET /api/auth/sessions): `id` is the login's id. */
export const ActiveSessionSchema = z.object({
  id: z.string(),
  user_agent: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof ActiveSessionSchema>;

/** POST /api/auth/verify-email */
export const VerifyEmailInput = z.object({ token: z.string({ error: 'Required' }).min(1, 'Required') });
