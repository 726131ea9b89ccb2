import { Summary } from './summary';

/** .../summary-customer: after the offer was sent to the customer. */
export const Component = () => <Summary kind="customer" />;
