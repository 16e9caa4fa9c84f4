import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '../../test/auth';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { UssdPinSettings } from './ussd-pin-settings';

const fetchMock = stubFetchForEachTest();

describe('UssdPinSettings', () => {
  it('saves four digits with the password, and says so', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    renderWithProviders(<UssdPinSettings />);
    expect(screen.getByRole('heading', { name: 'USSD PIN' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New PIN (four digits)'), '2580');
    await user.type(screen.getByLabelText('Your password'), 'Strong-Pass-2024!');
    await user.click(screen.getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText('Your USSD PIN is saved')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/ussd-pin');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ pin: '2580', password: 'Strong-Pass-2024!' });
    expect(screen.getByLabelText('New PIN (four digits)')).toHaveValue('');
  });

  it('refuses a PIN that is not four digits before asking the server', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UssdPinSettings />);
    await user.type(screen.getByLabelText('New PIN (four digits)'), '12a');
    await user.type(screen.getByLabelText('Your password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText('Choose a PIN of four digits')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s word on a wrong password under the password', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      errorResponse(400, 'VALIDATION_FAILED', 'That password is not right', 'password'),
    );
    renderWithProviders(<UssdPinSettings />);
    await user.type(screen.getByLabelText('New PIN (four digits)'), '1234');
    await user.type(screen.getByLabelText('Your password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText('That password is not right')).toBeInTheDocument();
  });
});
