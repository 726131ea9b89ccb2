import { EditPartyPage } from '../components/edit-party-page';

/** .../edit-supplier */
export function EditSupplierPage() {
  return <EditPartyPage kind="supplier" />;
}

export const Component = EditSupplierPage;
