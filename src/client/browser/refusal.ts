/**
 * What keeps the portal from running in this browser (administration specification, “The error
 * catalogue”: old-browser and cookies-off texts): a browser without what the app uses, or cookies
 * and site data refused (the session, the drafts and the outbox live in the browser's storage).
 * The texts, in the visitor's language, come with the page (src/server/shell.ts).
 */
export type Refusal = 'oldBrowser' | 'cookiesOff';

function storageAllowed(): boolean {
  try {
    localStorage.setItem('portal.probe', '1');
    localStorage.removeItem('portal.probe');
    return navigator.cookieEnabled;
  } catch {
    return false;
  }
}

export function refusalOf(): Refusal | null {
  const current =
    typeof AbortSignal.any === 'function' && typeof structuredClone === 'function' && 'indexedDB' in window;
  if (!current) return 'oldBrowser';
  return storageAllowed() ? null : 'cookiesOff';
}

/** Shows the refusal's text in place of the app. */
export function showRefusal(refusal: Refusal): void {
  const text = document.getElementById('refusal');
  if (!text) return;
  text.textContent = refusal === 'oldBrowser' ? text.dataset.oldBrowser! : text.dataset.cookiesOff!;
  text.hidden = false;
}
