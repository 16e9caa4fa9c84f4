import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { LandingPage } from './landing-page';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const fetchMock = stubFetchForEachTest();

function answerSite(body: unknown, status = 200) {
  fetchMock.mockImplementation(async () =>
    Response.json(body, { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

describe('LandingPage', () => {
  it('shows the SPEC texts and links Get Started to /login and Sign up to /signup', () => {
    answerSite({ contact_email: 'hello@jamii.co.ke', contact_phone: '+254 700 123 456' });
    renderWithProviders(<LandingPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Just that simple' })).toBeInTheDocument();
    expect(screen.getByText(/all-in-one space/)).toHaveTextContent(/game in development/);
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/signup',
    );
    for (const feature of ['Jobs', 'Bids', 'Videos', 'Quiz']) {
      expect(screen.getByRole('heading', { level: 3, name: feature })).toBeInTheDocument();
    }
  });

  it('hides the hero illustration under 768 px', () => {
    answerSite({ contact_email: 'hello@jamii.co.ke', contact_phone: '+254 700 123 456' });
    renderWithProviders(<LandingPage />);

    expect(screen.getByTestId('hero-illustration')).toHaveClass('hidden', 'md:block');
  });

  it('shows the footer with the city, the contact email and phone from /api/site, and the copyright', async () => {
    answerSite({ contact_email: 'hello@jamii.co.ke', contact_phone: '+254 700 123 456' });
    renderWithProviders(<LandingPage />);
    const footer = screen.getByRole('contentinfo');

    expect(within(footer).getByText('Nairobi, Kenya')).toBeInTheDocument();
    expect(within(footer).getByText('© 2025 Jamii. All rights reserved.')).toBeInTheDocument();
    expect(await within(footer).findByRole('link', { name: /hello@jamii\.co\.ke/ })).toHaveAttribute(
      'href',
      'mailto:hello@jamii.co.ke',
    );
    expect(within(footer).getByRole('link', { name: /\+254 700 123 456/ })).toHaveAttribute(
      'href',
      'tel:+254700123456',
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/site', expect.objectContaining({ credentials: 'include' }));
  });

  it('links the four social networks, opening safely in a new tab', () => {
    answerSite({ contact_email: 'hello@jamii.co.ke', contact_phone: '+254 700 123 456' });
    renderWithProviders(<LandingPage />);
    const footer = screen.getByRole('contentinfo');

    for (const [name, href] of [
      ['Facebook', 'https://facebook.com/jamii'],
      ['X', 'https://x.com/jamii'],
      ['Instagram', 'https://instagram.com/jamii'],
      ['LinkedIn', 'https://linkedin.com/company/jamii'],
    ] as const) {
      const link = within(footer).getByRole('link', { name: new RegExp(`^${name}\\b`) });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    }
  });

  it('still shows the page and footer without the email and phone when /api/site fails', async () => {
    answerSite({ code: 'INTERNAL', message: 'An error occurred' }, 500);
    renderWithProviders(<LandingPage />);

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: 'Just that simple' })).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Nairobi, Kenya')).toBeInTheDocument();
    expect(within(footer).queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
    expect(footer.querySelector('a[href^="tel:"]')).toBeNull();
  });
});
