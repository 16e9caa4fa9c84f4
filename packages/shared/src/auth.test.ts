import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  DEFAULT_BLOCKED_EMAIL_PROVIDERS,
  ForgotPasswordInput,
  LoginInput,
  ResetPasswordForm,
  ResetPasswordInput,
  SignupInput,
  makeSignupInput,
  passwordPolicyIssue,
} from './auth';
import { normalizeUsername, stripAt } from './format';

/** The first message of each field, as a form or the server's `errors` shows it. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of schema.safeParse(input).error?.issues ?? []) {
    errors[issue.path.join('.')] ??= issue.message;
  }
  return errors;
}

const STRONG = 'Tembo#Kali9Sana';

/** Passwords the policy refuses whoever the member is, with the message a form shows. */
const POLICY_ISSUES: [string, string][] = [
  ['Tembo#Kal9a', '*At least 12 characters'],
  ['tembo#kali9sana', '*Needs an uppercase letter'],
  ['TEMBO#KALI9SANA', '*Needs a lowercase letter'],
  ['Tembo#KaliSana', '*Needs a digit'],
  ['Tembo1KaliSana', '*Needs a special character'],
  ['Tembo#Kali123', '*Too common (avoid 123, abc, etc.)'],
  ['Tembo#ABCkali9', '*Too common (avoid 123, abc, etc.)'],
  ['QwErTy#Kali9z', '*Too common (avoid 123, abc, etc.)'],
  ['MyPassword#9z', '*Too common (avoid 123, abc, etc.)'],
  ['Admin#Kali9zz', '*Too common (avoid 123, abc, etc.)'],
];

describe('normalizeUsername and stripAt', () => {
  it.each([
    ['amina', '@amina'],
    ['@amina', '@amina'],
    ['  amina  ', '@amina'],
  ])('normalizeUsername(%j) is %j', (raw, expected) => {
    expect(normalizeUsername(raw)).toBe(expected);
  });

  it.each([
    ['@amina', 'amina'],
    ['amina', 'amina'],
  ])('stripAt(%j) is %j', (username, expected) => {
    expect(stripAt(username)).toBe(expected);
  });
});

describe('LoginInput', () => {
  const login = (fields: Record<string, unknown>) => ({ username: 'amina', password: 'secret12', ...fields });

  it('accepts a username and an 8-character password, prefixing the @', () => {
    expect(LoginInput.parse(login({}))).toEqual({
      username: '@amina',
      password: 'secret12',
      rememberMe: false,
    });
  });

  it.each([
    ['abc', '@abc'],
    ['@abc', '@abc'],
    ['  abc  ', '@abc'],
  ])('accepts username %j as %j', (username, expected) => {
    expect(LoginInput.parse(login({ username })).username).toBe(expected);
  });

  it.each([
    [undefined, '*User name is required'],
    ['', '*User name is required'],
    ['   ', '*User name is required'],
    ['@', '*User name is required'],
    ['ab', '*At least 3 characters'],
    ['@ab', '*At least 3 characters'],
  ])('rejects username %j with %j', (username, message) => {
    expect(errorsOf(LoginInput, login({ username }))).toEqual({ username: message });
  });

  it.each([
    [undefined, '*Password is required'],
    ['', '*Password is required'],
    ['secret1', '*Password too short'],
  ])('rejects password %j with %j', (password, message) => {
    expect(errorsOf(LoginInput, login({ password }))).toEqual({ password: message });
  });

  it.each([
    [undefined, false],
    [true, true],
    [false, false],
    ['true', true],
    ['on', true],
    ['false', false],
  ])('reads rememberMe %j as %j', (rememberMe, expected) => {
    expect(LoginInput.parse(login({ rememberMe })).rememberMe).toBe(expected);
  });

  it('rejects a rememberMe that is not a yes or no', () => {
    expect(Object.keys(errorsOf(LoginInput, login({ rememberMe: 'maybe' })))).toEqual(['rememberMe']);
  });
});

