import { z } from 'zod';
import { BILLING, D, periodsIn, round2, segmentsOf, type ScheduleSegment } from './calculation/billing';
import { LIST_DEFAULTS } from './calculation/list';
import {
  CONTRACT_STATES,
  PROVIDER_CONTRACT_STATES,
  type ContractState,
  type ProviderContractState,
} from './calculation/states';
import { thresholdsOf } from './calculation/thresholds';

/**
 * Contracts (docs/domain.md sections 4 and 6): the list's
 * parameters and items, the state by the calendar and the redemption offer's amount. One home
 * for the server, its SQL twin (migration 011) and the PWA.
 */

export { CONTRACT_STATES, PROVIDER_CONTRACT_STATES, type ContractState, type ProviderContractState };

export const CONTRACT_SORT_FIELDS = ['startDate', 'customerName', 'referenceCode', 'state'] as const;
export type ContractSortField = (typeof CONTRACT_SORT_FIELDS)[number];

/** Reference codes are NNN-NNNNNNN, the first three digits those of the partner. */
export const REFERENCE_CODE = /^[0-9]{3}-[0-9]{7}$/;

/** Arrays in the query are unindexed: one value arrives as a string, several as an array. */
const many = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).max(50).optional());

export const ContractListQuery = z.object({
  searchText: z.string().trim().max(100).optional(),
  states: many(z.enum(CONTRACT_STATES)),
  sortBy: z.enum(CONTRACT_SORT_FIELDS).default('startDate'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(LIST_DEFAULTS.itemsPerPage),
  page: z.coerce.number().int().min(1).max(100_000).default(LIST_DEFAULTS.page),
  /** A user profile id (a uuid; empty is no filter): anything else would fail in the database. */
  filterUserProfileId: z.preprocess((v) => (v === '' ? undefined : v), z.guid().optional()),
  /** The spec's flag; without states every state is shown anyway (portal specification, “Business constants and limits”). */
  showAllStates: z.enum(['true', 'false']).optional(),
});
export type ContractListQuery = z.infer<typeof ContractListQuery>;

/** The export takes the same filters without paging. */
export const ContractExportQuery = ContractListQuery.omit({ itemsPerPage: true, page: true });

/** Any other text is a contract that does not exist (404), not a malformed request. */
export const ContractParams = z.object({ referenceCode: z.string().max(40) });

export const RedemptionOfferBody = z.object({ statement: z.string().max(1000).default('') });
export type RedemptionOfferBody = z.infer<typeof RedemptionOfferBody>;

export const AssignContractBody = z.object({ userProfileId: z.guid() });
export type AssignContractBody = z.infer<typeof AssignContractBody>;

export type PaymentFrequency = 'monthly' | 'quarterly' | 'daily';

// ---------------------------------------------------------------------------------------------
// Dates are calendar days, 'YYYY-MM-DD'; they compare as strings.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: string): [number, number, number] {
  const m = DATE.exec(date);
  if (!m) throw new Error(`not a calendar date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The date `months` later (earlier when negative), the day clamped to the month's end as PostgreSQL does. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, last))}`;
}

/** The date `days` later (earlier when negative). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Days from `from` to `to` (negative before). */
export function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  return (Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000;
}

/** Whole months from `from` to `to` (0 while less than a month has passed; negative before). */
export function monthsBetween(from: string, to: string): number {
  if (to < from) return -monthsBetween(to, from);
  const [fy, fm] = parts(from);
  const [ty, tm] = parts(to);
  const months = (ty - fy) * 12 + (tm - fm);
  return addMonths(from, months) > to ? months - 1 : months;
}

/** Today's calendar date in UTC, the day the server and its SQL count by. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

export const EXPIRING_MONTHS = 3;

export interface ContractCalendar {
  startDate: string | null;
  endDate: string | null;
  returnedAt?: string | null;
  cancelledAt?: string | null;
  paidAt?: string | null;
  /** The provider's word (its data load): beats every date. */
  providerState?: ProviderContractState | null;
}

/**
 * The state of a contract (docs/domain.md section 4), `today` a 'YYYY-MM-DD' day: the state the
 * provider set, if it set one; else by the calendar: paid once paid or returned; cancelled once
 * the cancellation is in force; application settled before the start; prolonged after the end date while not returned; expiring soon in the last
 * 3 months; running otherwise. Without start or end date it is unknown. Mirrored in SQL by
 * `contract_state_of` (migration 041).
 */
