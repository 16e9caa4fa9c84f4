import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as I18n from './i18n';

describe('lazyComponent', () => {
  afterEach(() => {
    vi.doUnmock('./i18n');
    vi.resetModules();
  });

  it('draws the component once its code and the whole catalogue have arrived', async () => {
    let completeCatalogue!: () => void;
    const whole = new Promise<void>((resolve) => (completeCatalogue = resolve));
    vi.resetModules();
    vi.doMock('./i18n', async (importOriginal) => ({
      ...(await importOriginal<typeof I18n>()),
      wholeCatalogue: () => whole,
    }));
    const { lazyComponent } = await import('./lazy-component');
    let codeArrived = false;
    const Dialog = lazyComponent(() => {
      codeArrived = true;
      return Promise.resolve({ default: () => <p>Dialog drawn</p> });
    });
    render(
      <Suspense fallback={<p>Waiting</p>}>
        <Dialog />
      </Suspense>,
    );
    // The code has arrived and React has had its turn: still waiting, for the catalogue.
    await act(async () => {});
    expect(codeArrived).toBe(true);
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    expect(screen.queryByText('Dialog drawn')).not.toBeInTheDocument();
    completeCatalogue();
    expect(await screen.findByText('Dialog drawn')).toBeInTheDocument();
  });
});
