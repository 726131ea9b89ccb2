import type { ComponentType, ReactNode } from 'react';
import type { Action } from '../../domain/hypermedia';

/**
 * What another area shows on the signing page: the upload of the signed papers (documents).
 * Features do not import each other: the route in src/app/routes/contract-details.tsx fills it
 * (docs/architecture.md, "Layers and imports").
 */
export interface SigningSlots {
  UploadArea: ComponentType<{
    calculationSetId: string;
    upload: Action;
    categories: string[];
    rules: { maxFileSize: number; allowedExtensions: string[] };
    title?: string;
    status?: ReactNode;
  }>;
}
