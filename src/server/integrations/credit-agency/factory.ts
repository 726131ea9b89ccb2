import type { Config } from '../../config';
import { createHttpCreditAgency } from './http';
import type { CreditAgency } from './port';
import { createSimulatedCreditAgency } from './simulator';

/** The credit agency CREDIT_AGENCY names (docs/credit-agency.md). */
export function createCreditAgency(c: Config['creditAgency']): CreditAgency {
  switch (c.mode) {
    case 'simulator':
      return createSimulatedCreditAgency();
    case 'http':
      return createHttpCreditAgency(c);
  }
}
