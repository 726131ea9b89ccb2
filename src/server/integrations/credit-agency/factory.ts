import type { Config } from '../../config';
import type { CreditAgency } from './port';
import { createSimulatedCreditAgency } from './simulator';

/** The credit agency CREDIT_AGENCY names; an adapter for a real agency is added here. */
export function createCreditAgency(kind: Config['creditAgency']): CreditAgency {
  switch (kind) {
    case 'simulator':
      return createSimulatedCreditAgency();
  }
}
