import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { transition, type CalculationState } from '../../../domain/calculation/states';
import type { VariantEntity } from '../../../domain/api/calculations';
import type { BankIdStatus } from '../../../domain/api/signing';
import { PROBLEM } from '../../../domain/problems';
import type { BankIdStartRequest } from '../../../domain/signing';
import type { Db, Queryable } from '../../db/db';
import { bankIdAppUrl, type BankIdConfig } from '../../integrations/bankid/factory';
import {
  BankIdError,
  type BankId,
  type BankIdCollect,
  type BankIdOrder,
} from '../../integrations/bankid/port';
import { qrCode, qrSeconds } from '../../integrations/bankid/qr';
import type { Caller } from '../../plugins/auth';
import { errorKeys, HttpProblem, invalidState, notFound, validation } from '../../problems';
import type { SetRow, VariantRow } from '../calculations';
import {
  findSet,
  keepPaper,
  loadVariant,
  maxCustomerSignees,
  requireStep,
  requireWritable,
} from '../calculations';
import { variantEntity, variantHref } from '../calculations';
import { contractLocaleOf, moveBy, openApplication } from '../signing';
import { requireTermsAccepted } from '../session/policy';
import { findPartner } from '../session';
import {
  claimNext,
  completeOrder,
  currentOrder,
  endProcess,
  endRunningProcesses,
  failOrder,
  insertOrder,
  insertProcess,
  latestProcess,
  lockProcess,
  millis,
  releaseClaim,
  setOrderHint,
  type BankIdProcessRow,
  type BankIdSigneeRecord,
} from './repo';
import { eSignatureStartedSince } from './superseded';
import { visibleText } from './visible-text';

/**
 * BankID signing of the contract (docs/domain.md section 4): the
 * customer's signees sign one after another, each with an order of their own, then (if asked)
 * the first of them confirms the delivery with one more. The portal's page polls the status
 * every second: each poll collects the current order at BankID, moves the states when it ended,
 * starts the next order, and answers the animated QR code (made here: the qrStartSecret never
 * leaves the server).
 *
 * BankID is never called inside a transaction. The transactions lock the set, then the
 * process, and apply an order's end only once (the order must still be pending); the next order
 * is started by one caller at a time (a claim on the process), so polls may run repeatedly and
 * concurrently, from several pages and server copies.
 */

/** A claim older than this was left by a caller that died: another may start the order. */
const CLAIM_TIMEOUT_MS = 30_000;

/** BankID's cancel of an order whose signing ended; an order already over needs nothing more. */
export async function cancelBankIdOrder(bankId: BankId, orderRef: string): Promise<void> {
  try {
    await bankId.cancel(orderRef);
  } catch (e) {
    if (!(e instanceof BankIdError) || e.retryable) throw e; // the job tries again later
  }
}

export type { BankIdStatus } from '../../../domain/api/signing';

type Todo =
  | { kind: 'none' }
  | { kind: 'cancel'; orderRefs: string[] }
  | {
      kind: 'sign';
      claim: string;
      position: number;
      role: 'customer' | 'delivery';
      signee: BankIdSigneeRecord;
    };

const NONE: Todo = { kind: 'none' };
const signingState = (state: CalculationState) => transition(state, 'cancelSigning') !== undefined;
const publicSignee = (s: BankIdSigneeRecord) => ({
  firstName: s.firstName,
  lastName: s.lastName,
  email: s.email,
});
const totalOf = (p: Pick<BankIdProcessRow, 'signees' | 'withDeliveryConfirmation'>) =>
  p.signees.length + (p.withDeliveryConfirmation ? 1 : 0);

const normalised = (s: BankIdStartRequest['customerContractSignees'][number]): BankIdSigneeRecord => {
  const personalNumber = s.personalNumber?.replace(/[\s-]/g, '');
  return {
    firstName: s.firstName,
    lastName: s.lastName,
    email: s.email,
    ...(personalNumber ? { personalNumber } : {}),
  };
};

