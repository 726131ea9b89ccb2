import type { ConditionList, ResultRow } from '../../domain/calculation/schemas';
import type { CalculationState, ColourGroup } from '../../domain/calculation/states';
import type { CalculationVariant } from '../../domain/calculation/variant';
import type { CreditReport, Customer, Party } from '../../domain/customers/schemas';
import type { Entity } from '../../domain/hypermedia';
import type { SpecialCase } from '../../domain/calculation/requests';

/** What GET calculationView answers (src/server/modules/calculations/service.ts). */
export interface ObjectType {
  id: string;
  label: string;
  softPeriodLimit: number;
  hardPeriodLimit: number;
  countedServicePossible: boolean;
  defaultManufacturerId: string | null;
  manufacturers: { id: string; name: string }[];
}

export interface VariantSummary {
  calculationVariantId: string;
  name: string;
  position: number;
  state: CalculationState;
  calculationVariant: CalculationVariant;
  calculationResults: ResultRow[];
}

export interface VariantProperties {
  calculationSetId: string;
  calculationVariantId: string;
  name: string;
  state: CalculationState;
  stateColour: ColourGroup;
  isReadOnly: boolean;
  isLocked: boolean;
  currencyCode: string;
  lastEdited: string;
  lastSaved: { at: string; by: string | null };
  etag: string;
  calculationVariant: CalculationVariant;
  calculationResults: ResultRow[];
  applicant: Customer | null;
  supplier: Party | null;
  sublessee: Party | null;
  creditAgencyReportIds: string[];
  /** The reports the partner recorded for the applicant's company, newest first. */
  creditReports: CreditReport[];
  variants: VariantSummary[];
  quoteNote: string;
  nonBindingQuoteNote: string;
  /** The choice of the offer being made (its last document), until it is sent. */
  offer: { periods: number[]; languageCode: string | null };
  specialCaseRequested: boolean;
  /** The newest request for a special-case condition and the provider's answer. */
  specialCase: SpecialCase | null;
  /** Why a request could not be sent now: the keys the server would refuse it with. */
  requestBlockers: string[];
  /** The newest request to the provider and its decision. */
  request: VariantRequest | null;
  /** One customer signee after an instant decision, a joint signature of two otherwise. */
  maxCustomerSignees: number;
  /** The newest contract start and the provider's check of it. */
  application: {
    status: 'open' | 'complete' | 'missing' | 'cancelled';
    missingDocuments: string[];
    infoText: string | null;
    referenceCode: string | null;
  } | null;
}

export interface VariantRequest {
  status: 'open' | 'decided' | 'cancelled';
  decision: 'approve' | 'approveWithGuarantee' | 'needInformation' | 'decline' | null;
  missingInfo: string[];
  infoText: string | null;
  declineReason: string | null;
  requestedAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
}

export interface CalculationViewProperties {
  calculationProfile: {
    userProfileId: string;
    brandName: string;
    isReadOnly: boolean;
    isNewCalculationPossible: boolean;
    countryIso: string;
    currencyCode: string;
  };
  conditionLists: ConditionList[];
  objectTypes: ObjectType[];
  variant: Entity<VariantProperties> | null;
}
