import { z } from 'zod';
import { CalculationStateSchema, ContractStateSchema } from './common';
import { entity } from './entity';

/** The header's quick search: calculations and contracts matching a text. */
export const QuickSearchCalculationSchema = z.object({
  calculationSetId: z.string(),
  calculationVariantId: z.string(),
  lastEdited: z.string(),
  applicantName: z.string(),
  sublesseeName: z.string(),
  isSubLease: z.boolean(),
  state: CalculationStateSchema,
});

export const QuickSearchContractSchema = z.object({
  contractId: z.string(),
  referenceCode: z.string(),
  startDate: z.string().nullable(),
  customerName: z.string(),
  isSubLease: z.boolean(),
  subLesseeName: z.string(),
  state: ContractStateSchema,
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
