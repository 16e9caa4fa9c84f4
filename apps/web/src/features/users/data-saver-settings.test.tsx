import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_SAVER_STORAGE_KEY, dataSaverStore, isDataSaverOn } from '../../lib/data-saver';
import { DataSaverSettings } from './data-saver-settings';

function setConnection(connection: object | undefined) {
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
}

afterEach(() => {
  setConnection(undefined);
  dataSaverStore.reset();
});

describe('DataSaverSettings', () => {
  it('is a switch, explained, that the member turns on and off; the choice stays on the device', async () => {
    const user = userEvent.setup();
    render(<DataSaverSettings />);
    const toggle = screen.getByRole('switch', { name: 'Save data on this device' });
    expect(screen.getByRole('heading', { name: 'Data saver' })).toBeInTheDocument();
    expect(toggle).toHaveAccessibleDescription(/Pictures load only when you tap them/);
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(isDataSaverOn()).toBe(true);
    expect(localStorage.getItem(DATA_SAVER_STORAGE_KEY)).toBe('on');

    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(localStorage.getItem(DATA_SAVER_STORAGE_KEY)).toBe('off');
  });

  it('says why it is on when the browser turned it on, until the member chooses', async () => {
    setConnection({ effectiveType: '3g' });
    const user = userEvent.setup();
    render(<DataSaverSettings />);
    expect(screen.getByRole('switch')).toBeChecked();
    expect(
      screen.getByText(/your browser asked to save data or your connection is slow/),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('switch'));
    await user.click(screen.getByRole('switch'));
    expect(screen.getByRole('switch')).toBeChecked();
    expect(screen.queryByText(/your browser asked to save data/)).not.toBeInTheDocument();
  });
});
