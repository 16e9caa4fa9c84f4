import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from './offline-banner';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('OfflineBanner', () => {
  it('says "You are offline" while the connection is gone, and nothing once it is back', () => {
    render(<OfflineBanner />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');

    goOffline(true);
    expect(status).toHaveTextContent('You are offline');
    expect(status).toHaveTextContent('kept on your phone');

    goOffline(false);
    expect(status).not.toHaveTextContent('You are offline');
  });
});
