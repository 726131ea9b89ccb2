import {
  canConfirmGuarantee,
  canDecide,
  decide,
  missingInfoOf,
} from '../../../domain/calculation/credit-decision';
import type { QueueEntity, RequestDetailEntity } from '../../../domain/api/backoffice';
import { approvalLimitIn, decisionProblems } from '../../../domain/calculation/requests';
import type { Db } from '../../db/db';
import type { Caller } from '../../plugins/auth';
import { forbidden, notFound, validation } from '../../problems';
import { findSet, objectTypesOfBrand } from '../calculations';
import { applyDecision, applyGuaranteeReceived, type DecisionInput } from './decisions';
import { approvalLimitsOf, instantDecisionLimit } from '../session';
import { creditRequestQueue, findRequest, type RequestRow } from './repo';
import { jsonDates } from '../../db/json-dates';

/**
 * The provider's back office (underwriters only): the open requests against the 20-minute
 * promise, one request with what the decision needs, and the decisions themselves.
 */
export const PROMISE_MINUTES = 20;
const href = (id: string) => `/api/backoffice/requests/${id}`;

export function requireUnderwriter(caller: Caller): void {
  if (!caller.user.isUnderwriter) throw forbidden('Only the provider’s underwriters decide requests.');
}

export async function listQueue(db: Db, caller: Caller): Promise<QueueEntity> {
  requireUnderwriter(caller);
  const rows = await creditRequestQueue(db);
  const now = Date.now();
  return {
    class: ['backofficeQueue'],
    properties: { count: rows.length, promiseMinutes: PROMISE_MINUTES },
    entities: rows.map((r) => ({
      class: ['creditRequest'],
      rel: ['item'],
      properties: {
        ...jsonDates(r),
        ageMinutes: Math.floor((now - new Date(r.requestedAt).getTime()) / 60_000),
      },
      links: [{ rel: ['self'], href: href(r.id) }],
    })),
    links: [{ rel: ['self'], href: '/api/backoffice/requests' }],
  };
}

async function requestOf(db: Db, id: string): Promise<RequestRow> {
  const request = await findRequest(db, id);
  if (!request) throw notFound('No such request.');
  return request;
}

export async function getRequest(db: Db, caller: Caller, id: string): Promise<RequestDetailEntity> {
  requireUnderwriter(caller);
  const request = await requestOf(db, id);
  const set = (await findSet(db, request.calculationSetId))!;
  const variant = set.variants.find((v) => v.id === request.calculationVariantId)!;
  const limit = await instantDecisionLimit(db, request.brandId);
  const approvalLimit = approvalLimitIn(await approvalLimitsOf(db, caller.user.id), set.currencyCode);
  const proposal = set.applicant
    ? decide({ applicant: set.applicant, nav: request.nav, instantDecisionLimit: limit })
    : undefined;
  // The objects' type names, as the partner chose them (the variant holds their ids).
  const objectTypeNames = Object.fromEntries(
    (await objectTypesOfBrand(db, request.brandId)).map((o) => [o.id, o.label]),
  );
  const open = canDecide(request, variant.state);
  const waitsForGuarantee = canConfirmGuarantee(request, variant.state);
  return {
    class: ['creditRequest'],
    properties: {
      ...jsonDates(request),
      state: variant.state,
      currencyCode: set.currencyCode,
      instantDecisionLimit: limit,
      approvalLimit,
      applicant: set.applicant,
      supplier: set.supplier,
      calculationVariant: variant.payload,
      objectTypeNames,
      result: variant.results.find((r) => r.periodInMonths === request.periodInMonths) ?? null,
      missingNow: set.applicant ? missingInfoOf(set.applicant) : [],
      proposal: proposal?.outcome ?? null,
    },
    actions: [
      ...(open
        ? [
            {
              name: 'decide' as const,
              method: 'POST' as const,
              href: `${href(id)}/decision`,
              type: 'application/json',
            },
          ]
        : []),
      ...(waitsForGuarantee
        ? [
            {
              name: 'guarantee-received' as const,
              method: 'POST' as const,
              href: `${href(id)}/guarantee-received`,
            },
          ]
        : []),
    ],
    links: [{ rel: ['self'], href: href(id) }],
  };
}

export async function decideRequest(
  db: Db,
  caller: Caller,
  id: string,
  body: Omit<DecisionInput, 'by'>,
  publicUrl: string,
): Promise<RequestDetailEntity> {
  requireUnderwriter(caller);
  const problems = decisionProblems(body);
  if (problems.length) throw validation(problems, 'The decision is not complete.');
  await db.tx(async (q) => {
    const request = await findRequest(q, id, true);
    if (!request) throw notFound('No such request.');
    const set = (await findSet(q, request.calculationSetId))!;
    const limit = approvalLimitIn(await approvalLimitsOf(q, caller.user.id), set.currencyCode);
    const above = decisionProblems(body, { nav: request.nav, limit });
    if (above.length) throw validation(above, 'The NAV is above your approval limit.');
    await applyDecision(q, request, { ...body, by: caller.user.id }, publicUrl);
  });
  return getRequest(db, caller, id);
}

export async function guaranteeReceived(
  db: Db,
  caller: Caller,
  id: string,
  publicUrl: string,
): Promise<RequestDetailEntity> {
  requireUnderwriter(caller);
  await db.tx(async (q) => {
    const request = await findRequest(q, id, true);
    if (!request) throw notFound('No such request.');
    await applyGuaranteeReceived(q, request, publicUrl);
  });
  return getRequest(db, caller, id);
}
