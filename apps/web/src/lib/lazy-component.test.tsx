import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { heldCatalogue, mockWholeCatalogue, unmockWholeCatalogue } from '../test/catalogue';

describe('lazyComponent', () => {
  afterEach(unmockWholeCatalogue);

  it('draws the component once its code and the whole catalogue have arrived', async () => {
    const catalogue = heldCatalogue();
    mockWholeCatalogue(() => catalogue.whole);
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
    catalogue.complete();
    expect(await screen.findByText('Dialog drawn')).toBeInTheDocument();
  });
});
