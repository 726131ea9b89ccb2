import { transition } from '../../../domain/calculation/states';
import type { ApplicationCheckedEntity, ApplicationsEntity } from '../../../domain/api/backoffice';
import type { ApplicationCheck } from '../../../domain/signing';
import type { Db, Queryable } from '../../db/db';
import type { Caller } from '../../plugins/auth';
import { invalidState, notFound, validation } from '../../problems';
import { conditionListsOfBrand } from '../calculations/repo';
import { findSet, type SetRow } from '../calculations/set-repo';
import { requireUnderwriter } from '../requests/backoffice';
import { announce } from '../requests/decisions';
import { changeState } from '../requests/repo';

interface ApplicationRow {
  id: string;
  calculationSetId: string;
  calculationVariantId: string;
  sentAt: string;
  status: string;
}

export async function listApplications(db: Db, caller: Caller): Promise<ApplicationsEntity> {
  requireUnderwriter(caller);
  const rows = await db.query<ApplicationRow & { customerName: string; partnerName: string }>(
    `select a.id, a.calculation_set_id as "calculationSetId", a.calculation_variant_id as "calculationVariantId",
            a.sent_at as "sentAt", a.status, coalesce(s.applicant->>'name', '') as "customerName", p.name as "partnerName"
       from applications a join calculation_sets s on s.id = a.calculation_set_id join partners p on p.id = a.partner_id
      where a.status = 'open' order by a.sent_at limit 200`,
  );
  return {
    class: ['applications'],
    properties: { count: rows.length },
    entities: rows.map((r) => ({
      class: ['application'],
      rel: ['item'],
      properties: { ...r },
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
  const [row] = await q.query<{ n: string }>(`select nextval('contract_reference_seq')::text as n`);
  return `${partnerId.slice(0, 3)}-${row!.n.padStart(7, '0')}`;
}

/** The contract of a checked application, with what its list and redemption offer need. */
async function createContract(q: Queryable, set: SetRow, variantId: string): Promise<string> {
  const variant = set.variants.find((v) => v.id === variantId)!;
  const row = variant.results.find((r) => r.periodInMonths === variant.payload.periodInMonths);
  const list = (await conditionListsOfBrand(q, set.brandId)).find(
    (l) => l.id === variant.payload.conditionListId,
  );
  const nav = row?.netAcquisitionValueAmount ?? 0;
  const rate =
    list?.rateBands.find((b) => nav >= b.navFrom && nav <= b.navTo)?.annualRatePercent ??
    list?.rateBands.at(-1)?.annualRatePercent ??
    0;
  const referenceCode = await nextReferenceCode(q, set.partnerId);
  const start = new Date();
  const end = new Date(start);
  end.setMonth(end.getMonth() + (row?.periodInMonths ?? 36));
  end.setDate(end.getDate() - 1);
  await q.query(
    `insert into contracts (reference_code, partner_id, user_profile_id, customer_name, state, start_date, end_date,
                            brand_id, calculation_set_id, calculation_variant_id, customer_email, sub_lessee_name,
                            currency_code, nav, instalment, period_in_months, annual_rate_percent, residual_value,
                            payment_frequency, net_instalment)
     values ($1, $2, $3, $4, 'runningContract', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
    [
      referenceCode,
      set.partnerId,
      set.userProfileId,
      set.applicant?.name ?? '',
      start,
      end,
      set.brandId,
      set.id,
      variantId,
      set.applicant?.email ?? null,
      set.sublessee?.name ?? '',
      set.currencyCode,
      nav,
      // What the customer pays per billing period, as the calculation and its PDFs quote it.
      row?.totalInstallmentAmount ?? 0,
      row?.periodInMonths ?? null,
      rate,
      Math.round(nav * (list?.residualValue ?? 0)) / 100,
      variant.payload.paymentFrequency,
      row?.netAcquisitionInstallmentAmount ?? 0,
    ],
  );
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
    const [application] = await q.query<ApplicationRow>(
      `select id, calculation_set_id as "calculationSetId", calculation_variant_id as "calculationVariantId",
              sent_at as "sentAt", status from applications where id::text = $1 for update`,
      [id],
    );
    if (!application) throw notFound('No such application.');
    const set = (await findSet(q, application.calculationSetId, true))!;
    const variant = set.variants.find((v) => v.id === application.calculationVariantId);
    const next =
      variant && transition(variant.state, body.complete ? 'applicationComplete' : 'applicationIncomplete');
    if (!variant || !next || application.status !== 'open')
      throw invalidState('invalidCurrentState', variant?.state ?? 'unknown', false);
    const referenceCode = body.complete ? await createContract(q, set, variant.id) : null;
    await q.query(
      `update applications set status = $2, missing_documents = $3, info_text = $4, checked_by = $5, checked_at = now(),
              reference_code = $6
        where id = $1`,
      [
        application.id,
        body.complete ? 'complete' : 'missing',
        JSON.stringify(body.missingDocuments ?? []),
        body.infoText ?? null,
        caller.user.id,
        referenceCode,
      ],
    );
    await changeState(q, set, variant.id, next);
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
