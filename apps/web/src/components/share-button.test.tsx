import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ShareButton } from './share-button';

const button = () => screen.getByRole('button', { name: 'Share Post by Amina' });

function renderShare() {
  return renderWithProviders(<ShareButton path="/p/12" text="Amina on Jamii: Habari" what="Post by Amina" />);
}

describe('ShareButton', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the phone’s share sheet with the text and the post’s address where there is one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    renderShare();
    await userEvent.click(button());
    expect(share).toHaveBeenCalledWith({
      text: 'Amina on Jamii: Habari',
      url: `${window.location.origin}/p/12`,
    });
    expect(screen.queryByRole('link', { name: 'Share on WhatsApp' })).not.toBeInTheDocument();
  });

  it('does nothing more when the member closes the share sheet', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
    vi.stubGlobal('navigator', { ...navigator, share });
    renderShare();
    await userEvent.click(button());
    expect(share).toHaveBeenCalledOnce();
    expect(screen.queryByRole('link', { name: 'Share on WhatsApp' })).not.toBeInTheDocument();
  });

  it('offers WhatsApp and Copy link without a share sheet, and copies the address', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    renderShare();
    await user.click(button());
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    const whatsapp = screen.getByRole('link', { name: 'Share on WhatsApp' });
    expect(whatsapp).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`Amina on Jamii: Habari ${window.location.origin}/p/12`)}`,
    );
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/p/12`);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Share on WhatsApp' })).not.toBeInTheDocument();
  });

  it('says so when the link cannot be copied', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    renderShare();
    await user.click(button());
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(
      await screen.findByText('Could not copy the link. Copy it from the address bar.'),
    ).toBeInTheDocument();
  });
});
