/**
 * After a refused save: bring the first marked field into view and put the cursor in it, once
 * the errors are rendered (the next frame), so that a long form on a phone shows what to fix.
 */
export function focusFirstError(): void {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('[data-invalid]');
    if (!field) return;
    field.scrollIntoView({ block: 'center', behavior: 'smooth' });
    field.querySelector<HTMLElement>('input, select, textarea')?.focus({ preventScroll: true });
  });
}
