import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useId } from 'react';
import { describe, expect, it } from 'vitest';
import { TabBar, tabIdFor } from './tab-bar';
import { renderWithProviders } from '../test/render';
import { useUrlTabs } from '../lib/use-url-tabs';

const ids = ['one', 'two', 'three'] as const;

function Tabs() {
  const baseId = useId();
  const [active = 'one', select] = useUrlTabs(ids, 'one');
  return (
    <>
      <TabBar
        tabs={ids.map((id) => ({ id, label: id.toUpperCase() }))}
        activeId={active}
        onSelect={select}
        label="Sections"
        idPrefix={baseId}
        panelIdFor={(id) => `${baseId}-${id}-panel`}
      />
      <div role="tabpanel" id={`${baseId}-${active}-panel`} aria-labelledby={tabIdFor(baseId, active)}>
        Panel {active}
      </div>
    </>
  );
}

describe('useUrlTabs with TabBar', () => {
  it('opens the tab named in ?tab=, and the first one for an unknown name', () => {
    const { unmount } = renderWithProviders(<Tabs />, { path: '/x?tab=two' });
    expect(screen.getByRole('tab', { name: 'TWO' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'TWO' })).toHaveTextContent('Panel two');
    unmount();

    renderWithProviders(<Tabs />, { path: '/x?tab=nope' });
    expect(screen.getByRole('tab', { name: 'ONE' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps the chosen tab in the address without a new history entry', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Tabs />, { path: '/x' });

    await user.click(screen.getByRole('tab', { name: 'THREE' }));

    expect(router.state.location.search).toBe('?tab=three');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel three');
  });

  it('moves between tabs with the arrow keys, wrapping around, with only the open tab in the Tab order', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Tabs />, { path: '/x' });
    await user.click(screen.getByRole('tab', { name: 'ONE' }));

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'THREE' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'THREE' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'ONE' })).toHaveFocus();
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
  });
});