export function contractStateOf(c: ContractCalendar, today: string): ContractState {
  if (c.providerState) return c.providerState;
  if (!c.startDate || !c.endDate) return 'unknown';
  if (c.paidAt && c.paidAt <= today) return 'paid';
  if (c.returnedAt && c.returnedAt <= today) return 'paid';
  if (c.cancelledAt && c.cancelledAt <= today) return 'cancelled';
  if (today < c.startDate) return 'applicationSettled';
  if (today > c.endDate) return 'prolongedContract';
  if (today > addMonths(c.endDate, -EXPIRING_MONTHS)) return 'expiringSoon';
  return 'runningContract';
}

/** Whether the provider's servicing system set this state (the calendar never does). */
export const isProviderState = (state: string): state is ProviderContractState =>
  (PROVIDER_CONTRACT_STATES as readonly string[]).includes(state);

/** The states a redemption offer may be made in. */
export const REDEEMABLE_STATES: readonly ContractState[] = [
  'runningContract',
  'expiringSoon',
  'prolongedContract',
];

/**
 * Whether a redemption offer may be made: the server offers `make-redemption-offer` (on the
 * contract and in the calculation list's row menu) and checks the call by this rule.
 */
export const isRedeemable = (state: string): boolean =>
  (REDEEMABLE_STATES as readonly string[]).includes(state);

// ---------------------------------------------------------------------------------------------
// The redemption offer (docs/domain.md section 6).

export const REDEMPTION_VALID_DAYS = 14;
export const REDEMPTION_FEE_PERCENT = 1;
export const REDEMPTION_STATEMENT_MAX = 1000;

/** How many instalments a contract of `periodInMonths` has: one per billing period. */
export const instalmentCount = (periodInMonths: number, frequency: PaymentFrequency) =>
  periodsIn(frequency, periodInMonths) ?? Math.ceil(periodInMonths / 3);

/** What the calendar of a contract's instalments depends on. */
export interface InstalmentTerm {
  startDate: string;
  periodInMonths: number;
  frequency: PaymentFrequency;
  /** A rent-free start: the first instalment falls due this many months after the start. */
  rentFreeMonths?: number;
}

/**
 * Whole billing periods from the start to `today`, 0 before it. Daily: 30 to each whole month
 * (30/360, as the instalments were counted) and the days since, at most 29.
 */
function periodsElapsed(c: InstalmentTerm, today: string): number {
  const months = Math.max(0, monthsBetween(c.startDate, today));
  if (c.frequency === 'quarterly') return Math.floor(months / 3);
  if (c.frequency === 'monthly' || today < c.startDate) return months;
  return months * 30 + Math.min(29, daysBetween(addMonths(c.startDate, months), today));
}

/** The rent-free start in billing periods (the calculation refuses rent-free months that are not whole quarters). */
const freePeriodsOf = (c: InstalmentTerm) => periodsIn(c.frequency, c.rentFreeMonths ?? 0) ?? 0;

/**
 * Instalments due (and taken as paid) by `today`: in advance, the first on the start date (or
 * after a rent-free start), then one per billing period, at most all of them; none before.
 */
export function paidInstalmentsOf(c: InstalmentTerm, today: string): number {
  if (today < c.startDate) return 0;
  const due = periodsElapsed(c, today) - freePeriodsOf(c) + 1;
  return Math.max(0, Math.min(instalmentCount(c.periodInMonths, c.frequency), due));
}

/**
 * During a rent-free start, the billing periods from the next period's start to the first
 * instalment (0 once instalments are due): the redemption discounts what remains over them too.
 */
export const deferredPeriodsOf = (c: InstalmentTerm, today: string): number =>
  Math.max(0, freePeriodsOf(c) - periodsElapsed(c, today) - 1);

/** The contract's end: its instalments' months after a rent-free start, the day before. */
export const contractEndOf = (startDate: string, periodInMonths: number, rentFreeMonths: number): string =>
  addDays(addMonths(startDate, periodInMonths + rentFreeMonths), -1);

export interface RedemptionInput {
  /** The net instalment per billing period, as the contract quotes it (docs/domain.md). */
  instalment: number;
  /**
   * A payment plan's net instalments as runs (`netScheduleOf`), numbering the instalments 1 to N.
   * Empty, absent or not covering them all: every instalment is `instalment`.
   */
  schedule?: readonly ScheduleSegment[];
  /** The contract's term in months. */
  periods: number;
  /** Instalments paid so far (k of N, counted at the payment frequency). */
  paidInstalments: number;
  /** During a rent-free start, the billing periods until the first instalment (`deferredPeriodsOf`). */
  deferredPeriods?: number;
  annualRatePercent: number;
  residualValue: number;
  frequency: PaymentFrequency;
  /** The contract's currency: the fee's minimum is counted in it. */
  currencyCode: string;
}

