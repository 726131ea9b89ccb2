// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../client/test/render';
import { OfferLinkStatus } from './offer-link-status';

const LINKS = '/api/calculationSets/set-1/calculationVariant/var-1/offer-links';
const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

/** The server: one link, opened by the customer and still open. */
const fetchMock = vi.fn((url: string) =>
  Promise.resolve(
    url.startsWith(LINKS)
      ? new Response(
          JSON.stringify({
            properties: { count: 1 },
            entities: [
              {
                properties: {
                  offerLinkId: 'link-1',
                  state: 'opened',
                  email: 'inkop@kund.example',
                  periods: [24, 36],
                  acceptedPeriod: null,
                  declineReason: null,
                  createdAt: inDays(-1),
                  expiresAt: inDays(29),
                  answeredAt: null,
                  openedAt: inDays(0),
                },
              },
            ],
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        )
      : new Response('{}', { status: 404, headers: { 'content-type': 'application/problem+json' } }),
  ),
);
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockClear();
  vi.unstubAllGlobals();
});

const render = (readOnly: boolean) =>
  renderWithApp(<OfferLinkStatus ids={{ setId: 'set-1', variantId: 'var-1' }} readOnly={readOnly} />, {
    route: '/calculations/set-1/var-1',
  });

describe('OfferLinkStatus', () => {
  it('shows a writable profile where the link stands, and lets it withdraw an open link', async () => {
    render(false);
    expect((await screen.findByTestId('offer-link-status')).dataset.state).toBe('opened');
    expect(screen.getByRole('button', { name: 'Withdraw link' })).toBeTruthy();
  });

  it('shows a read-only profile where the link stands, with nothing to withdraw', async () => {
    render(true);
    const status = await screen.findByTestId('offer-link-status');
    expect(status.dataset.state).toBe('opened');
    expect(status.textContent).toContain('The customer opened the offer');
    expect(screen.queryByRole('button', { name: 'Withdraw link' })).toBeNull();
  });
});
