/** Configuration, health, live events, the session, terms, the dashboard and the quick search. The table's rules: index.ts. */

export const config = { name: 'config', method: 'GET', path: '/api/config' } as const;
export const health = { name: 'health', method: 'GET', path: '/api/health' } as const;
export const ready = { name: 'ready', method: 'GET', path: '/api/ready' } as const;
export const events = { name: 'events', method: 'GET', path: '/api/events' } as const;
export const reportUiError = { name: 'reportUiError', method: 'POST', path: '/api/logging/ui' } as const;
export const myProfiles = {
  name: 'myProfiles',
  method: 'GET',
  path: '/api/userprofiles/myprofiles',
} as const;
export const myUsers = { name: 'myUsers', method: 'GET', path: '/api/user/myUsers' } as const;
export const acceptAll = { name: 'acceptAll', method: 'POST', path: '/api/user/acceptall' } as const;
export const acceptTermsOfUse = {
  name: 'acceptTermsOfUse',
  method: 'POST',
  path: '/api/user/accepttermsofuse',
} as const;
export const acceptTermsAndConditions = {
  name: 'acceptTermsAndConditions',
  method: 'POST',
  path: '/api/TermsAndConditions',
} as const;
export const termsAndConditionsDownload = {
  name: 'termsAndConditionsDownload',
  method: 'GET',
  path: '/api/TermsAndConditions/download',
} as const;
export const dashboard = { name: 'dashboard', method: 'GET', path: '/api/dashboard' } as const;
export const quickSearch = { name: 'quickSearch', method: 'GET', path: '/api/search/quicksearch' } as const;
