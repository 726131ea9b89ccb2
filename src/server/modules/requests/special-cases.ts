import type { SpecialCaseAnsweredEntity, SpecialCasesEntity } from '../../../domain/api/backoffice';
import type { VariantEntity } from '../../../domain/api/calculations';
import type { Db } from '../../db/db';
import { queueMail } from '../../integrations/mail/outbox';
import type { Caller } from '../../plugins/auth';
import { invalidState, notFound } from '../../problems';
import { loadVariant, requireWritable } from '../calculations/policy';
import { variantEntity } from '../calculations/presenter';
import { findSet } from '../calculations/set-repo';
import { publish } from '../events/hub';
import { requireUnderwriter } from './backoffice';
import { specialCaseMail } from './mails';
import { ownerOf } from './repo';
import type { SpecialCaseItem } from '../../../domain/calculation/requests';

/**
 * Special-case conditions (docs/domain.md, "Special-case conditions"): the partner asks the
 * provider with a text; an underwriter grants conditions or refuses, in the back office; the
 * partner hears of the answer at once in the open app and by mail. One request is open per
 * variant at a time; asking again while it is open replaces its text.
 */
export async function requestSpecialCase(
  db: Db,
  caller: Caller,
  ids: { setId: string; variantId: string },
  text: string,
): Promise<VariantEntity> {
  requireWritable(caller);
  return db.tx(async (q) => {
    const { set, variant } = await loadVariant(q, caller, ids, true);
    if (!['inWork', 'offerToCustomer', 'missingQuoteInfo'].includes(variant.state))
      throw invalidState('invalidCurrentState', variant.state, false);
    const [open] = await q.query<{ id: string }>(
      `select id from special_case_requests where calculation_variant_id = $1 and status = 'open'`,
      [variant.id],
    );
    if (open)
      await q.query('update special_case_requests set text = $2, requested_at = now() where id = $1', [
        open.id,
        text,
      ]);
    else
      await q.query(
        `insert into special_case_requests (calculation_set_id, calculation_variant_id, partner_id, brand_id, requested_by, text)
         values ($1, $2, $3, $4, $5, $6)`,
        [set.id, variant.id, set.partnerId, set.brandId, caller.user.id, text],
      );
    await q.query(
      'update calculation_variants set special_case_requested_at = now(), version = version + 1 where id = $1',
      [variant.id],
    );
    return variantEntity((await findSet(q, set.id))!, variant.id, true);
  });
}

const href = (id: string) => `/api/backoffice/special-cases/${id}`;

/** The open requests, oldest first, with what an underwriter needs to answer them. */
export async function listSpecialCases(db: Db, caller: Caller): Promise<SpecialCasesEntity> {
  requireUnderwriter(caller);
  const rows = await db.query<SpecialCaseItem>(
    `select r.id, r.requested_at as "requestedAt", r.text, p.name as "partnerName", b.name as "brandName",
            coalesce(s.applicant->>'name', '') as "customerName", s.currency_code as "currencyCode",
            (select (x->>'netAcquisitionValueAmount')::float8 from calculation_variants v, jsonb_array_elements(v.results) x
              where v.id = r.calculation_variant_id and (x->>'isSelected')::boolean limit 1) as nav
       from special_case_requests r
       join calculation_sets s on s.id = r.calculation_set_id
       join partners p on p.id = r.partner_id join brands b on b.id = r.brand_id
      where r.status = 'open' order by r.requested_at limit 200`,
  );
  return {
    class: ['specialCases'],
    properties: { count: rows.length },
    entities: rows.map((r) => ({
      class: ['specialCase'],
      rel: ['item'],
      properties: r,
      actions: [
        {
          name: 'answer-special-case',
          method: 'POST',
          href: `${href(r.id)}/answer`,
          type: 'application/json',
          fields: [
            { name: 'granted', type: 'boolean' },
            { name: 'answer', type: 'text' },
          ],
        },
      ],
    })),
    links: [{ rel: ['self'], href: '/api/backoffice/special-cases' }],
  };
}

export async function answerSpecialCase(
  db: Db,
  caller: Caller,
  id: string,
  body: { granted: boolean; answer: string },
  publicUrl: string,
): Promise<SpecialCaseAnsweredEntity> {
  requireUnderwriter(caller);
  return db.tx(async (q) => {
    const [request] = await q.query<{ setId: string; variantId: string; status: string }>(
      `select calculation_set_id as "setId", calculation_variant_id as "variantId", status
         from special_case_requests where id::text = $1 for update`,
      [id],
    );
    if (!request) throw notFound('No such request.');
    if (request.status !== 'open') throw invalidState('invalidCurrentState', request.status, false);
    await q.query(
      `update special_case_requests set status = $2, answer = $3, answered_by = $4, answered_at = now() where id = $1`,
      [id, body.granted ? 'granted' : 'refused', body.answer, caller.user.id],
    );
    const set = (await findSet(q, request.setId))!;
    const customerName = set.applicant?.name ?? '';
    await publish(
      q,
      { partnerId: set.partnerId, brandId: set.brandId, userProfileId: set.userProfileId },
      {
        kind: 'specialCaseAnswered',
        calculationSetId: set.id,
        calculationVariantId: request.variantId,
        customerName,
        granted: body.granted,
      },
    );
    const owner = await ownerOf(q, set.userProfileId);
    if (owner)
      await queueMail(
        q,
        specialCaseMail(owner.email, owner.language, {
          customer: customerName,
          granted: body.granted,
          answer: body.answer,
          link: `${publicUrl}/calculations/${set.id}/${request.variantId}`,
        }),
      );
    return {
      class: ['specialCase'],
      properties: { id, status: body.granted ? 'granted' : 'refused', answer: body.answer },
    };
  });
}
