// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderWithApp } from '../../../client/test/render';
import type { CalculationRow, ListParams } from '../api/list-queries';
import { ListTable } from './list-table';

const CANCEL_HREF = '/api/calculationSets/set-9/calculationVariant/var-9/cancel';

const row: CalculationRow = {
  item: {
    calculationSetId: 'set-9',
    calculationVariantId: 'var-9',
    lastEdited: '2025-05-02T10:00:00Z',
    name: '',
    applicantName: 'Harbour Bakery Ltd',
    sublesseeName: '',
    isSubLease: false,
    referenceCode: null,
    state: 'offerToCustomer',
    stateColour: 'blue',
    currencyCode: 'EUR',
    ownerName: 'Ada Lovelace',
    netAcquisitionValueAmount: 10000,
    periodInMonths: 36,
    totalInstallmentAmount: 311.53,
    billingPeriod: 'month',
    monthlyTotalInstallmentAmount: 311.53,
    schedule: [],
  },
  entity: {
    properties: {},
    actions: [{ name: 'cancel-process', method: 'POST', href: CANCEL_HREF }],
  },
};

const params: ListParams = {
  searchText: '',
  states: [],
  sortBy: 'lastEdited',
  sortDirection: 'desc',
  itemsPerPage: 20,
  page: 1,
  filterUserProfileId: '',
};

/** The server: the cancel call answers the cancelled variant. */
// The app's calls go through `api`, which fetches by a path.
const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
  Promise.resolve(
    new Response(JSON.stringify({ properties: {} }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    }),
  ),
);
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockClear();
  vi.unstubAllGlobals();
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** The list page and the editor's route, inside the page's main landmark (where menus open). */
function renderList() {
  renderWithApp(
    <main id="main">
      <Routes>
        <Route
          path="/calculations"
          element={
            <ListTable
              rows={[row]}
              loading={false}
              params={params}
              onSort={() => {}}
              empty="No calculations"
            />
          }
        />
        <Route path="/calculations/:setId/:variantId" element={<h1>Editor</h1>} />
      </Routes>
      <Where />
    </main>,
    { route: '/calculations' },
  );
  return userEvent.setup();
}

const where = () => screen.getByTestId('where').textContent;

/** Where the pointer is: jsdom lays nothing out, so each move gets coordinates of its own. */
let pointerY = 0;

async function chooseCancelProcess(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Actions for Harbour Bakery Ltd' }));
  const item = await screen.findByRole('menuitem', { name: 'Cancel calculation process' });
  // The menu highlights the item the pointer moves onto (a move to the same point is no move).
  await user.pointer({ target: item, coords: { clientX: 1, clientY: ++pointerY } });
  await user.click(item);
  return screen.findByRole('alertdialog', { name: 'Cancel calculation process' });
}

describe('ListTable row actions', () => {
  // A row opens its calculation, but its actions menu and their dialog keep the user on the list.
  it('opens the calculation when the row is clicked', async () => {
    const user = renderList();
    await user.click(screen.getByText('Ada Lovelace'));
    await waitFor(() => expect(where()).toBe('/calculations/set-9/var-9'));
  });

  it('stays on the list when the cancel-process confirmation is dismissed', async () => {
    const user = renderList();
    const dialog = await chooseCancelProcess(user);
    expect(where()).toBe('/calculations');
    expect(dialog.textContent).toContain(
      'Cancel the process of this calculation? It cannot be requested or signed any more.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(where()).toBe('/calculations');
    expect(screen.queryByRole('heading', { name: 'Editor' })).toBeNull();
    // Closed (jsdom runs no exit animation, so Chakra leaves it in the document, closed).
    await waitFor(() => expect(dialog.getAttribute('data-state')).toBe('closed'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('cancels the process on confirmation, and stays on the list', async () => {
    const user = renderList();
    const dialog = await chooseCancelProcess(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the process' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![0]).toBe(CANCEL_HREF);
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('POST');
    expect(where()).toBe('/calculations');
  });
});
