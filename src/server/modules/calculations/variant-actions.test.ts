import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALCULATION_STATES, type CalculationState } from '../../../domain/calculation/states';
import type { ActionName } from '../../../domain/hypermedia';
import { savedCalculation } from '../../test/fixtures';
import { DEMO, startTestApp, type TestApp } from '../../test/harness';

/**
 * One rule per action (domain/calculation/variant-policy.ts): in every state, each action the
 * variant offers passes its call's check, and each one it does not offer is refused (409). A set
 * of two variants is put into the state directly; an offered action gets a set of its own, since
 * its call may change what the next one finds.
 */
interface Variant {
  href: string;
  setId: string;
  variantId: string;
  properties: Record<string, unknown>;
}
type Call = (v: Variant) => { method: 'GET' | 'PUT' | 'POST' | 'DELETE'; url: string; payload?: object };

const signee = {
  firstName: 'Anna',
  lastName: 'Test',
  email: 'anna@kund.example',
  mobileNumber: '+46701234567',
};

/**
 * Each action of a variant, called as the PWA calls it. Two calls go by two names, one for the
 * state each is offered in: the paper contract ('change-to-papercontract' during a signing) and
 * the e-signature ('change-to-econtract' once printed).
 */
const CALLS: Partial<Record<ActionName, Call>> = {
  'update-variant': (v) => ({
    method: 'PUT',
    url: `${v.href}?forceUpdate=true`,
    payload: {
      calculationVariant: v.properties.calculationVariant,
      applicant: v.properties.applicant,
      supplier: v.properties.supplier,
    },
  }),
  'update-applicant': (v) => ({
    method: 'PUT',
    url: `${v.href}/applicant?forceUpdate=true`,
    payload: v.properties.applicant as object,
  }),
  'update-object-list': (v) => ({
    method: 'PUT',
    url: `${v.href}/object-list?forceUpdate=true`,
    payload: { financingObjects: [] },
  }),
  'copy-variant': (v) => ({
    method: 'POST',
    url: `/api/calculationSets/${v.setId}/calculationVariant`,
    payload: { copyOf: v.variantId },
  }),
  'delete-variant': (v) => ({ method: 'DELETE', url: v.href }),
  'make-offer': (v) => ({
    method: 'PUT',
    url: `/api/calculationSets/${v.setId}/offer?calculationVariantId=${v.variantId}&periods=36&makeOffer=false`,
    payload: { nonBindingQuoteNote: '' },
  }),
  'send-offer-link': (v) => ({
    method: 'POST',
    url: `${v.href}/offer-links`,
    payload: { email: 'kunde@example.com', periods: [36] },
  }),
  'request-to-grenke': (v) => ({
    method: 'PUT',
    url: `${v.href}/toGrenke`,
    payload: { quoteNote: 'Walked', sendRequest: false },
  }),
  'request-special-case-condition': (v) => ({
    method: 'PUT',
    url: `${v.href}/special-case-condition`,
    payload: { text: 'A longer period, please.' },
  }),
  'paper-contract': (v) => ({ method: 'PUT', url: `${v.href}/paperContract` }),
  'start-esignature': (v) => ({
    method: 'PUT',
    url: `${v.href}/Esignature`,
    // Passes the schema, then fails after the state check (a partner signee is required).
    payload: { customerContractSignees: [{ ...signee, signingOrder: 1 }] },
  }),
  'change-to-bankId': (v) => ({
    method: 'POST',
    url: `${v.href}/bankid/start`,
    payload: { customerContractSignees: [{ firstName: 'Anna', lastName: 'Test', email: signee.email }] },
  }),
  'send-contract-start': (v) => ({ method: 'POST', url: `${v.href}/contract-start` }),
  'cancel-process': (v) => ({ method: 'POST', url: `${v.href}/cancel` }),
};

/**
 * Actions whose rule needs more than the state, with where they are tested: the state alone
 * cannot make a running signing.
 */
const ALSO_NAMED: Partial<Record<ActionName, ActionName>> = {
  'change-to-papercontract': 'paper-contract',
  'change-to-econtract': 'start-esignature',
};

const NOT_BY_STATE: Partial<Record<ActionName, string>> = {
  'cancel-esignature': 'needs a running e-signature (esignature.test.ts)',
  'bankid-status': 'reads the running BankID order, 404 when none (bankid.test.ts)',
};

describe('the variant offers an action exactly where its call passes the check (pglite)', () => {
  let t: TestApp;
  let erik: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
  });
  afterAll(() => t.close());

  let count = 0;
  /** A set of two variants (the first one in `state`), with the first one's answer. */
  async function variantIn(state: CalculationState): Promise<Variant> {
    const saved = await savedCalculation(t, erik, `Walk ${state} ${++count} AB`);
    const copy = await t.app.inject({
      method: 'POST',
      url: `/api/calculationSets/${saved.calculationSetId}/calculationVariant`,
      headers: erik,
      payload: { copyOf: saved.calculationVariantId },
    });
    expect(copy.statusCode, copy.body).toBe(201);
    await t.db.query('update calculation_variants set state = $1 where id = $2', [
      state,
      saved.calculationVariantId,
    ]);
    const answer = await t.app.inject({ url: saved.href, headers: erik });
    const { properties, actions } = answer.json<{
      properties: Record<string, unknown>;
      actions: { name: ActionName }[];
    }>();
    expect(properties.state).toBe(state);
    return {
      href: saved.href,
      setId: saved.calculationSetId,
      variantId: saved.calculationVariantId,
      properties: { ...properties, offered: actions.map((a) => a.name) },
    };
  }

  it.each(CALCULATION_STATES)('in %s', async (state) => {
    const probe = await variantIn(state);
    const offered = (probe.properties.offered as ActionName[]).map((name) => ALSO_NAMED[name] ?? name);
    expect(offered.filter((name) => !CALLS[name] && !NOT_BY_STATE[name])).toEqual([]);
    const disagreements: string[] = [];
    for (const [name, call] of Object.entries(CALLS) as [ActionName, Call][]) {
      const isOffered = offered.includes(name);
      const v = isOffered ? await variantIn(state) : probe;
      const res = await t.app.inject({ ...call(v), headers: erik });
      // The state rule's refusal; anything else (a 400 of a later check) passed it. A failure never does.
      const refused =
        res.statusCode === 409 &&
        res.json<{ errorKeys?: string[] }>().errorKeys?.[0] === 'invalidCurrentState';
      if (refused === isOffered || res.statusCode >= 500)
        disagreements.push(
          `${name}: ${isOffered ? 'offered' : 'not offered'}, answered ${res.statusCode} ${res.body.slice(0, 160)}`,
        );
    }
    expect(disagreements).toEqual([]);
  });
});
