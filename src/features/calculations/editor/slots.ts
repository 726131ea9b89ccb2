import type { ComponentType } from 'react';
import type { VariantProperties } from '../../../client/calculation/types';
import type { Entity } from '../../../domain/hypermedia';

/**
 * What other areas show inside the editor. Features do not import each other: the route in
 * src/app/routes/calculation.tsx fills these (docs/architecture.md, "Layers and imports").
 */
export interface EditorSlots {
  /**
   * The variant's next steps: offer, request, special case, signing (requests). A read-only
   * profile sees where they stand and no step (the server offers it no action).
   */
  ProcessBar: ComponentType<{
    entity: Entity<VariantProperties>;
    dirty: boolean;
    readOnly: boolean;
    onAccepted?: () => void;
  }>;
  /** The files chosen for a new calculation before its first save (documents). */
  DraftAttachments: ComponentType<{ draftKey: string }>;
}
