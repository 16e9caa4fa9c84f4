import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, storeSignedIn } from '../test/auth';
import { renderWithProviders } from '../test/render';
import { stubFetchForEachTest } from '../test/fetch-stub';
import { ModerationLabel } from './moderation-label';

stubFetchForEachTest({ withAuth: true });

describe('ModerationLabel', () => {
  it('says nothing on a visible item', () => {
    storeSignedIn(makeUser({ id: 7 }));
    renderWithProviders(<ModerationLabel moderation="visible" authorId={7} />);
    expect(screen.queryByTestId('moderation-label')).not.toBeInTheDocument();
  });

  it('tells the author that moderators hid the item', () => {
    storeSignedIn(makeUser({ id: 7 }));
    renderWithProviders(<ModerationLabel moderation="hidden" authorId={7} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Hidden by moderatorsOnly you and the moderators can see it.',
    );
  });

  it('tells the author that a held item is seen only by them', () => {
    storeSignedIn(makeUser({ id: 7 }));
    renderWithProviders(<ModerationLabel moderation="held" authorId={7} />);
    expect(screen.getByRole('status')).toHaveTextContent('Held for review: only you can see it');
  });

  it('shows an admin the state in short', () => {
    storeSignedIn(makeUser({ id: 1, role: 'admin' }));
    renderWithProviders(<ModerationLabel moderation="held" authorId={7} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Held for review$/);
    renderWithProviders(<ModerationLabel moderation="hidden" authorId={7} />);
    expect(screen.getAllByRole('status')[1]).toHaveTextContent(/^Hidden by moderators$/);
  });
});
