/** /calculations: the list of calculations (being built). */
export function CalculationsPage() {
  return null;
}

export const Component = CalculationsPage;
