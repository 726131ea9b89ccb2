import * as endpoints from '../../domain/api/endpoints/calculations';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../http';
import { referenceRead } from '../offline/reference';
import type { Entity } from '../../domain/hypermedia';
import type { CalculationViewProperties, VariantProperties } from './types';

export const calculationKeys = {
  all: ['calculations'] as const,
  view: (setId?: string, variantId?: string) =>
    [...calculationKeys.all, 'view', setId ?? 'new', variantId] as const,
};

/**
 * The calculation view: condition lists, object types and, for a saved one, the variant. A new
 * calculation's view is reference data, kept on the device (docs/offline.md) for drafting offline.
 */
export const calculationViewQuery = (setId?: string, variantId?: string) =>
  queryOptions({
    queryKey: calculationKeys.view(setId, variantId),
    queryFn: () =>
      setId && variantId
        ? call(endpoints.calculationView, { calculationSetId: setId, calculationVariantId: variantId })
        : referenceRead(endpoints.calculationView, {}),
  });

/**
 * A variant's save that the outbox delivered: the device's copy of its view takes the server's
 * answer at once (values and version). Edited offline again before it was opened online, the
 * calculation starts from what was saved, not from an older copy whose version the server
 * would refuse as a conflict.
 */
export function keepDeliveredVariant(
  queryClient: QueryClient,
  entityKey: string,
  answer: Entity | undefined,
) {
  const ids = /^variant:([^/]+)\/(.+)$/.exec(entityKey);
  if (!ids || !answer || !isVariant(answer, ids[2]!)) return;
  queryClient.setQueryData<Entity<CalculationViewProperties>>(
    calculationKeys.view(ids[1], ids[2]),
    (view) => view && { ...view, properties: { ...view.properties, variant: answer } },
  );
}

const isVariant = (e: Entity<object>, variantId: string): e is Entity<VariantProperties> =>
  'calculationVariantId' in e.properties &&
  e.properties.calculationVariantId === variantId &&
  'etag' in e.properties &&
  typeof e.properties.etag === 'string';