/** BankID refused the start: 409 alreadyInProgress; its 400 a 400, anything else a 502. */
function startProblem(error: unknown): unknown {
  if (!(error instanceof BankIdError)) return error;
  if (error.errorCode === 'alreadyInProgress')
    return new HttpProblem(
      409,
      PROBLEM.errorKeys,
      'Conflict',
      'A BankID signing of this person is already in progress.',
      { errorKeys: ['alreadyInProgress'] },
    );
  if (error.status === 400)
    return new HttpProblem(400, PROBLEM.errorKeys, 'action validation', 'BankID refused the order.', {
      errorKeys: ['bankIdStartFailed'],
    });
  return new HttpProblem(502, PROBLEM.errorKeys, 'Bad Gateway', 'BankID could not start the order.', {
    errorKeys: ['bankIdStartFailed'],
  });
}

export function bankIdSigning(
  db: Db,
  bankId: BankId,
  config: BankIdConfig,
  opts: { clock?: () => number; log?: FastifyBaseLogger; simulatorPrefix?: string } = {},
) {
  const clock = opts.clock ?? Date.now;
  const cancelAtBankId = async (orderRefs: string[]) => {
    for (const ref of orderRefs)
      await bankId.cancel(ref).catch((e: unknown) => opts.log?.warn({ err: e }, 'BankID cancel failed'));
  };

  const sign = async (
    set: SetRow,
    variant: VariantRow,
    role: 'customer' | 'delivery',
    signee: BankIdSigneeRecord,
    ip: string,
  ) => {
    const partner = await findPartner(db, set.partnerId);
    const locale = contractLocaleOf(set.applicant, partner.countryIso);
    return bankId.sign({
      endUserIp: ip,
      userVisibleData: visibleText(set, variant, role, signee, locale),
      personalNumber: signee.personalNumber,
    });
  };

  async function answer(caller: Caller, ids: { setId: string; variantId: string }): Promise<BankIdStatus> {
    const { set, variant } = await loadVariant(db, caller, ids);
    const process = await latestProcess(db, variant.id);
    // An e-signature started since is the variant's signing now: BankID's is history.
    if (!process || (await eSignatureStartedSince(db, process)))
      throw notFound('No BankID signing was started.');
    const order = await currentOrder(db, process.id);
    if (!order) throw notFound('No BankID signing was started.');
    const href = `${variantHref(set.id, variant.id)}/bankid`;
    const running = process.status === 'running';
    const starting = running && order.status === 'complete';
    const signing = running && order.status === 'pending';
    const status: BankIdStatus['status'] = running
      ? 'pending'
      : process.status === 'completed'
        ? 'complete'
        : 'failed';
    const hintCode = starting
      ? 'starting'
      : status === 'failed'
        ? order.status === 'failed'
          ? order.hintCode
          : (process.endHint ?? 'cancelled')
        : status === 'complete'
          ? null
          : order.hintCode;
    return {
      status,
      hintCode: hintCode ?? (signing ? 'outstandingTransaction' : null),
      qrCode: signing
        ? qrCode(order.qrStartToken, order.qrStartSecret, qrSeconds(millis(order.startedAt), clock()))
        : null,
      autoStartToken: signing ? order.autoStartToken : null,
      appUrl: signing ? bankIdAppUrl(config, order.autoStartToken, opts.simulatorPrefix) : null,
      signee: publicSignee(order.signee),
      role: order.role,
      position: order.position,
      of: totalOf(process),
      withDeliveryConfirmation: process.withDeliveryConfirmation,
      state: variant.state,
      actions: running ? [{ name: 'bankid-cancel', method: 'PUT', href: `${href}/cancel` }] : [],
    };
  }

  /**
   * In one transaction: applies what BankID answered for the order (if it is still pending),
   * moves the states, and says what must happen at BankID next (outside the transaction).
   */
  async function step(
    q: Queryable,
    setId: string,
    processId: string,
    orderId: string | undefined,
    collected: BankIdCollect | undefined,
  ): Promise<Todo> {
    const set = await findSet(q, setId, true);
    const process = await lockProcess(q, processId);
    if (!set || !process || process.status !== 'running') return NONE;
    const variantId = process.calculationVariantId;
    const variant = set.variants.find((v) => v.id === variantId);
    const order = await currentOrder(q, process.id);
    // The signing ended elsewhere (a change of the calculation, a paper contract, an e-signature
    // started since): this process is over, its order is cancelled at BankID.
    if (!variant || !signingState(variant.state) || (await eSignatureStartedSince(q, process)))
      return { kind: 'cancel', orderRefs: await endRunningProcesses(q, variantId) };
    if (!order) return NONE;

    if (collected && order.id === orderId && order.status === 'pending') {
      if (collected.status === 'pending') {
        if (collected.hintCode !== order.hintCode) await setOrderHint(q, order.id, collected.hintCode);
        return NONE;
      }
      if (collected.status === 'failed') {
        await failOrder(q, order.id, collected.hintCode);
        await endProcess(q, process.id, 'failed');
        // A failed delivery confirmation keeps the contract's signatures: the variant waits for
        // the delivery, which the partner's own delivery note can confirm too.
        if (order.role !== 'delivery') await moveBy(q, set, variantId, 'cancelSigning');
        return NONE;
      }
      await completeOrder(q, order.id, collected.completionData);
      order.status = 'complete';
      if (order.role === 'delivery') {
        await endProcess(q, process.id, 'completed');
        if (await moveBy(q, set, variantId, 'deliveryConfirmed'))
          await openApplication(q, set, variantId, 'bankid', null);
        return NONE;
      }
      if (order.position >= process.signees.length) {
        await moveBy(q, set, variantId, 'signingStarted'); // only if still starting
        await moveBy(q, set, variantId, 'customerSigned');
        if (!process.withDeliveryConfirmation) {
          await endProcess(q, process.id, 'completed');
          return NONE;
        }
      }
    }

    // An order ended complete and the process goes on: start the next one (one caller at a time).
    if (order.status !== 'complete') return NONE;
    if (
      process.nextClaim &&
      process.nextClaimedAt &&
      clock() - millis(process.nextClaimedAt) < CLAIM_TIMEOUT_MS
    )
      return NONE;
    const position = order.position + 1;
    const delivery = position > process.signees.length;
    if (delivery && (!process.withDeliveryConfirmation || order.role === 'delivery')) {
      await endProcess(q, process.id, 'completed');
      return NONE;
    }
    const claim = randomUUID();
    await claimNext(q, process.id, claim);
    return {
      kind: 'sign',
      claim,
      position,
      role: delivery ? 'delivery' : 'customer',
      signee: delivery ? process.signees[0]! : process.signees[position - 1]!,
    };
  }

  /** Starts the claimed order at BankID and records it, unless the process ended meanwhile. */
  async function startNext(
    setId: string,
    process: BankIdProcessRow,
    todo: Extract<Todo, { kind: 'sign' }>,
    ip: string,
  ): Promise<void> {
    const set = await findSet(db, setId);
    const variant = set?.variants.find((v) => v.id === process.calculationVariantId);
    if (!set || !variant) return;
    let started: BankIdOrder;
    try {
      started = await sign(set, variant, todo.role, todo.signee, ip);
    } catch (e) {
      opts.log?.warn({ err: e }, 'BankID did not start the next order');
      const hint = e instanceof BankIdError && !e.retryable ? e.errorCode : undefined;
      await db.tx(async (q) => {
        const locked = (await findSet(q, setId, true))!;
        const p = await lockProcess(q, process.id);
        if (!p || p.status !== 'running' || p.nextClaim !== todo.claim) return;
        if (!hint) return releaseClaim(q, p.id); // tried again at the next poll
        await endProcess(q, p.id, 'failed', hint === 'alreadyInProgress' ? hint : 'startFailed');
        await moveBy(q, locked, p.calculationVariantId, 'cancelSigning');
      });
      return;
    }
    const startedAt = clock();
    const recorded = await db.tx(async (q) => {
      await findSet(q, setId, true);
      const p = await lockProcess(q, process.id);
      if (!p || p.status !== 'running' || p.nextClaim !== todo.claim) return false;
      await insertOrder(q, {
        processId: p.id,
        position: todo.position,
        calculationSetId: setId,
        calculationVariantId: p.calculationVariantId,
        signee: todo.signee,
        role: todo.role,
        ...started,
        startedAt,
      });
      await releaseClaim(q, p.id);
      return true;
    });
    if (!recorded) await cancelAtBankId([started.orderRef]);
  }

  return {
    async start(
      caller: Caller,
      ids: { setId: string; variantId: string },
      body: BankIdStartRequest,
      ip: string,
    ): Promise<BankIdStatus> {
      requireWritable(caller);
      const partner = await findPartner(db, caller.user.partnerId);
      requireTermsAccepted(caller, partner.isTnCAcceptanceNecessary);
      const { set, variant } = await loadVariant(db, caller, ids);
      requireStep('signing', variant);
      if (!set.signsWithBankId)
        throw errorKeys(['bankIdNotOffered'], "The brand's contracts are not signed with BankID.");
      // One signee after an instant decision, a joint signature of two otherwise (portal specification, “Validation rules”).
      if (body.customerContractSignees.length > maxCustomerSignees(variant))
        throw validation(
          [{ name: 'customerContractSignees', reason: 'tooManySignees' }],
          'Too many signees.',
        );
      const signees = body.customerContractSignees.map(normalised);
      // BankID is asked outside any transaction; the order is recorded right after.
      const order = await sign(set, variant, 'customer', signees[0]!, ip).catch((e: unknown) => {
        throw startProblem(e);
      });
      const startedAt = clock();
      let stale: string[] = [];
      try {
        await db.tx(async (q) => {
          const { set: locked, variant: v } = await loadVariant(q, caller, ids, true);
          requireStep('signing', v);
          stale = await endRunningProcesses(q, variant.id);
          const processId = await insertProcess(q, {
            calculationSetId: set.id,
            calculationVariantId: variant.id,
            signees,
            withDeliveryConfirmation: body.withDeliveryConfirmation,
            createdBy: caller.user.id,
          });
          await insertOrder(q, {
            processId,
            position: 1,
            calculationSetId: set.id,
            calculationVariantId: variant.id,
            signee: signees[0]!,
            role: 'customer',
            ...order,
            startedAt,
          });
          await keepPaper(q, set, variant);
          await moveBy(q, locked, variant.id, 'startSigning');
          await moveBy(q, locked, variant.id, 'signingStarted');
        });
      } catch (e) {
        await cancelAtBankId([order.orderRef]);
        throw e;
      }
      await cancelAtBankId(stale);
      return answer(caller, ids);
    },

    /** Collects the current order, moves on when it ended, and answers where the signing stands. */
    async status(
      caller: Caller,
      ids: { setId: string; variantId: string },
      ip: string,
    ): Promise<BankIdStatus> {
      const { set, variant } = await loadVariant(db, caller, ids);
      const process = await latestProcess(db, variant.id);
      if (!process) throw notFound('No BankID signing was started.');
      if (process.status === 'running') {
        const order = await currentOrder(db, process.id);
        let collected: BankIdCollect | undefined;
        if (order?.status === 'pending') {
          try {
            collected = await bankId.collect(order.orderRef);
          } catch (e) {
            // BankID forgot the order (it ended long ago): it failed. Other errors: ask again next time.
            if (e instanceof BankIdError && e.errorCode === 'invalidParameters')
              collected = { orderRef: order.orderRef, status: 'failed', hintCode: 'expiredTransaction' };
            else opts.log?.warn({ err: e }, 'BankID collect failed');
          }
        }
        const todo = await db.tx((q) => step(q, set.id, process.id, order?.id, collected));
        if (todo.kind === 'cancel') await cancelAtBankId(todo.orderRefs);
        else if (todo.kind === 'sign') await startNext(set.id, process, todo, ip);
      }
      return answer(caller, ids);
    },

    /** Ends the running signing: the order is cancelled at BankID, the variant is ready to sign again. */
    async cancel(caller: Caller, ids: { setId: string; variantId: string }): Promise<VariantEntity> {
      requireWritable(caller);
      const { set, variant } = await loadVariant(db, caller, ids);
      requireStep('cancelSigning', variant);
      const process = await latestProcess(db, variant.id);
      if (!process || process.status !== 'running')
        throw invalidState('invalidCurrentState', variant.state, false);
      const order = await currentOrder(db, process.id);
      if (order?.status === 'pending') await cancelAtBankId([order.orderRef]);
      let startedMeanwhile: string[] = [];
      const entity = await db.tx(async (q) => {
        const { set: locked } = await loadVariant(q, caller, ids, true);
        const p = await lockProcess(q, process.id);
        if (p?.status === 'running') {
          // A next order a poll started meanwhile is cancelled at BankID too, after the transaction.
          startedMeanwhile = (await endRunningProcesses(q, variant.id)).filter((r) => r !== order?.orderRef);
          await moveBy(q, locked, variant.id, 'cancelSigning');
        }
        return variantEntity((await findSet(q, set.id))!, variant.id, true);
      });
      await cancelAtBankId(startedMeanwhile);
      return entity;
    },
  };
}

export type BankIdSigning = ReturnType<typeof bankIdSigning>;