describe('passwordPolicyIssue', () => {
  it('accepts a strong password', () => {
    expect(passwordPolicyIssue(STRONG)).toBeNull();
  });

  it.each([['', '*Password is required'], ...POLICY_ISSUES])('rejects %j with %j', (password, message) => {
    expect(passwordPolicyIssue(password)).toBe(message);
  });

  it('accepts exactly 12 characters', () => {
    expect(passwordPolicyIssue('Tembo#Kal9aS')).toBeNull();
  });

  it('rejects the username, with or without its @, in any case', () => {
    expect(passwordPolicyIssue('KAMAU_dev#2025', { username: '@kamau_dev' })).toBe(
      '*Cannot contain name/username',
    );
    expect(passwordPolicyIssue('KAMAU_dev#2025', { username: 'kamau_dev' })).toBe(
      '*Cannot contain name/username',
    );
  });

  it('rejects the first name but not the other names', () => {
    expect(passwordPolicyIssue('wanjiku#Safi9', { name: 'Wanjiku Kamau' })).toBe(
      '*Cannot contain name/username',
    );
    expect(passwordPolicyIssue('Kamau#Safi9xy', { name: 'Wanjiku Kamau' })).toBeNull();
  });

  it('ignores an initial as a first name', () => {
    expect(passwordPolicyIssue('Jembe#Safi9xy', { name: 'J Kamau' })).toBeNull();
  });
});

