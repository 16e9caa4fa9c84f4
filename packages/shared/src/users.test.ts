import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ProfileUpdateInput } from './users';

/** The first message of each field, as a form or the server's `errors` shows it. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of schema.safeParse(input).error?.issues ?? []) {
    errors[issue.path.join('.')] ??= issue.message;
  }
  return errors;
}

describe('ProfileUpdateInput', () => {
  it('accepts an empty edit', () => {
    expect(ProfileUpdateInput.parse({})).toEqual({});
  });

  it('trims the fields and drops the ones it does not edit', () => {
    expect(
      ProfileUpdateInput.parse({ name: ' Amina Njeri ', bio: ' Hi! ', location: ' Kisumu ', username: 'x' }),
    ).toEqual({ name: 'Amina Njeri', bio: 'Hi!', location: 'Kisumu' });
  });

  it('lets bio and location be cleared', () => {
    expect(ProfileUpdateInput.parse({ bio: '', location: '' })).toEqual({ bio: '', location: '' });
  });

  describe('name', () => {
    it.each(['Al', 'a'.repeat(50), "N'gang'a Mary-Jane"])('accepts %j', (name) => {
      expect(errorsOf(ProfileUpdateInput, { name })).toEqual({});
    });

    it.each([
      ['', '*Full name required'],
      ['A', '*2-50 characters'],
      ['a'.repeat(51), '*2-50 characters'],
      ['Amina 2', '*Only letters, spaces, apostrophes and hyphens'],
    ])('rejects %j with %j', (name, message) => {
      expect(errorsOf(ProfileUpdateInput, { name })).toEqual({ name: message });
    });
  });

  describe('location', () => {
    it.each(['Nakuru, Kenya', 'a'.repeat(100)])('accepts %j', (location) => {
      expect(errorsOf(ProfileUpdateInput, { location })).toEqual({});
    });

    it.each([
      ['a'.repeat(101), '*Max 100 characters'],
      ['Eldoret 30100', '*Only letters, spaces, commas and hyphens'],
    ])('rejects %j with %j', (location, message) => {
      expect(errorsOf(ProfileUpdateInput, { location })).toEqual({ location: message });
    });
  });

  describe('bio', () => {
    it.each(['a'.repeat(250), 'Tea & mandazi #1'])('accepts %j', (bio) => {
      expect(errorsOf(ProfileUpdateInput, { bio })).toEqual({});
    });

    it.each([
      ['a'.repeat(251), '*Max 250 characters'],
      ['find me at www.jamii', '*No URLs allowed'],
      ['Tea & mandazi #1 @home', '*No excessive special characters'],
    ])('rejects %j with %j', (bio, message) => {
      expect(errorsOf(ProfileUpdateInput, { bio })).toEqual({ bio: message });
    });
  });
});
