import type { SpecialCaseAnsweredEntity, SpecialCasesEntity } from '../../../domain/api/backoffice';
import type { VariantEntity } from '../../../domain/api/calculations';
import type { Db } from '../../db/db';
import { queueMail } from '../../integrations/mail/outbox';
import type { Caller } from '../../plugins/auth';
import { invalidState, notFound } from '../../problems';
import {
  findSet,
  loadVariant,
  markSpecialCaseRequested,
  requireStep,
  requireWritable,
  variantEntity,
} from '../calculations';
import { publish } from '../events';
import { requireUnderwriter } from './backoffice';
import { specialCaseMail } from './mails';
import { ownerOf } from '../session';
import { answerSpecialCaseRow, askSpecialCase, lockSpecialCase, openSpecialCases } from './repo';
import { jsonDates } from '../../db/json-dates';

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
    requireStep('specialCase', variant);
    await askSpecialCase(q, set, variant.id, caller.user.id, text);
    await markSpecialCaseRequested(q, variant.id);
    return variantEntity((await findSet(q, set.id))!, variant.id, true);
  });
}

const href = (id: string) => `/api/backoffice/special-cases/${id}`;

/** The open requests, oldest first, with what an underwriter needs to answer them. */
export async function listSpecialCases(db: Db, caller: Caller): Promise<SpecialCasesEntity> {
  requireUnderwriter(caller);
  const rows = await openSpecialCases(db);
  return {
    class: ['specialCases'],
    properties: { count: rows.length },
    entities: rows.map((r) => ({
      class: ['specialCase'],
      rel: ['item'],
      properties: jsonDates(r),
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
    const request = await lockSpecialCase(q, id);
    if (!request) throw notFound('No such request.');
    if (request.status !== 'open') throw invalidState('invalidCurrentState', request.status, false);
    await answerSpecialCaseRow(q, id, { granted: body.granted, text: body.answer, by: caller.user.id });
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
