import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { isSwedishPersonalNumber } from '../../../domain/signing';
import type { BankIdCompletionData } from './port';
import type { SimOrder } from './simulator-store';

/**
 * What the BankID simulator knows of its signers: personal numbers, the made-up person behind
 * each, and the sealed (NOT BankID) signature of a completed order.
 */

// ---------------------------------------------------------------------------------------------
// Personal identity numbers and the simulated people behind them

/** A Swedish personal identity (or co-ordination) number as BankID takes it: 12 digits, YYYYMMDDNNNC. */
export const isPersonalNumber = (pn: string): boolean => /^\d{12}$/.test(pn) && isSwedishPersonalNumber(pn);

const GIVEN_FEMALE = ['Anna', 'Eva', 'Maria', 'Karin', 'Sara', 'Lena', 'Elin', 'Ingrid'];
const GIVEN_MALE = ['Erik', 'Lars', 'Karl', 'Anders', 'Johan', 'Per', 'Mikael', 'Nils'];
const SURNAMES = [
  'Andersson',
  'Johansson',
  'Karlsson',
  'Nilsson',
  'Eriksson',
  'Larsson',
  'Olsson',
  'Persson',
];

/** The same made-up name and BankID for a personal number every time (the 11th digit: odd for men). */
export function personOf(pn: string, now: number) {
  const h = createHash('sha256').update(pn).digest();
  const given = (Number(pn[10]) % 2 === 1 ? GIVEN_MALE : GIVEN_FEMALE)[h[0]! % 8]!;
  const surname = SURNAMES[h[1]! % SURNAMES.length]!;
  const issued = new Date(now - (30 + (h.readUInt16BE(2) % 1500)) * 86_400_000);
  return {
    givenName: given,
    surname,
    name: `${given} ${surname}`,
    bankIdIssueDate: issued.toISOString().slice(0, 10),
  };
}

// ---------------------------------------------------------------------------------------------
// The simulated signature

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const SEAL = /<SignedData>[\s\S]*<\/SignedData>/;
const SEAL_VALUE = /<SignatureValue algorithm="hmac-sha256">([A-Za-z0-9+/=]+)<\/SignatureValue>/;

export function simulatedSignature(
  key: Buffer,
  order: Pick<SimOrder, 'orderRef' | 'userVisibleData' | 'userNonVisibleData' | 'userVisibleDataFormat'>,
  user: BankIdCompletionData['user'],
  at: number,
) {
  const signed = [
    '<SignedData>',
    `    <OrderRef>${xmlEscape(order.orderRef)}</OrderRef>`,
    `    <PersonalNumber>${xmlEscape(user.personalNumber)}</PersonalNumber>`,
    `    <Name>${xmlEscape(user.name)}</Name>`,
    `    <UserVisibleData format="${xmlEscape(order.userVisibleDataFormat ?? 'plaintext')}">${order.userVisibleData}</UserVisibleData>`,
    ...(order.userNonVisibleData
      ? [`    <UserNonVisibleData>${order.userNonVisibleData}</UserNonVisibleData>`]
      : []),
    `    <SignedAt>${new Date(at).toISOString()}</SignedAt>`,
    '  </SignedData>',
  ].join('\n');
  const seal = createHmac('sha256', key).update(signed).digest('base64');
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<SimulatedBankIdSignature xmlns="urn:x-partner-portal:bankid-simulator">',
    "  <!-- Not a BankID signature: made by the partner portal's BankID simulator for demos and tests. -->",
    `  ${signed}`,
    `  <SignatureValue algorithm="hmac-sha256">${seal}</SignatureValue>`,
    '</SimulatedBankIdSignature>',
    '',
  ].join('\n');
  return Buffer.from(xml, 'utf8').toString('base64');
}

/** Whether a completion's signature was made by the simulator holding this key, unaltered. */
export function verifySimulatedSignature(signatureBase64: string, key: string | Buffer): boolean {
  const xml = Buffer.from(signatureBase64, 'base64').toString('utf8');
  const signed = SEAL.exec(xml)?.[0];
  const value = SEAL_VALUE.exec(xml)?.[1];
  if (!signed || !value) return false;
  const expected = createHmac('sha256', key).update(signed).digest();
  const given = Buffer.from(value, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
