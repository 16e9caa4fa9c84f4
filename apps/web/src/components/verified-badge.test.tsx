import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VerifiedBadge } from './verified-badge';

describe('VerifiedBadge', () => {
  it('says Verified email and names a company domain', () => {
    render(<VerifiedBadge member={{ email_verified: true, verified_domain: 'acme.co.ke' }} />);

    expect(screen.getByText('acme.co.ke')).toBeInTheDocument();
    expect(screen.getByText(/Verified email/)).toHaveClass('sr-only');
    expect(screen.getByTitle('Verified email at acme.co.ke')).toBeInTheDocument();
  });

  it('says only Verified email for a personal provider', () => {
    render(<VerifiedBadge member={{ email_verified: true, verified_domain: null }} />);

    expect(screen.getByTitle('Verified email')).toHaveTextContent('Verified email');
  });

  it('shows nothing when the email is not confirmed', () => {
    const { container } = render(<VerifiedBadge member={{ email_verified: false, verified_domain: null }} />);

    expect(container).toBeEmptyDOMElement();
  });
});
