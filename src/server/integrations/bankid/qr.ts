import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The animated QR code of BankID: `bankid.{qrStartToken}.{time}.{qrAuthCode}`, where time is
 * the whole seconds since the order was started (the sign answer arrived) and qrAuthCode the
 * hex HMAC-SHA256 of that number, as decimal text, keyed with the qrStartSecret. It changes
 * every second, so the portal's server makes it (the secret never leaves the server) and the
 * page asks for a new one each second.
 */

export function qrAuthCode(qrStartSecret: string, seconds: number): string {
  return createHmac('sha256', qrStartSecret).update(String(seconds)).digest('hex');
}

export function qrCode(qrStartToken: string, qrStartSecret: string, seconds: number): string {
  if (!Number.isInteger(seconds) || seconds < 0) throw new RangeError('seconds: a whole number from 0');
  return `bankid.${qrStartToken}.${seconds}.${qrAuthCode(qrStartSecret, seconds)}`;
}

/** Whole seconds from the order's start (ms) to now (ms): the `time` of the QR code to show. */
export function qrSeconds(startedAt: number, now: number): number {
  return Math.max(0, Math.floor((now - startedAt) / 1000));
}

export interface ScannedQrCode {
  qrStartToken: string;
  seconds: number;
  authCode: string;
}

/** The parts of a scanned code, or undefined when it is not a BankID QR code. */
export function parseQrCode(code: string): ScannedQrCode | undefined {
  const m = /^bankid\.([A-Za-z0-9-]{1,64})\.(0|[1-9]\d{0,5})\.([0-9a-f]{64})$/.exec(code.trim());
  return m ? { qrStartToken: m[1]!, seconds: Number(m[2]), authCode: m[3]! } : undefined;
}

/**
 * Whether a scanned code is the order's and current: its HMAC matches its time, and its time is
 * within `toleranceSeconds` of the seconds since the order started (a code shown just before a
 * tick, or scanned just after one).
 */
export function isCurrentQrCode(
  scanned: ScannedQrCode,
  order: { qrStartToken: string; qrStartSecret: string },
  secondsSinceStart: number,
  toleranceSeconds = 1,
): boolean {
  if (scanned.qrStartToken !== order.qrStartToken) return false;
  if (Math.abs(scanned.seconds - secondsSinceStart) > toleranceSeconds) return false;
  const expected = Buffer.from(qrAuthCode(order.qrStartSecret, scanned.seconds), 'hex');
  return timingSafeEqual(expected, Buffer.from(scanned.authCode, 'hex'));
}