describe('SignupInput', () => {
  const signup = (fields: Record<string, unknown>) => ({
    username: 'kamau_dev',
    name: 'Wanjiku Kamau',
    email: 'wanjiku@safaricom.co.ke',
    location: 'Nairobi, Kenya',
    bio: 'Product designer. Coffee & code, Kenyan music!',
    password: STRONG,
    confirmPassword: STRONG,
    ...fields,
  });
  const signupErrors = (fields: Record<string, unknown>) => errorsOf(SignupInput, signup(fields));

  it('accepts a complete signup, trimming the text fields and dropping the @', () => {
    const parsed = SignupInput.parse(
      signup({
        username: ' @kamau_dev ',
        name: '  Wanjiku Kamau ',
        email: ' wanjiku@safaricom.co.ke ',
        location: ' Nairobi, Kenya ',
        bio: ' Hello! ',
      }),
    );
    expect(parsed).toEqual({
      username: 'kamau_dev',
      name: 'Wanjiku Kamau',
      email: 'wanjiku@safaricom.co.ke',
      location: 'Nairobi, Kenya',
      bio: 'Hello!',
      password: STRONG,
      confirmPassword: STRONG,
    });
  });

  it('accepts a signup without location and bio', () => {
    expect(signupErrors({ location: undefined, bio: undefined })).toEqual({});
    expect(signupErrors({ location: '', bio: '' })).toEqual({});
  });

  describe('username', () => {
    it.each(['amina', '@amina', 'a'.repeat(15), 'Otieno_2025', 'myadmin', 'kamau_dev_ke'])(
      'accepts %j',
      (username) => {
        expect(signupErrors({ username })).toEqual({});
      },
    );

    it.each([
      [undefined, '*User name is required'],
      ['', '*User name is required'],
      ['  ', '*User name is required'],
      ['amin', '*5-15 characters'],
      ['@amin', '*5-15 characters'],
      ['a'.repeat(16), '*5-15 characters'],
      ['1amina', '*Must start with letter, can contain numbers/_'],
      ['_amina', '*Must start with letter, can contain numbers/_'],
      ['ami-na', '*Must start with letter, can contain numbers/_'],
      ['12345', '*Must start with letter, can contain numbers/_'],
      ['_____', '*Must start with letter, can contain numbers/_'],
      ['ami__na', '*No double underscores'],
      ['admin_ke', '*Cannot use admin, support, etc.'],
      ['Root_ke', '*Cannot use admin, support, etc.'],
      ['SUPPORTke', '*Cannot use admin, support, etc.'],
      ['systemke', '*Cannot use admin, support, etc.'],
      ['TestUser', '*Cannot use admin, support, etc.'],
    ])('rejects %j with %j', (username, message) => {
      expect(signupErrors({ username })).toEqual({ username: message });
    });
  });

  describe('name', () => {
    it.each(['Al', 'a'.repeat(50), "N'gang'a", 'N’gang’a', 'Mary-Jane Wanjiku', 'José Otieno'])(
      'accepts %j',
      (name) => {
        expect(signupErrors({ name })).toEqual({});
      },
    );

    it.each([
      [undefined, '*Full name required'],
      ['', '*Full name required'],
      ['   ', '*Full name required'],
      ['A', '*2-50 characters'],
      ['a'.repeat(51), '*2-50 characters'],
      ['Wanjiku2', '*Only letters, spaces, apostrophes and hyphens'],
      ['Jane_Doe', '*Only letters, spaces, apostrophes and hyphens'],
    ])('rejects %j with %j', (name, message) => {
      expect(signupErrors({ name })).toEqual({ name: message });
    });
  });

  describe('email', () => {
    it.each(['wanjiku@safaricom.co.ke', 'j.kamau@acme.com', 'jane@gmailer.co.ke', 'jane@mymail.com'])(
      'accepts %j',
      (email) => {
        expect(signupErrors({ email })).toEqual({});
      },
    );

    it.each([
      [undefined, '*Email is required'],
      ['', '*Email is required'],
      ['  ', '*Email is required'],
      ['not-an-email', '*Invalid email address'],
      ['jane@', '*Invalid email address'],
      ['jane doe@acme.com', '*Invalid email address'],
      ['jane@acme', '*Must be a valid company email'],
      ['jane..doe@acme.co.ke', '*Must be a valid company email'],
    ])('rejects %j with %j', (email, message) => {
      expect(signupErrors({ email })).toEqual({ email: message });
    });

    it.each(DEFAULT_BLOCKED_EMAIL_PROVIDERS.map((provider) => `jane@${provider}.com`))(
      'rejects %j',
      (email) => {
        expect(signupErrors({ email })).toEqual({ email: '*Personal email providers not allowed' });
      },
    );

    it.each(['JANE@GMAIL.COM', 'jane@Yahoo.co.uk', 'jane@mail.ru'])(
      'rejects %j, in any case or country',
      (email) => {
        expect(signupErrors({ email })).toEqual({ email: '*Personal email providers not allowed' });
      },
    );

    it('takes the blocked providers as a setting', () => {
      const schema = makeSignupInput(['Safaricom']);
      expect(errorsOf(schema, signup({}))).toEqual({ email: '*Personal email providers not allowed' });
      expect(errorsOf(schema, signup({ email: 'jane@gmail.com' }))).toEqual({});
    });
  });

  describe('location', () => {
    it.each(['Nairobi, Kenya', 'Mombasa-Old Town', 'a'.repeat(100), ''])('accepts %j', (location) => {
      expect(signupErrors({ location })).toEqual({});
    });

    it.each([
      ['a'.repeat(101), '*Max 100 characters'],
      ['Nairobi 00100', '*Only letters, spaces, commas and hyphens'],
      ["Murang'a", '*Only letters, spaces, commas and hyphens'],
    ])('rejects %j with %j', (location, message) => {
      expect(signupErrors({ location })).toEqual({ location: message });
    });
  });

  describe('bio', () => {
    it.each([
      'a'.repeat(250),
      'Hello, world! Ready? Yes - sure.',
      'Coffee & code #dev',
      'Designer.\nRunner.\nReader.\nNairobi.',
      'I sell on kenya.com',
      '',
    ])('accepts %j', (bio) => {
      expect(signupErrors({ bio })).toEqual({});
    });

    it.each([
      ['a'.repeat(251), '*Max 250 characters'],
      ['see https://acme.co', '*No URLs allowed'],
      ['see http://acme', '*No URLs allowed'],
      ['see WWW.acme', '*No URLs allowed'],
      ['see bit.ly/deal', '*No URLs allowed'],
      ['Coffee & code #dev @home', '*No excessive special characters'],
      ['Best seller ★★★', '*No excessive special characters'],
    ])('rejects %j with %j', (bio, message) => {
      expect(signupErrors({ bio })).toEqual({ bio: message });
    });
  });

  describe('password', () => {
    it('accepts exactly 12 characters', () => {
      expect(signupErrors({ password: 'Tembo#Kal9aS', confirmPassword: 'Tembo#Kal9aS' })).toEqual({});
    });

    it.each([
      ...POLICY_ISSUES,
      ['KAMAU_dev#2025', '*Cannot contain name/username'],
      ['wanjiku#Safi9', '*Cannot contain name/username'],
    ])('rejects %j with %j', (password, message) => {
      expect(signupErrors({ password, confirmPassword: password })).toEqual({ password: message });
    });

    it('rejects the username when it was typed with its @', () => {
      const password = 'kamau_DEV#2025';
      expect(signupErrors({ username: '@kamau_dev', password, confirmPassword: password })).toEqual({
        password: '*Cannot contain name/username',
      });
    });

    it('rejects an empty password', () => {
      expect(signupErrors({ password: '' })).toEqual({
        password: '*Password is required',
        confirmPassword: '*Must match password',
      });
    });

    it('rejects a missing password', () => {
      expect(signupErrors({ password: undefined })).toEqual({ password: '*Password is required' });
    });
  });

  describe('confirmPassword', () => {
    it.each([
      [undefined, '*Confirm password required'],
      ['', '*Confirm password required'],
      ['Tembo#Kali9Sanaa', '*Must match password'],
    ])('rejects %j with %j', (confirmPassword, message) => {
      expect(signupErrors({ confirmPassword })).toEqual({ confirmPassword: message });
    });

    it('reports a mismatch while other fields are still empty', () => {
      expect(signupErrors({ username: '', confirmPassword: 'other' })).toEqual({
        username: '*User name is required',
        confirmPassword: '*Must match password',
      });
    });
  });
});

