/** The parameters a start brings (the language, the sign-in's answer), not the page's own. */
const START_PARAMETERS = ['l', 'code', 'state', 'session_state', 'iss', 'error', 'error_description'];

/** The query string without the start's parameters ('' when nothing else is left). */
export function withoutStartParameters(search: string): string {
  const query = new URLSearchParams(search);
  for (const name of START_PARAMETERS) query.delete(name);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}
