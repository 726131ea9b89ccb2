/** The calculation editor (being built). */
export function CalculationPage() {
  return null;
}

export const Component = CalculationPage;
