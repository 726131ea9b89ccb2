/** BankID's relying-party API v6: the test service and the production one. */
export const BANKID_TEST_URL = 'https://appapi2.test.bankid.com/rp/v6.0';
export const BANKID_PRODUCTION_URL = 'https://appapi2.bankid.com/rp/v6.0';
