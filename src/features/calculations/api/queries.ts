import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../client/http';
import { referenceRead } from '../../../client/offline/reference';
import type { Entity } from '../../../domain/hypermedia';
import type { CalculationViewProperties } from './types';

export const calculationKeys = {
  all: ['calculations'] as const,
  view: (setId?: string, variantId?: string) =>
    [...calculationKeys.all, 'view', setId ?? 'new', variantId] as const,
};

/**
 * The calculation view: condition lists, object types and, for a saved one, the variant. A new
 * calculation's view is reference data, kept on the device (OFFLINE.md) for drafting offline.
 */
export const calculationViewQuery = (setId?: string, variantId?: string) =>
  queryOptions({
    queryKey: calculationKeys.view(setId, variantId),
    queryFn: () =>
      setId && variantId
        ? api<Entity<CalculationViewProperties>>(
            `calculationView?calculationSetId=${encodeURIComponent(setId)}&calculationVariantId=${encodeURIComponent(variantId)}`,
          )
        : referenceRead<Entity<CalculationViewProperties>>('calculationView'),
  });
