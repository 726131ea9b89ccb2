import type { Draft } from '../../../domain/calculation/editor';
import type { Customer, Party } from '../../../domain/customers/schemas';

/**
 * The editor's unsaved state per calculation, kept for the tab (sessionStorage) so that the
 * customer, supplier and sublessee forms can be opened and left without losing it, and a reload
 * keeps it. Keyed by the selected profile, so another brand or user never sees it.
 */
export interface Parties {
  applicant: Customer | null;
  supplier: Party | null;
  sublessee: Party | null;
  creditAgencyReportIds: string[];
}

export type PartyKind = 'applicant' | 'supplier' | 'sublessee';

export interface StoredDraft {
  draft: Draft;
  parties: Parties;
  /** The server's refusal of a party at the last save, by field path, for its form to mark. */
  partyErrors?: Partial<Record<PartyKind, Record<string, string>>>;
}

export const NO_PARTIES: Parties = {
  applicant: null,
  supplier: null,
  sublessee: null,
  creditAgencyReportIds: [],
};

const PREFIX = 'calculationDraft:';
const keyOf = (userProfileId: string, setId?: string, variantId?: string) =>
  `${PREFIX}${userProfileId}:${setId && variantId ? `${setId}/${variantId}` : 'new'}`;

export interface DraftRef {
  userProfileId: string;
  setId?: string;
  variantId?: string;
}

export function readDraft(ref: DraftRef): StoredDraft | undefined {
  const raw = sessionStorage.getItem(keyOf(ref.userProfileId, ref.setId, ref.variantId));
  try {
    return raw ? (JSON.parse(raw) as StoredDraft) : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(ref: DraftRef, value: StoredDraft): void {
  sessionStorage.setItem(keyOf(ref.userProfileId, ref.setId, ref.variantId), JSON.stringify(value));
}

export function clearDraft(ref: DraftRef): void {
  sessionStorage.removeItem(keyOf(ref.userProfileId, ref.setId, ref.variantId));
}

/** A party form's result goes into the stored draft (creating it from `fallback` when none is kept). */
export function updateParties(
  ref: DraftRef,
  fallback: () => StoredDraft | undefined,
  patch: Partial<Parties>,
) {
  const current = readDraft(ref) ?? fallback();
  if (!current) return;
  // A party taken again answers its own errors.
  const partyErrors = { ...current.partyErrors };
  for (const kind of Object.keys(patch)) delete partyErrors[kind as PartyKind];
  writeDraft(ref, { ...current, parties: { ...current.parties, ...patch }, partyErrors });
}

/** A 400's invalid params of the parties, by party and path (`supplier.address.zip`). */
export function partyErrorsOf(params: { name: string; reason: string }[]): StoredDraft['partyErrors'] {
  const errors: NonNullable<StoredDraft['partyErrors']> = {};
  for (const p of params) {
    const [kind, ...path] = p.name.split('.');
    if (kind !== 'applicant' && kind !== 'supplier' && kind !== 'sublessee') continue;
    (errors[kind] ??= {})[path.join('.') || 'name'] ??= p.reason;
  }
  return errors;
}
