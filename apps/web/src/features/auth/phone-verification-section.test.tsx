import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser } from '../../test/auth';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { PhoneVerificationSection } from './phone-verification-section';

const member = makeUser({ id: 7, phone: '+254712345678', phone_verified: false });
const fetchMock = stubFetchForEachTest({ signedIn: member });

const routes = [{ path: '/settings/security', element: <PhoneVerificationSection /> }];

describe('PhoneVerificationSection', () => {
  it("starts from the member's unverified number and shows Verified once the code is proved", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/auth/phone/start': (init) => {
          sent.push(JSON.parse(String(init?.body)));
          return jsonResponse({ message: 'sent', phone: '+254712345678', expires_in: 600 });
        },
        'POST /api/auth/phone/verify': jsonResponse({
          phone_verified: true,
          user: { ...member, phone_verified: true },
        }),
      }),
    );
    renderWithProviders(routes, { path: '/settings/security' });
    const section = screen.getByRole('region', { name: 'Verify my number' });

    expect(within(section).getByText('Not verified')).toBeVisible();
    expect(within(section).getByLabelText('Phone number')).toHaveValue('0712 345 678');
    await user.click(within(section).getByRole('button', { name: 'Send code' }));
    // Signed in, the SMS is in the member's own language: none is sent along.
    expect(sent).toEqual([{ phone: '+254712345678' }]);
    await user.type(await within(section).findByLabelText('Six-digit code'), '123456');
    await user.click(within(section).getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Your number is verified.')).toBeVisible();
    expect(within(section).getByText('Verified')).toBeVisible();
    expect(within(section).queryByLabelText('Six-digit code')).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Verify another number' })).toBeVisible();
  });

  it("shows a number another account verified under the number's field", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/auth/phone/start': errorResponse(
          409,
          'PHONE_TAKEN',
          'That phone number is already used by another account',
          'phone',
        ),
      }),
    );
    renderWithProviders(routes, { path: '/settings/security' });

    await user.click(screen.getByRole('button', { name: 'Send code' }));

    await expect
      .poll(() => screen.getByLabelText('Phone number').getAttribute('aria-describedby'))
      .toMatch(/-error$/);
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
      'That phone number is already used by another account',
    );
  });
});
