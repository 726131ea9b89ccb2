import { transition } from '../../../domain/calculation/states';
import { contractEndOf, utcToday } from '../../../domain/contracts';
import type { ApplicationCheckedEntity, ApplicationsEntity } from '../../../domain/api/backoffice';
import type { ApplicationCheck } from '../../../domain/signing';
import type { Db, Queryable } from '../../db/db';
import type { Caller } from '../../plugins/auth';
import { invalidState, notFound, validation } from '../../problems';
import {
  changeVariantState,
  savedConditionList,
  findSet,
  requireCurrentPaper,
  type SetRow,
} from '../calculations';
import { insertContract } from '../contracts';
import { announce, requireUnderwriter } from '../requests';
import { listOpenApplications, lockApplication, nextReferenceNumber, recordCheck } from './repo';
import { jsonDates } from '../../db/json-dates';

export async function listApplications(db: Db, caller: Caller): Promise<ApplicationsEntity> {
  requireUnderwriter(caller);
  const rows = await listOpenApplications(db);
  return {
    class: ['applications'],
    properties: { count: rows.length },
    entities: rows.map((r) => ({
      class: ['application'],
      rel: ['item'],
      properties: jsonDates(r),
      actions: [
        {
          name: 'check',
          method: 'POST',
          href: `/api/backoffice/applications/${r.id}/check`,
          type: 'application/json',
        },
      ],
    })),
  };
}

/** The next reference code: the partner's first three digits and a running number. */
async function nextReferenceCode(q: Queryable, partnerId: string): Promise<string> {
  return `${partnerId.slice(0, 3)}-${(await nextReferenceNumber(q)).padStart(7, '0')}`;
}

/** The contract of a checked application, with what its list and redemption offer need. */
async function createContract(q: Queryable, set: SetRow, variantId: string): Promise<string> {
  const variant = set.variants.find((v) => v.id === variantId)!;
  const row = variant.results.find((r) => r.periodInMonths === variant.payload.periodInMonths);
  const list = await savedConditionList(q, set.brandId, variant.payload.conditionListId);
  const nav = row?.netAcquisitionValueAmount ?? 0;
  const rate =
    list?.rateBands.find((b) => nav >= b.navFrom && nav <= b.navTo)?.annualRatePercent ??
    list?.rateBands.at(-1)?.annualRatePercent ??
    0;
  const referenceCode = await nextReferenceCode(q, set.partnerId);
  const startDate = utcToday();
  const rentFreeMonths = variant.payload.rentFreeMonths;
  await insertContract(q, {
    referenceCode,
    partnerId: set.partnerId,
    userProfileId: set.userProfileId,
    customerName: set.applicant?.name ?? '',
    startDate,
    endDate: contractEndOf(startDate, row?.periodInMonths ?? 36, rentFreeMonths),
    rentFreeMonths,
    brandId: set.brandId,
    calculationSetId: set.id,
    calculationVariantId: variantId,
    customerEmail: set.applicant?.email ?? null,
    subLesseeName: set.sublessee?.name ?? '',
    currencyCode: set.currencyCode,
    nav: String(nav),
    // What the customer pays per billing period, as the calculation and its PDFs quote it.
    instalment: String(row?.totalInstallmentAmount ?? 0),
    periodInMonths: row?.periodInMonths ?? null,
    annualRatePercent: String(rate),
    residualValue: String(Math.round(nav * (list?.residualValue ?? 0)) / 100),
    paymentFrequency: variant.payload.paymentFrequency,
    netInstalment: String(row?.netAcquisitionInstallmentAmount ?? 0),
    schedule: row?.schedule ?? [],
  });
  return referenceCode;
}

export async function checkApplication(
  db: Db,
  caller: Caller,
  id: string,
  body: ApplicationCheck,
  publicUrl: string,
): Promise<ApplicationCheckedEntity> {
  requireUnderwriter(caller);
  if (!body.complete && !body.missingDocuments?.length && !body.infoText)
    throw validation([{ name: 'missingDocuments', reason: 'required' }], 'Name what is missing.');
  return db.tx(async (q) => {
    const application = await lockApplication(q, id);
    if (!application) throw notFound('No such application.');
    const set = (await findSet(q, application.calculationSetId, true))!;
    const variant = set.variants.find((v) => v.id === application.calculationVariantId);
    const next =
      variant && transition(variant.state, body.complete ? 'applicationComplete' : 'applicationIncomplete');
    if (!variant || !next || application.status !== 'open')
      throw invalidState('invalidCurrentState', variant?.state ?? 'unknown', false);
    // The contract is booked with the figures its signed paper shows, never others.
    if (body.complete) requireCurrentPaper(set, variant);
    const referenceCode = body.complete ? await createContract(q, set, variant.id) : null;
    await recordCheck(q, application.id, {
      complete: body.complete,
      missingDocuments: body.missingDocuments ?? [],
      infoText: body.infoText ?? null,
      checkedBy: caller.user.id,
      referenceCode,
    });
    await changeVariantState(q, set, variant.id, next);
    await announce(
      q,
      set,
      variant.id,
      next,
      body.complete ? 'applicationComplete' : 'applicationIncomplete',
      publicUrl,
    );
    return { class: ['application'], properties: { id: application.id, state: next, referenceCode } };
  });
}
