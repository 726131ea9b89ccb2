import { z } from 'zod';
import { CALCULATION_STATES, CONTRACT_STATES, type CalculationState } from '../calculation/states';

/** Pieces several answers share: states, their colours, credit reports. */
export const CalculationStateSchema = z.enum(CALCULATION_STATES as [CalculationState, ...CalculationState[]]);
export const ContractStateSchema = z.enum(CONTRACT_STATES);
export const ColourGroupSchema = z.enum(['blue', 'yellow', 'green', 'gray']);

/** A credit-agency report the partner recorded for a company. */
export const CreditReportSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  agency: z.string(),
  scoreClass: z.number(),
});

/** A file answered as base64 (exports, document contents). */
export const Base64File = z.object({
  contentAsBase64: z.string(),
  fileName: z.string(),
  fileFormat: z.string(),
});
export type Base64File = z.infer<typeof Base64File>;

/** The selected user profile, as the query some calls also take (besides the header); both spellings occur. */
export const ProfileQuery = z.object({
  userprofileId: z.string().optional(),
  userProfileId: z.string().optional(),
});

/** `forceUpdate=true` saves over a locked state (409 otherwise). */
export const ForceUpdateQuery = ProfileQuery.extend({ forceUpdate: z.enum(['true', 'false']).optional() });
