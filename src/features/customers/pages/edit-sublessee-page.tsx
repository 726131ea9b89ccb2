import { EditPartyPage } from '../components/edit-party-page';

/** .../edit-sublessee */
export function EditSublesseePage() {
  return <EditPartyPage kind="sublessee" />;
}

export const Component = EditSublesseePage;
