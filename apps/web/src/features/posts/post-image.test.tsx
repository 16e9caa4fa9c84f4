import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { dataSaverStore } from '../../lib/data-saver';
import { makePost } from '../../test/content';
import { PostImage } from './post-image';

const PLACEHOLDER = 'data:image/webp;base64,UklGRh4AAABXRUJQVlA4';

const withPicture = makePost({
  name: 'Brian Otieno',
  image_url: '/media/posts/5.webp',
  image_feed_url: '/media/posts/5-feed.webp',
  image_bytes: 183_400,
  image_feed_bytes: 42_300,
  image_placeholder: PLACEHOLDER,
});

/** Every picture the card would download (a data: URI costs no request). */
const downloads = (container: HTMLElement) =>
  [...container.querySelectorAll('img')]
    .map((img) => img.getAttribute('src'))
    .filter((src) => !src?.startsWith('data:'));

afterEach(() => dataSaverStore.reset());

describe('PostImage', () => {
  it('shows the feed-size picture lazily, linked to the full size, with the data saver off', () => {
    const { container } = render(<PostImage post={withPicture} />);
    const picture = screen.getByRole('img', { name: 'Picture shared by Brian Otieno' });
    expect(picture).toHaveAttribute('src', '/media/posts/5-feed.webp');
    expect(picture).toHaveAttribute('loading', 'lazy');
    expect(picture).not.toHaveAttribute('fetchpriority');
    expect(picture.closest('a')).toHaveAttribute('href', '/media/posts/5.webp');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(downloads(container)).toEqual(['/media/posts/5-feed.webp']);
  });

  it('fetches the first card’s picture at once and first (the likely largest paint), the rest lazily', () => {
    render(<PostImage post={withPicture} isFirst />);
    const first = screen.getByRole('img', { name: 'Picture shared by Brian Otieno' });
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
  });

  it('keeps the data saver’s word on the first card too: nothing downloaded before a tap', () => {
    dataSaverStore.set(true);
    const { container } = render(<PostImage post={withPicture} isFirst />);
    expect(downloads(container)).toEqual([]);
  });

  it('with the data saver on, downloads nothing and shows the blurred stand-in with the size', () => {
    dataSaverStore.set(true);
    const { container } = render(<PostImage post={withPicture} />);

    expect(downloads(container)).toEqual([]);
    expect(screen.getByTestId('image-placeholder')).toHaveAttribute('src', PLACEHOLDER);
    expect(
      screen.getByRole('button', { name: 'Picture shared by Brian Otieno. Tap to load · 42 kB' }),
    ).toBeInTheDocument();
  });

  it('loads the feed-size picture on a tap, and offers the full size with its size', async () => {
    dataSaverStore.set(true);
    const user = userEvent.setup();
    const { container } = render(<PostImage post={withPicture} />);

    await user.click(screen.getByRole('button', { name: /Tap to load/ }));

    const picture = screen.getByRole('img', { name: 'Picture shared by Brian Otieno' });
    expect(picture).toHaveAttribute('src', '/media/posts/5-feed.webp');
    expect(downloads(container)).toEqual(['/media/posts/5-feed.webp']);
    expect(screen.getByRole('link', { name: 'Full size · 183 kB' })).toHaveAttribute(
      'href',
      '/media/posts/5.webp',
    );
  });

  it('says "Tap to load the picture" for an older post without a size or a stand-in', () => {
    dataSaverStore.set(true);
    const { container } = render(
      <PostImage
        post={{ ...withPicture, image_bytes: null, image_feed_bytes: null, image_placeholder: null }}
      />,
    );
    expect(screen.getByRole('button', { name: /Tap to load the picture$/ })).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('uses the one file of a small picture, and offers no second size', async () => {
    dataSaverStore.set(true);
    const user = userEvent.setup();
    render(
      <PostImage
        post={{
          ...withPicture,
          image_feed_url: '/media/posts/5.webp',
          image_feed_bytes: 9_000,
          image_bytes: 9_000,
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: /Tap to load · 9 kB/ }));
    expect(screen.getByRole('img')).toHaveAttribute('src', '/media/posts/5.webp');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows nothing for a post without a picture', () => {
    const { container } = render(<PostImage post={makePost()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
