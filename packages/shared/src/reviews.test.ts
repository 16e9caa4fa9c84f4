import { describe, expect, it } from 'vitest';
import { ratingAverage } from './review-rules';
import { ReviewInput } from './reviews';
import { normalizeSkills, ProfileFormInput, ProfileUpdateInput } from './users';

describe('ReviewInput', () => {
  it('takes exactly one deal, a whole rating of 1 to 5 and a trimmed text', () => {
    expect(ReviewInput.parse({ bid_id: '4', rating: '5', text: ' Great ' })).toEqual({
      bid_id: 4,
      rating: 5,
      text: 'Great',
    });
    expect(ReviewInput.parse({ application_id: 2, rating: 1 })).toEqual({
      application_id: 2,
      rating: 1,
      text: '',
    });
    expect(ReviewInput.safeParse({ rating: 3 }).success).toBe(false);
    expect(ReviewInput.safeParse({ bid_id: 1, application_id: 2, rating: 3 }).success).toBe(false);
    for (const rating of [0, 6, 3.5, 'x']) {
      expect(ReviewInput.safeParse({ bid_id: 1, rating }).success).toBe(false);
    }
    expect(ReviewInput.safeParse({ bid_id: 1, rating: 3, text: 'x'.repeat(1001) }).success).toBe(false);
  });
});

describe('ratingAverage', () => {
  it('is null without ratings and rounds to one decimal', () => {
    expect(ratingAverage(0, 0)).toBeNull();
    expect(ratingAverage(14, 3)).toBe(4.7);
    expect(ratingAverage(9, 2)).toBe(4.5);
    expect(ratingAverage(5, 1)).toBe(5);
  });
});

describe('headline and skills', () => {
  it('trims skills and keeps one of each whatever the case', () => {
    expect(normalizeSkills([' Solar PV ', 'solar pv', 'Wiring', 'WIRING  '])).toEqual(['Solar PV', 'Wiring']);
  });

  it('reads the settings form’s comma-separated skills', () => {
    expect(ProfileFormInput.parse({ skills: 'Plumbing, welding ,, Plumbing', headline: ' Fundi ' })).toEqual({
      skills: ['Plumbing', 'welding'],
      headline: 'Fundi',
    });
    expect(ProfileFormInput.parse({ skills: '' })).toEqual({ skills: [] });
  });

  it('refuses more than 20 skills, a skill over 40 characters and a headline over 120', () => {
    const many = Array.from({ length: 21 }, (_, i) => `Skill ${i}`);
    expect(ProfileUpdateInput.safeParse({ skills: many }).error?.issues[0]?.message).toBe(
      '*At most 20 skills',
    );
    expect(ProfileUpdateInput.safeParse({ skills: ['x'.repeat(41)] }).error?.issues[0]?.message).toBe(
      '*Each skill is 1 to 40 characters',
    );
    expect(ProfileUpdateInput.safeParse({ headline: 'x'.repeat(121) }).success).toBe(false);
    expect(ProfileUpdateInput.parse({ headline: 'x'.repeat(120) }).headline).toHaveLength(120);
  });
});
