import type { PersonDto } from '@jamii/shared';

/** A person as the people lists answer one (suggestions, followers). */
export function makePerson(overrides: Partial<PersonDto> = {}): PersonDto {
  return {
    id: 7,
    username: '@otieno_dev',
    name: 'Brian Otieno',
    bio: 'Full-stack developer.',
    location: 'Kisumu',
    profile_pic: null,
    headline: '',
    skills: [],
    rating_avg: null,
    rating_count: 0,
    mutual_friends: 2,
    followed_by_me: false,
    ...overrides,
  };
}
