/** The contracts: list, export, one contract, assigning, the redemption offer. The table's rules: index.ts. */

export const contracts = { name: 'contracts', method: 'GET', path: '/api/contracts' } as const;
export const contractsExcel = {
  name: 'contractsExcel',
  method: 'GET',
  path: '/api/contracts/excel',
} as const;
export const contractAssignees = {
  name: 'contractAssignees',
  method: 'GET',
  path: '/api/contracts/assignees',
} as const;
export const contract = { name: 'contract', method: 'GET', path: '/api/contracts/:referenceCode' } as const;
export const assignContract = {
  name: 'assignContract',
  method: 'POST',
  path: '/api/contracts/:referenceCode/assign',
} as const;
export const redemptionOffer = {
  name: 'redemptionOffer',
  method: 'GET',
  path: '/api/contracts/:referenceCode/redemption-offer',
} as const;
export const sendRedemptionOffer = {
  name: 'sendRedemptionOffer',
  method: 'POST',
  path: '/api/contracts/:referenceCode/redemption-offer',
} as const;
