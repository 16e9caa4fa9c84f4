import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authStore } from '../lib/auth';
import { t } from '../lib/i18n';
import { browserLanguage, LANGUAGE_STORAGE_KEY, preferredLanguage } from '../lib/i18n/language-choice';
import { errorResponse, fakeFetch, jsonResponse, makeUser } from '../test/auth';
import { stubFetchForEachTest } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { LanguageSwitch, useCurrentLanguage } from './language-switch';

const member = makeUser({ language: 'en' });
const fetchMock = stubFetchForEachTest({ signedIn: member });

/** A screen text that redraws with the language, as the app's screens do. */
function Heading() {
  useCurrentLanguage();
  return <h1>{t('language.settingsTitle')}</h1>;
}

describe('LanguageSwitch', () => {
  it('switches the screens to Kiswahili at once and keeps the choice on the device and the account', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    fetchMock.mockImplementation(
      fakeFetch({
        [`PUT /api/users/${member.id}`]: (init) => {
          sent = JSON.parse(String(init?.body));
          return jsonResponse({ ...member, language: 'sw' });
        },
      }),
    );
    renderWithProviders(
      <>
        <Heading />
        <LanguageSwitch />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Language' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Kiswahili');

    expect(await screen.findByRole('heading', { name: 'Lugha' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Lugha' })).toHaveValue('sw');
    expect(sent).toEqual({ language: 'sw' });
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('sw');
    expect(authStore.getSnapshot().user?.language).toBe('sw');
  });

  it('keeps the new language on the screen and says so when the account could not be told', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(
      fakeFetch({
        [`PUT /api/users/${member.id}`]: () => errorResponse(500, 'INTERNAL', 'x'),
      }),
    );
    renderWithProviders(<LanguageSwitch />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Kiswahili');
    expect(await screen.findByRole('combobox', { name: 'Lugha' })).toHaveValue('sw');
    expect(await screen.findByText('Lugha yako haikuweza kuhifadhiwa. Jaribu tena.')).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('sw');
  });
});

describe('the first language', () => {
  it("follows the browser's languages: Kiswahili for sw and sw-KE, English otherwise", () => {
    expect(browserLanguage(['sw-KE', 'en'])).toBe('sw');
    expect(browserLanguage(['SW'])).toBe('sw');
    expect(browserLanguage(['fr-FR', 'sw'])).toBe('sw');
    expect(browserLanguage(['en-GB', 'sw'])).toBe('en');
    expect(browserLanguage(['fr'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it("prefers the account's language, then the device's last choice", () => {
    expect(preferredLanguage()).toBe('en');
    authStore.setUser({ ...member, language: 'sw' });
    expect(preferredLanguage()).toBe('sw');
    authStore.reset();
    localStorage.clear();
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'sw');
    expect(preferredLanguage()).toBe('sw');
  });
});
