import { Summary } from './summary';

/** .../summary-grenke: after the request was sent to the provider. */
export const Component = () => <Summary kind="grenke" />;
