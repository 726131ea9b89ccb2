// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router-dom';
import { renderWithApp } from '../../../client/test/render';
import { ResultRow } from '../../../domain/calculation/schemas';
import { savedVariant } from '../../../domain/calculation/test/fixtures';
import { CalculationVariant } from '../../../domain/calculation/variant';
import type { Action } from '../../../domain/hypermedia';
import { OfferDialog } from './offer-dialog';

const OFFER_HREF = '/api/calculationSets/set-1/calculationVariant/var-1/offer';
const action: Action = { name: 'make-offer', method: 'POST', href: OFFER_HREF };

/** A saved variant's results: 36 months selected, the instalment falling with the period. */
const rows = [12, 24, 36, 48, 60].map((months) =>
  ResultRow.parse({
    periodInMonths: months,
    netAcquisitionValueAmount: 10000,
    netAcquisitionInstallmentAmount: 10000 / months,
    serviceInstallmentAmount: 0,
    damageWaiverAmount: 15,
    totalInstallmentAmount: Math.round((10000 / months + 15) * 100) / 100,
    periodLimit: null,
    isSelected: months === 36,
    default: months === 36,
  }),
);
const variant = savedVariant(
  CalculationVariant.parse({
    conditionListId: 'SE-NOS-VA-C0',
    productId: 'SE-NOS-VA',
    navBasedCalculation: true,
    inputValue: 10000,
    periodInMonths: 36,
    generalObject: { objectType: 'OT-LAPTOP' },
  }),
  rows,
  { nonBindingQuoteNote: 'Valid for 30 days.' },
);

/** The server: the partner's languages, and the offer call's answer. */
let offerAnswer: () => Response;
// The app's calls go through `api`, which fetches by a path.
const fetchMock = vi.fn((url: string, _init?: RequestInit) => {
  if (url.startsWith('/api/calculationView'))
    return Promise.resolve(
      json(200, { properties: { conditionLists: [], partnerView: { languages: ['en-IE', 'de-DE'] } } }),
    );
  if (url.startsWith(OFFER_HREF)) return Promise.resolve(offerAnswer());
  return Promise.resolve(json(404, {}));
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status < 400 ? 'application/json' : 'application/problem+json' },
  });
/** The offer calls made, with their address and body. */
const offerCalls = () =>
  fetchMock.mock.calls
    .filter(([url]) => url.startsWith(OFFER_HREF))
    .map(([url, init]) => ({
      url,
      method: init?.method,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
    }));

beforeEach(() => {
  offerAnswer = () => json(200, { properties: {}, actions: [] });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockClear();
  vi.unstubAllGlobals();
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderDialog() {
  const onClose = vi.fn();
  renderWithApp(
    <>
      <OfferDialog action={action} variant={variant} onClose={onClose} />
      <Where />
    </>,
    { route: '/calculations/set-1/var-1' },
  );
  return { onClose, user: userEvent.setup() };
}

const period = (months: number) => screen.getByRole('checkbox', { name: new RegExp(`^${months} months: `) });
const euros = (amount: number) =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(amount);

describe('OfferDialog: the choice', () => {
  // The partner sees the periods with their instalments, the selected one ticked, and the note.
  it('offers every period with its instalment, the selected one ticked', async () => {
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Offer to the customer' })).toBeTruthy();
    for (const row of rows) {
      const box = period(row.periodInMonths);
      expect(box.closest('label')?.textContent).toContain(euros(row.totalInstallmentAmount));
      expect((box as HTMLInputElement).checked).toBe(row.periodInMonths === 36);
    }
    expect(screen.getByRole('textbox', { name: 'Non-binding note on the offer' })).toHaveProperty(
      'value',
      'Valid for 30 days.',
    );
    expect(await screen.findByRole('combobox', { name: 'Language of the offer' })).toBeTruthy();
  });

  it('cannot be sent without a period, and takes at most four', async () => {
    const { user } = renderDialog();
    await user.click(period(36));
    expect(screen.getByRole('button', { name: 'Send to customer' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Download PDF' })).toHaveProperty('disabled', true);
    for (const months of [12, 24, 36, 48]) await user.click(period(months));
    expect(screen.getByRole('button', { name: 'Send to customer' })).toHaveProperty('disabled', false);
    expect(period(60)).toHaveProperty('disabled', true);
    expect(period(48)).toHaveProperty('disabled', false);
  });
});

describe('OfferDialog: sending', () => {
  // Sending mails the offer and leads to the summary; a refusal is explained in the dialog.
  it('sends the periods, note and language chosen, then shows the summary', async () => {
    const { onClose, user } = renderDialog();
    await user.click(period(48));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language of the offer' }), 'de-DE');
    const note = screen.getByRole('textbox', { name: 'Non-binding note on the offer' });
    await user.clear(note);
    await user.type(note, 'Delivery in May.');
    await user.click(screen.getByRole('button', { name: 'Send to customer' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/calculations/set-1/var-1/summary-customer'),
    );
    expect(onClose).toHaveBeenCalled();
    expect(offerCalls()).toEqual([
      {
        url: `${OFFER_HREF}?periods=36&periods=48&makeOffer=true`,
        method: 'POST',
        body: { nonBindingQuoteNote: 'Delivery in May.', languageCode: 'de-DE' },
      },
    ]);
  });

  it('says why the server refused, and stays open', async () => {
    offerAnswer = () => json(400, { type: '/problems/error-keys', title: 'Refused', status: 400, code: 3 });
    const { onClose, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Send to customer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The offer needs a customer with an e-mail address.',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('where').textContent).toBe('/calculations/set-1/var-1');
  });

  it('closes with Escape or Cancel without sending', async () => {
    const { onClose, user } = renderDialog();
    await screen.findByRole('dialog', { name: 'Offer to the customer' });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(offerCalls()).toEqual([]);
  });
});
