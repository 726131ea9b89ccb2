import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../client/http';
import type { Entity } from '../../../domain/hypermedia';
import type { CalculationViewProperties } from './types';

export const calculationKeys = {
  all: ['calculations'] as const,
  view: (setId?: string, variantId?: string) =>
    [...calculationKeys.all, 'view', setId ?? 'new', variantId] as const,
};

/** The calculation view: condition lists, object types and, for a saved one, the variant. */
export const calculationViewQuery = (setId?: string, variantId?: string) =>
  queryOptions({
    queryKey: calculationKeys.view(setId, variantId),
    queryFn: () =>
      api<Entity<CalculationViewProperties>>(
        setId && variantId
          ? `calculationView?calculationSetId=${encodeURIComponent(setId)}&calculationVariantId=${encodeURIComponent(variantId)}`
          : 'calculationView',
      ),
  });
