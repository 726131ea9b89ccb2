// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftRef } from '../../../client/calculation/draft-store';
import { renderWithApp } from '../../../client/test/render';
import { TransitionUpdates } from '../../../client/ui/form-fields';
import { newObject } from '../../../domain/calculation/editor';
import { calculate } from '../api/mutations';
import { draftWith, engineRows, OBJECT_TYPES, viewOf } from './test-fixtures';
import { ObjectsTile } from './objects-tile';
import { useEditor, type Editor } from './use-editor';

vi.mock('../api/mutations', () => ({ calculate: vi.fn() }));

const ref: DraftRef = { userProfileId: 'up-1', setId: 'set-1', variantId: 'var-1' };
// One laptop for the whole NAV; 3 × 1500 make it too.
const saved = draftWith({ inputValue: '4500', financingObjects: [newObject('OT-LAPTOP', '', 4500)] });

/** The objects tile as the editor shows it: its changes render in a transition. */
function renderTile() {
  const editor: { current?: Editor } = {};
  function Harness() {
    const ed = useEditor(viewOf(saved), ref, { stored: null, pending: null });
    editor.current = ed;
    return (
      <TransitionUpdates value>
        <ObjectsTile
          ed={ed}
          objectTypes={OBJECT_TYPES}
          readOnly={false}
          currency="SEK"
          showSerialNumbers
          detailsNeeded={false}
        />
      </TransitionUpdates>
    );
  }
  renderWithApp(<Harness />);
  return editor as { current: Editor };
}

beforeEach(() => {
  vi.mocked(calculate).mockImplementation((conditionListId) =>
    Promise.resolve({
      properties: { conditionListId, results: engineRows(saved) },
    }),
  );
});

describe('ObjectsTile', () => {
  // A salesperson types the price and at once the quantity: the second change must not undo the
  // first, although React has not rendered the first one when the second comes.
  it('keeps two changes of one object made before either is rendered', () => {
    const editor = renderTile();
    const price = screen.getByRole('textbox', { name: /price/i });
    const quantity = screen.getByRole('textbox', { name: /quantity/i });
    act(() => {
      fireEvent.change(price, { target: { value: '1500' } });
      fireEvent.change(quantity, { target: { value: '3' } });
    });
    expect(editor.current.body()?.calculationVariant.financingObjects?.[0]).toMatchObject({
      netPricePerItemAmount: 1500,
      quantity: 3,
    });
    // What the fields show is what the form holds.
    expect(price).toHaveProperty('value', '1500');
    expect(quantity).toHaveProperty('value', '3');
  });

  it('adds an object after the ones typed into, keeping what was typed', () => {
    const editor = renderTile();
    act(() => {
      fireEvent.change(screen.getByRole('textbox', { name: /quantity/i }), { target: { value: '2' } });
      fireEvent.click(screen.getByRole('button', { name: /add/i }));
    });
    expect(editor.current.variant()?.financingObjects.map((o) => o.quantity)).toEqual([2, 1]);
  });
});
