import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, avatarInitial } from './avatar';
import { CardAvatar } from './card-avatar';

describe('Avatar', () => {
  it('shows the profile picture', () => {
    render(<Avatar person={{ name: 'Wanjiku', profile_pic: '/media/avatars/w.webp' }} label="Wanjiku" />);

    expect(screen.getByRole('img', { name: 'Wanjiku' })).toHaveAttribute('src', '/media/avatars/w.webp');
  });

  it('falls back to the initial of the name, else of the username, else a question mark', () => {
    expect(avatarInitial({ name: 'wanjiku Kamau', username: '@zawadi' })).toBe('W');
    expect(avatarInitial({ name: '  ', username: '@otieno_dev' })).toBe('O');
    expect(avatarInitial({ name: null, username: null })).toBe('?');
    expect(avatarInitial({})).toBe('?');
  });

  it('draws the initial when there is no picture', () => {
    render(<Avatar person={{ name: 'Amina Hassan', profile_pic: null }} label="Amina Hassan" />);

    expect(screen.getByRole('img', { name: 'Amina Hassan' })).toHaveTextContent('A');
  });

  it('draws a member in the colour of their job and bid cards, whatever the screen', () => {
    for (const name of ['Amina Hassan', 'Brian Otieno', 'Chebet Langat', 'Wanjiku Kamau']) {
      const { unmount } = render(
        <>
          <Avatar person={{ name, profile_pic: null }} label={`${name} in a post`} />
          <CardAvatar name={name} picture={null} label={`${name} on a card`} />
        </>,
      );
      const post = screen.getByRole('img', { name: `${name} in a post` });
      const card = screen.getByRole('img', { name: `${name} on a card` });
      expect(post.dataset.colour).toBe(card.dataset.colour);
      unmount();
    }
  });
});
