import { COUNTY_NAMES } from '@jamii/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBid, makeJob } from '../test/content';
import { stubFetchForEachTest } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { BidCard } from '../features/bids/bid-card';
import { JobCard } from '../features/jobs/job-card';
import { ServiceForm } from '../features/services/service-form';
import { SignupPage } from '../features/auth/signup-page';
import { LinkedText } from '../components/linked-text';

// docs/features/phones-and-places.md: numbers in what members write call and open WhatsApp; location fields suggest
// Kenya's counties and towns.

stubFetchForEachTest({ withAuth: true });

describe('phone numbers in text', () => {
  it('link to call and to WhatsApp, as written, and leave prices alone', () => {
    renderWithProviders(
      <p>
        <LinkedText text="Piga 0712 345 678 au +254 110 000 111. Bei KSh 1,500, 2025." linkClassName="x" />
      </p>,
    );
    expect(screen.getByRole('link', { name: '0712 345 678' })).toHaveAttribute('href', 'tel:+254712345678');
    expect(screen.getByRole('link', { name: 'WhatsApp 0712 345 678' })).toHaveAttribute(
      'href',
      'https://wa.me/254712345678',
    );
    expect(screen.getByRole('link', { name: '+254 110 000 111' })).toHaveAttribute(
      'href',
      'tel:+254110000111',
    );
    expect(screen.getAllByRole('link')).toHaveLength(4);
  });

  it('are tappable in job and bid descriptions', () => {
    const { unmount } = renderWithProviders(
      <JobCard job={makeJob({ description: 'Call Otieno on 0722 123 456 to apply.' })} />,
    );
    expect(screen.getByRole('link', { name: '0722 123 456' })).toHaveAttribute('href', 'tel:+254722123456');
    expect(screen.getByRole('link', { name: 'WhatsApp 0722 123 456' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<BidCard bid={makeBid({ description: 'WhatsApp 254712345678 for the plans' })} />);
    expect(screen.getByRole('link', { name: '254712345678' })).toHaveAttribute('href', 'tel:+254712345678');
  });
});

describe('location suggestions', () => {
  const suggestionsOf = (input: HTMLElement) => {
    const listId = input.getAttribute('list');
    expect(listId).toBeTruthy();
    const list = document.getElementById(listId!);
    expect(list?.tagName).toBe('DATALIST');
    return [...list!.querySelectorAll('option')].map((option) => option.value);
  };

  it('offers every county and major towns at signup, free text still allowed', () => {
    renderWithProviders([{ path: '/signup', element: <SignupPage /> }], { path: '/signup' });
    const suggestions = suggestionsOf(screen.getByLabelText('Location (optional)'));
    for (const county of COUNTY_NAMES) expect(suggestions).toContain(county.replace("'", ''));
    expect(suggestions).toContain('Eldoret, Uasin Gishu');
  });

  it('offers them on the service form too', () => {
    renderWithProviders(<ServiceForm />);
    const form = screen.getByRole('form');
    expect(suggestionsOf(within(form).getByLabelText(/Location/))).toContain('Kisumu');
  });
});
