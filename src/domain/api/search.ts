import { z } from 'zod';
import { QuickSearchQuery } from '../calculation/list';
import type { Binding } from './binding';
import { CalculationListItemSchema } from './calculations';
import { ContractListItemSchema } from './contracts';
import { entity } from './entity';

/** The header's quick search: calculations and contracts matching a text, fewer fields than their lists. */
export const QuickSearchCalculationSchema = CalculationListItemSchema.pick({
  calculationSetId: true,
  calculationVariantId: true,
  lastEdited: true,
  name: true,
  applicantName: true,
  sublesseeName: true,
  isSubLease: true,
  state: true,
});

export const QuickSearchContractSchema = ContractListItemSchema.pick({
  contractId: true,
  referenceCode: true,
  startDate: true,
  customerName: true,
  isSubLease: true,
  subLesseeName: true,
  state: true,
});

export const QuickSearchEntity = entity(
  z.object({
    searchText: z.string(),
    hasMore: z.boolean(),
    calculationSetReadModels: z.array(QuickSearchCalculationSchema),
    contractReadModels: z.array(QuickSearchContractSchema),
  }),
);

export type QuickSearchCalculation = z.infer<typeof QuickSearchCalculationSchema>;
export type QuickSearchContract = z.infer<typeof QuickSearchContractSchema>;
export type QuickSearchEntity = z.infer<typeof QuickSearchEntity>;

/** The quick search's schemas (contract.ts). */
export const searchEndpoints = {
  quickSearch: { query: QuickSearchQuery, answer: QuickSearchEntity },
} satisfies Record<string, Binding>;