/** Whether runs number instalments 1 to `n`, each once, in order. */
const coversAll = (runs: readonly ScheduleSegment[], n: number) =>
  runs.length > 0 &&
  runs.every(
    (s, k) =>
      s.fromInstallment === (k ? runs[k - 1]!.toInstallment + 1 : 1) && s.toInstallment >= s.fromInstallment,
  ) &&
  runs.at(-1)!.toInstallment === n;

export interface RedemptionAmount {
  /** N - k instalments still to pay. */
  remainingInstalments: number;
  /** The next of them (the net instalment due now). */
  paymentAmount: number;
  /** The remaining net instalments as runs, numbered as the contract's (k + 1 to N). */
  remainingSchedule: ScheduleSegment[];
  /** The remaining instalments, paid in advance, discounted at the contract's rate. */
  instalmentsPresentValue: number;
  /** The residual value, due with the last instalment's period, discounted alike. */
  residualValuePresentValue: number;
  /** 1 % of the two, at least the currency's minimum (domain/calculation/thresholds.ts). */
  fee: number;
  total: number;
}

/**
 * A plan contract's net instalments as runs. The contract keeps its plan as runs of what the
 * customer pays (net instalment, services and damage waiver together); a plan reshapes that total
 * linearly (billing.ts, `planInstalments`), so each run's net part is the level net instalment in
 * the proportion of the run to the level total, to the cent.
 */
export function netScheduleOf(
  schedule: readonly ScheduleSegment[],
  levelTotal: number,
  levelNet: number,
): ScheduleSegment[] {
  if (levelTotal <= 0) return [];
  return schedule.map((s) => ({
    ...s,
    totalInstallmentAmount: round2(new D(levelNet).mul(s.totalInstallmentAmount).div(levelTotal)).toNumber(),
  }));
}

/**
 * The redemption amount (docs/domain.md, "Redemption offer"): the present value at the contract's
 * rate per billing period of the N - k remaining instalments in advance plus the residual value,
 * plus a fee of 1 % (at least the currency's minimum, thresholds.ts). Each named amount is rounded half away from zero to cents.
 * Discounting the residual value as the engine does (RV · v) makes the amount at k = 0 the
 * financed amount. A payment plan's instalments are discounted each as the plan has it: after
 * EasyStart's low first months more is owed than the level instalment would say. During a
 * rent-free start nothing is paid yet and everything is discounted over the free periods left.
 */
export function redemptionAmount(input: RedemptionInput): RedemptionAmount {
  const n = instalmentCount(input.periods, input.frequency);
  const paid = Math.min(n, Math.max(0, input.paidInstalments));
  const remaining = n - paid;
  const i = new D(input.annualRatePercent).div(100).div(BILLING[input.frequency].perYear);
  const v = i.isZero() ? new D(1) : new D(1).div(i.plus(1));
  // Runs that do not number the instalments 1 to N without a gap are not the contract's: level.
  const runs = input.schedule && coversAll(input.schedule, n) ? input.schedule : [];
  const netOf = (k: number) =>
    new D(
      runs.find((s) => s.fromInstallment <= k && k <= s.toInstallment)?.totalInstallmentAmount ??
        input.instalment,
    );
  // The remaining instalments k + 1 … N, each in advance: the next one now, the j-th after it by v^j.
  const payments = Array.from({ length: remaining }, (_, j) => round2(netOf(paid + 1 + j)));
  let pv = new D(0);
  // The first remaining instalment is due now, or after what is left of a rent-free start.
  let discount = v.pow(input.deferredPeriods ?? 0);
  for (const p of payments) {
    pv = pv.plus(p.mul(discount));
    discount = discount.mul(v);
  }
  const instalments = round2(pv);
  const residual = round2(new D(input.residualValue).mul(discount));
  const base = instalments.plus(residual);
  const minimum = thresholdsOf(input.currencyCode).redemptionMinimumFee;
  const fee = D.max(round2(base.mul(REDEMPTION_FEE_PERCENT).div(100)), minimum);
  return {
    remainingInstalments: remaining,
    paymentAmount: (payments[0] ?? round2(new D(input.instalment))).toNumber(),
    remainingSchedule: segmentsOf(payments).map((s) => ({
      ...s,
      fromInstallment: s.fromInstallment + paid,
      toInstallment: s.toInstallment + paid,
    })),
    instalmentsPresentValue: instalments.toNumber(),
    residualValuePresentValue: residual.toNumber(),
    fee: round2(fee).toNumber(),
    total: round2(base.plus(fee)).toNumber(),
  };
}

/** The day a redemption offer made on `today` is valid until. */
export const redemptionValidUntil = (today: string): string => addDays(today, REDEMPTION_VALID_DAYS);
