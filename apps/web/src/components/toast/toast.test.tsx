import { TOAST_DISMISS_MS } from '@jamii/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToast, type ToastOptions } from '../../lib/toast';
import { ToastProvider } from './toast-provider';

function Trigger({ options }: { options: ToastOptions }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(options)}>
      Trigger
    </button>
  );
}

function renderTrigger(options: ToastOptions) {
  render(
    <ToastProvider>
      <Trigger options={options} />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Trigger' }));
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toast', () => {
  it('shows the message and closes itself after 5000 ms, not before', () => {
    renderTrigger({ message: 'Post created', kind: 'success' });

    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Post created');
    expect(toast).toHaveAttribute('aria-live', 'polite');
    expect(toast).toHaveClass('border-brand-600');

    act(() => {
      vi.advanceTimersByTime(TOAST_DISMISS_MS - 1);
    });
    expect(screen.getByText('Post created')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Post created')).not.toBeInTheDocument();
  });

  it('closes on its close button', () => {
    renderTrigger({ message: 'Bid Submitted' });

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    expect(screen.queryByText('Bid Submitted')).not.toBeInTheDocument();
  });

  it('shows an error as an alert with the red border', () => {
    renderTrigger({ message: 'Failed to create post', kind: 'error' });

    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('Failed to create post');
    expect(toast).toHaveClass('border-red-600');
    expect(toast).not.toHaveClass('border-brand-600');
  });

  it('runs the action and closes', () => {
    const onUndo = vi.fn();
    renderTrigger({
      message: 'You followed this item',
      kind: 'success',
      action: { label: 'Undo', onClick: onUndo },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));

    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('You followed this item')).not.toBeInTheDocument();
  });

  it('stays while the mouse rests on it and closes 5000 ms after it leaves', () => {
    renderTrigger({ message: 'Karibu Tena @wanjiku' });
    const toast = screen.getByRole('status');

    fireEvent.pointerEnter(toast, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(TOAST_DISMISS_MS * 2);
    });
    expect(toast).toBeInTheDocument();

    fireEvent.pointerLeave(toast, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(TOAST_DISMISS_MS);
    });
    expect(screen.queryByText('Karibu Tena @wanjiku')).not.toBeInTheDocument();
  });

  it('stacks several toasts, each with its own timer', () => {
    renderTrigger({ message: 'First' });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Trigger' }));
    expect(screen.getAllByRole('status')).toHaveLength(2);

    act(() => {
      vi.advanceTimersByTime(TOAST_DISMISS_MS - 2000);
    });
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });
});
