import type { EditorSlots } from '../../features/calculations/editor/slots';
import { CalculationPage } from '../../features/calculations/pages/calculation-page';
import { DraftAttachments } from '../../features/documents/components/draft-attachments';
import { ProcessBar } from '../../features/requests/components/process-bar';

const slots: EditorSlots = { ProcessBar, DraftAttachments };

/** The calculation editor with the process bar of requests and the draft files of documents. */
export function Component() {
  return <CalculationPage slots={slots} />;
}
