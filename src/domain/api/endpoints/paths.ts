/** The address of one variant, under which its process lives. */
export const VARIANT = '/api/calculationSets/:setId/calculationVariant/:variantId';
