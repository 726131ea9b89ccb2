import { UploadArea } from '../../features/documents/components/upload-area';
import { ContractDetailsPage } from '../../features/signing/pages/contract-details-page';
import type { SigningSlots } from '../../features/signing/slots';

const slots: SigningSlots = { UploadArea };

/** The signing page with the upload area of documents for the signed papers. */
export function Component() {
  return <ContractDetailsPage slots={slots} />;
}