describe('ForgotPasswordInput', () => {
  it.each(['jane@gmail.com', ' jane@acme.co.ke '])('accepts %j, trimmed', (email) => {
    expect(ForgotPasswordInput.parse({ email })).toEqual({ email: email.trim() });
  });

  it.each([
    [undefined, 'Required'],
    ['', 'Required'],
    ['jane', 'Invalid email address'],
    ['jane@', 'Invalid email address'],
  ])('rejects %j with %j', (email, message) => {
    expect(errorsOf(ForgotPasswordInput, { email })).toEqual({ email: message });
  });
});

describe('ResetPasswordForm', () => {
  it('accepts a strong, confirmed password; the name check is the server’s', () => {
    expect(errorsOf(ResetPasswordForm, { password: STRONG, confirmPassword: STRONG })).toEqual({});
    expect(
      errorsOf(ResetPasswordForm, { password: 'wanjiku#Safi9', confirmPassword: 'wanjiku#Safi9' }),
    ).toEqual({});
  });

  it('rejects an empty password', () => {
    expect(errorsOf(ResetPasswordForm, { password: '', confirmPassword: STRONG })).toEqual({
      password: 'Required',
      confirmPassword: 'Passwords must match',
    });
  });

  it('rejects a missing password', () => {
    expect(errorsOf(ResetPasswordForm, { confirmPassword: STRONG })).toEqual({ password: 'Required' });
  });

  it.each([
    ['Short#9a', '*At least 12 characters'],
    ['Tembo#Kali123', '*Too common (avoid 123, abc, etc.)'],
    ['tembo#kali9sana', '*Needs an uppercase letter'],
  ])('rejects password %j with %j', (password, message) => {
    expect(errorsOf(ResetPasswordForm, { password, confirmPassword: password })).toEqual({
      password: message,
    });
  });

  it.each([
    [undefined, 'Required'],
    ['', 'Required'],
    ['Tembo#Kali9Sanaa', 'Passwords must match'],
  ])('rejects confirmPassword %j with %j', (confirmPassword, message) => {
    expect(errorsOf(ResetPasswordForm, { password: STRONG, confirmPassword })).toEqual({
      confirmPassword: message,
    });
  });
});

describe('ResetPasswordInput', () => {
  it('accepts a token and a password', () => {
    expect(ResetPasswordInput.parse({ token: 'abc', password: 'x' })).toEqual({
      token: 'abc',
      password: 'x',
    });
  });

  it.each([undefined, ''])('rejects token %j with Required', (token) => {
    expect(errorsOf(ResetPasswordInput, { token, password: STRONG })).toEqual({ token: 'Required' });
  });

  it('rejects a missing password', () => {
    expect(errorsOf(ResetPasswordInput, { token: 'abc' })).toEqual({ password: 'Required' });
  });
});

describe('LoginInput identifiers', () => {
  const login = (username: string) => ({ username, password: 'secret12' });
  it.each([
    ['Wanjiku@Acme.co.ke', 'wanjiku@acme.co.ke'],
    ['0712 345 678', '+254712345678'],
    ['+254712345678', '+254712345678'],
    ['254112345678', '+254112345678'],
    ['amina_h', '@amina_h'],
  ])('reads %j as %j (email, verified phone or username)', (typed, expected) => {
    expect(LoginInput.parse(login(typed)).username).toBe(expected);
  });

  it('keeps the username messages for what is neither an email nor a phone', () => {
    expect(errorsOf(LoginInput, login('x'.repeat(41)))).toEqual({ username: '*At most 40 characters' });
    expect(errorsOf(LoginInput, login('07'))).toEqual({ username: '*At least 3 characters' });
  });
});
