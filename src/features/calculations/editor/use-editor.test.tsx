// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftRef, Kept } from '../../../client/calculation/draft-store';
import { renderHookWithApp } from '../../../client/test/render';
import { newObject, variantOf } from '../../../domain/calculation/editor';
import type { CalculationViewProperties } from '../../../domain/api/calculations';
import { calculate } from '../api/mutations';
import { savedVariant } from '../../../domain/calculation/test/fixtures';
import { draftWith, engineRows, listFor, viewOf } from './test-fixtures';
import { useEditor, type Editor } from './use-editor';

vi.mock('../api/mutations', () => ({ calculate: vi.fn() }));
const calculateMock = vi.mocked(calculate);

const ref: DraftRef = { userProfileId: 'up-1', setId: 'set-1', variantId: 'var-1' };
const nothingKept: Kept = { stored: null, pending: null };
/** A saved variant: full payout leasing over 60 months, 10 000 for a laptop. */
const savedDraft = draftWith({ name: 'Laptops', inputValue: '10000', periodInMonths: 60 });
const savedView = viewOf(savedDraft);
const savedBody = variantOf(savedDraft, listFor(savedDraft));

/** A save that neither keeps one's own work (ifMatch) nor forces, with none waiting on the device. */
const plainSave = { onDevice: false };

function renderEditor(view: CalculationViewProperties = savedView, kept: Kept = nothingKept) {
  return renderHookWithApp(() => useEditor(view, ref, kept)).result;
}

beforeEach(() => {
  calculateMock.mockReset();
  calculateMock.mockImplementation((conditionListId) =>
    Promise.resolve({ properties: { conditionListId, results: engineRows(savedDraft) } }),
  );
});

describe('useEditor: where the editor starts', () => {
  // Opening a saved calculation shows what was saved, or the unsaved work kept on the device.
  it("starts from the saved variant's inputs, unchanged", () => {
    const editor = renderEditor();
    expect(editor.current.draft.name).toBe('Laptops');
    expect(editor.current.body()?.calculationVariant).toEqual(savedBody);
    expect(editor.current.calc.results).toEqual(engineRows(savedDraft));
    expect(editor.current.dirty).toBe(false);
  });

  it('brings back a kept unsaved draft, which counts as a change', async () => {
    const stored = {
      draft: { ...savedDraft, inputValue: '15000', name: 'Kept work' },
      parties: savedParties(),
    };
    const editor = renderEditor(savedView, { stored, pending: null });
    expect(editor.current.draft.name).toBe('Kept work');
    expect(editor.current.body()?.calculationVariant.inputValue).toBe(15000);
    expect(editor.current.dirty).toBe(true);
    // The saved results belong to other inputs: the kept ones are calculated afresh.
    await waitFor(() => expect(calculateMock).toHaveBeenCalledTimes(1));
    expect(calculateMock.mock.calls[0]![1].netAcquisitionValueAmount).toBe(15000);
  });

  it('starts from a save still waiting on the device, which counts as saved', () => {
    const pending = { calculationVariant: { ...savedBody, inputValue: 20000 }, ...savedParties() };
    const editor = renderEditor(savedView, { stored: null, pending });
    expect(editor.current.body()?.calculationVariant.inputValue).toBe(20000);
    expect(editor.current.dirty).toBe(false);
  });
});

describe('useEditor: changing the selection', () => {
  // The choices snap to what the condition lists offer.
  it('picks the list of the residual value chosen, the nearest one offered', () => {
    const editor = renderEditor();
    act(() => editor.current.update({ productId: 'SE-NOS-TA', residualValue: 20 }));
    expect(editor.current.body()?.calculationVariant.conditionListId).toBe('SE-NOS-TA-R20-C0');
    act(() => editor.current.update({ residualValue: 12 }));
    expect(editor.current.draft.residualValue).toBe(10);
    expect(editor.current.body()?.calculationVariant.conditionListId).toBe('SE-NOS-TA-R10-C0');
  });

  it("falls back to the new list's default period when it lacks the one chosen", () => {
    const editor = renderEditor();
    expect(editor.current.draft.periodInMonths).toBe(60);
    // The partial payout lists run 24 to 48 months, 48 by default.
    act(() => editor.current.update({ productId: 'SE-NOS-TA', residualValue: 10 }));
    expect(editor.current.draft.periodInMonths).toBe(48);
    act(() => editor.current.update({ periodInMonths: 24 }));
    expect(editor.current.draft.periodInMonths).toBe(24);
    act(() => editor.current.update({ periodInMonths: 60 }));
    expect(editor.current.draft.periodInMonths).toBe(48);
  });
});

