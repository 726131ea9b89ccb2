/** The provider's back office and its data load. The table's rules: index.ts. */

export const specialCases = {
  name: 'specialCases',
  method: 'GET',
  path: '/api/backoffice/special-cases',
} as const;
export const answerSpecialCase = {
  name: 'answerSpecialCase',
  method: 'POST',
  path: '/api/backoffice/special-cases/:id/answer',
} as const;
export const requestQueue = {
  name: 'requestQueue',
  method: 'GET',
  path: '/api/backoffice/requests',
} as const;
export const requestDetail = {
  name: 'requestDetail',
  method: 'GET',
  path: '/api/backoffice/requests/:requestId',
} as const;
export const decideRequest = {
  name: 'decideRequest',
  method: 'POST',
  path: '/api/backoffice/requests/:requestId/decision',
} as const;
export const guaranteeReceived = {
  name: 'guaranteeReceived',
  method: 'POST',
  path: '/api/backoffice/requests/:requestId/guarantee-received',
} as const;
export const applications = {
  name: 'applications',
  method: 'GET',
  path: '/api/backoffice/applications',
} as const;
export const checkApplication = {
  name: 'checkApplication',
  method: 'POST',
  path: '/api/backoffice/applications/:id/check',
} as const;
export const providerData = { name: 'providerData', method: 'PUT', path: '/api/provider/data' } as const;
