import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AppsPage } from './apps-page';

describe('AppsPage', () => {
  it('shows the three home menu tiles with their targets', () => {
    renderWithProviders(<AppsPage />, { path: '/apps' });

    expect(screen.getByRole('heading', { level: 1, name: 'Apps' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quiz' })).toHaveAttribute('href', '/kaquiz');
    expect(screen.getByRole('link', { name: 'Social Connect' })).toHaveAttribute('href', '/feed');
    expect(screen.getByRole('link', { name: 'Achievements' })).toHaveAttribute('href', '/achievements');
  });
});
