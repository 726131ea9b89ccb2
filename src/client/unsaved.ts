/**
 * Whether a page holds unsaved changes, asked before something would discard them (the
 * language switch reloads texts and options; portal specification, “Screens and routes” asks for a confirmation).
 */
let check: (() => boolean) | null = null;

export function setUnsavedCheck(next: (() => boolean) | null): void {
  check = next;
}

export function hasUnsavedChanges(): boolean {
  return check?.() ?? false;
}

/** The user chose to discard them (or they were saved): nothing to ask until the next change. */
export function discardUnsavedChanges(): void {
  check = null;
}
