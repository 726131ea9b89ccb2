/** What the calculation calls answer: the contract's types of src/domain/api/calculations.ts. */
export type {
  CalculationViewProperties,
  ObjectType,
  VariantProperties,
  VariantSummary,
} from '../../domain/api/calculations';
