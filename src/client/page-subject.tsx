import { createContext, useContext, useEffect } from 'react';

const SetSubject = createContext<(subject: string | undefined) => void>(() => undefined);

/** Where a page's subject goes: the browser tab's title (src/app/document-title.tsx). */
export const PageSubjectProvider = SetSubject.Provider;

/**
 * Names what the page shows (the customer, the user) in the browser tab's title, beside the
 * route's own title: tabs and history of the same screen then tell their subjects apart.
 */
export function usePageSubject(subject: string | undefined) {
  const set = useContext(SetSubject);
  useEffect(() => {
    set(subject || undefined);
    return () => set(undefined);
  }, [set, subject]);
}