describe('useEditor: unsaved changes and saving', () => {
  // The editor knows when there is something to save, and what it sends.
  it('is dirty after a change and clean again once saved', () => {
    const editor = renderEditor();
    act(() => editor.current.update({ inputValue: '12000' }));
    expect(editor.current.dirty).toBe(true);
    const answer = savedVariant(editor.current.body()!.calculationVariant, []);
    act(() => void editor.current.markSaved(answer));
    expect(editor.current.dirty).toBe(false);
    // The saved inputs are the new baseline: going back to the old ones is a change.
    act(() => editor.current.update({ inputValue: '10000' }));
    expect(editor.current.dirty).toBe(true);
  });

  // A field's change renders in a transition: a save tapped before React has rendered the last
  // keystroke must still send it.
  it('saves what the form holds, although the last change is not rendered yet', () => {
    const editor = renderEditor();
    let body: ReturnType<Editor['body']>;
    act(() => {
      editor.current.update({ inputValue: '12000' });
      expect(editor.current.draft.inputValue).toBe('10000');
      body = editor.current.body();
    });
    expect(body?.calculationVariant.inputValue).toBe(12000);
    // Saved, what it sent is the baseline.
    act(() => void editor.current.markSaved(savedVariant(body!.calculationVariant, [])));
    expect(editor.current.dirty).toBe(false);
  });

  it('tells a save that changed only the objects, which then sends the object list alone', () => {
    const laptop = { ...newObject('OT-LAPTOP', 'M-1', 10000), serialNumber: '' };
    const withObject = { ...savedDraft, financingObjects: [laptop] };
    const editor = renderEditor(viewOf(withObject));
    const objects = (serialNumber: string) => [{ ...laptop, serialNumber }];
    act(() => editor.current.update({ financingObjects: objects('SN-4711') }));
    expect(editor.current.body()?.calculationVariant.financingObjects[0]?.serialNumber).toBe('SN-4711');
    expect(editor.current.objectsOnly(plainSave)).toBe(true);
    act(() => editor.current.update({ name: 'Laptops, 2nd floor' }));
    editor.current.body();
    expect(editor.current.objectsOnly(plainSave)).toBe(false);
  });

  it("sends the whole calculation when keeping one's own work, forcing, or with a save on the device", () => {
    const laptop = { ...newObject('OT-LAPTOP', 'M-1', 10000), serialNumber: '' };
    const editor = renderEditor(viewOf({ ...savedDraft, financingObjects: [laptop] }));
    act(() => editor.current.update({ financingObjects: [{ ...laptop, serialNumber: 'SN-4711' }] }));
    editor.current.body();
    // Only the objects changed: a plain save sends them alone, none of these does.
    expect(editor.current.objectsOnly(plainSave)).toBe(true);
    expect(editor.current.objectsOnly({ ...plainSave, ifMatch: '"v2"' })).toBe(false);
    expect(editor.current.objectsOnly({ ...plainSave, force: true })).toBe(false);
    expect(editor.current.objectsOnly({ onDevice: true })).toBe(false);
  });

  it('sends the whole calculation while the server may hold other inputs than the editor started from', () => {
    const laptop = newObject('OT-LAPTOP', 'M-1', 10000);
    const withObject = { ...savedDraft, financingObjects: [laptop] };
    const pendingBody = { calculationVariant: variantOf(withObject, listFor(withObject)), ...savedParties() };
    const objects = [{ ...laptop, details: 'Second floor' }];
    // A save still waiting on the device: the server does not hold its other inputs yet.
    const waiting = renderEditor(viewOf(withObject), { stored: null, pending: pendingBody });
    act(() => waiting.current.update({ financingObjects: objects }));
    waiting.current.body();
    expect(waiting.current.objectsOnly(plainSave)).toBe(false);
    // Once a save of the whole is answered, the server holds what the editor shows.
    act(() => void waiting.current.markSaved(savedVariant(waiting.current.body()!.calculationVariant, [])));
    act(() => waiting.current.update({ financingObjects: [{ ...laptop, details: 'Third floor' }] }));
    waiting.current.body();
    expect(waiting.current.objectsOnly(plainSave)).toBe(true);
    // Handed to the outbox instead, it is not on the server yet.
    act(() => {
      waiting.current.handOver();
      waiting.current.forget();
    });
    act(() => waiting.current.update({ financingObjects: objects }));
    waiting.current.body();
    expect(waiting.current.objectsOnly(plainSave)).toBe(false);
  });

  it('gives the variant to save with the inputs typed and the list chosen', () => {
    const editor = renderEditor();
    act(() => editor.current.update({ name: 'Offer B', inputValue: '12,500.50', productId: 'SE-NOS-TA' }));
    const body = editor.current.body();
    expect(body).toMatchObject({
      calculationVariant: {
        name: 'Offer B',
        inputValue: 12500.5,
        productId: 'SE-NOS-TA',
        conditionListId: 'SE-NOS-TA-R10-C0',
        periodInMonths: 48,
        generalObject: { objectType: 'OT-LAPTOP' },
      },
      applicant: null,
      supplier: null,
      sublessee: null,
    });
  });
});

describe('useEditor: showing errors', () => {
  // A field's error shows once the user left it, or after a save was tried.
  it('shows an error only after its field was touched', async () => {
    const editor = renderEditor();
    act(() => editor.current.update({ inputValue: '' }));
    // The check has run (the calculation sees the error) but the field was not left yet.
    await waitFor(() => expect(editor.current.calc.errors.inputValue).toBe('required'));
    expect(editor.current.err('inputValue')).toBeUndefined();
    act(() => editor.current.touch('inputValue'));
    await waitFor(() => expect(editor.current.err('inputValue')).toBe('required'));
  });

  it('shows every error after a save try', async () => {
    const editor = renderEditor();
    act(() => editor.current.update({ inputValue: '100', generalObjectType: '' }));
    await waitFor(() => expect(editor.current.calc.valid).toBe(false));
    expect(editor.current.err('inputValue')).toBeUndefined();
    expect(editor.current.err('generalObjectType')).toBeUndefined();
    act(() => editor.current.submit());
    await waitFor(() => expect(editor.current.err('inputValue')).toBe('navTooLow'));
    expect(editor.current.err('generalObjectType')).toBe('required');
    expect(editor.current.err('name')).toBeUndefined();
  });
});

function savedParties() {
  return { applicant: null, supplier: null, sublessee: null, creditAgencyReportIds: [] };
}
