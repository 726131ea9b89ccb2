/** The credit agency's customers, the parties' country configurations, bank account checks. The table's rules: index.ts. */

export const customers = { name: 'customers', method: 'GET', path: '/api/customers' } as const;
export const selectCustomer = {
  name: 'selectCustomer',
  method: 'GET',
  path: '/api/customers/select',
} as const;
export const applicantConfiguration = {
  name: 'applicantConfiguration',
  method: 'GET',
  path: '/api/applicant/configuration/:countryIso',
} as const;
export const supplierConfiguration = {
  name: 'supplierConfiguration',
  method: 'GET',
  path: '/api/supplier/configuration/:countryIso',
} as const;
export const sublesseeConfiguration = {
  name: 'sublesseeConfiguration',
  method: 'GET',
  path: '/api/sublessee/configuration/:countryIso',
} as const;
export const validateIban = { name: 'validateIban', method: 'GET', path: '/api/validateIban/:iban' } as const;
export const validateBankgiro = {
  name: 'validateBankgiro',
  method: 'GET',
  path: '/api/validateBankgironumber/:number',
} as const;
