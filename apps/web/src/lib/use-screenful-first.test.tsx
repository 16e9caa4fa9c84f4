import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useScreenfulFirst } from './use-screenful-first';

const ITEMS = Array.from({ length: 30 }, (_, n) => `Card ${n + 1}`);

/** A list that records how many items each of its commits drew, and whether more were to come. */
function List({ items, commits }: { items: readonly string[]; commits: string[] }) {
  const { drawn, isDrawing } = useScreenfulFirst(items, 5);
  useEffect(() => {
    commits.push(`${drawn.length}${isDrawing ? ' and more' : ''}`);
  });
  return (
    <ul>
      {drawn.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

describe('useScreenfulFirst', () => {
  it('draws a list that arrives after the placeholder in two commits: a screenful, then the rest', async () => {
    const commits: string[] = [];
    const { rerender } = render(<List items={[]} commits={commits} />);
    await act(async () => {
      rerender(<List items={ITEMS} commits={commits} />);
    });
    expect(commits).toEqual(['0', '5 and more', '30']);
    expect(screen.getAllByRole('listitem')).toHaveLength(30);
    // Later pages join at once.
    await act(async () => {
      rerender(<List items={[...ITEMS, 'Card 31']} commits={commits} />);
    });
    expect(commits.at(-1)).toBe('31');
  });

  it('draws a list already there when it mounts (from the cache, as on Back) whole at once', () => {
    const commits: string[] = [];
    render(<List items={ITEMS} commits={commits} />);
    expect(commits).toEqual(['30']);
  });

  it('draws a short list whole at once, and what joins it later too', async () => {
    const commits: string[] = [];
    const { rerender } = render(<List items={[]} commits={commits} />);
    await act(async () => {
      rerender(<List items={ITEMS.slice(0, 3)} commits={commits} />);
    });
    expect(commits.every((commit) => commit === '0' || commit === '3')).toBe(true);
    await act(async () => {
      rerender(<List items={ITEMS.slice(0, 12)} commits={commits} />);
    });
    expect(commits.at(-1)).toBe('12');
    expect(commits).not.toContain('5 and more');
  });
});
