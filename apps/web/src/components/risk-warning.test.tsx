import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RiskWarning } from './risk-warning';

describe('RiskWarning', () => {
  it('shows nothing for an item without risk', () => {
    const { container } = render(<RiskWarning risk={{ level: 'none', reasons: [] }} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('warns about a caution item with each known reason in plain words, in both languages', () => {
    render(
      <RiskWarning risk={{ level: 'caution', reasons: ['upfront_fee', 'mpesa_number', 'a_future_code'] }} />,
    );
    const note = screen.getByRole('note', { name: 'Never pay to get a job' });
    expect(note).toHaveTextContent('Usilipe ili upate kazi');
    expect(note).toHaveTextContent('It asks for money before any work');
    expect(note).toHaveTextContent('It gives an M-Pesa number');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(note).not.toHaveTextContent('Held for a check');
  });

  it('warns on a high risk too, leaving "held" to the moderation label (an admin may approve it)', () => {
    render(<RiskWarning risk={{ level: 'high', reasons: ['abroad_fee'] }} />);
    const note = screen.getByRole('note', { name: 'Never pay to get a job' });
    expect(note).toHaveTextContent('A job abroad that charges you');
    expect(note).not.toHaveTextContent(/held/i);
  });
});
