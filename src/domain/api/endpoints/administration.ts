/** The partner's users, brands and logo. The table's rules: index.ts. */

export const users = { name: 'users', method: 'GET', path: '/api/users' } as const;
export const user = { name: 'user', method: 'GET', path: '/api/users/:userId' } as const;
export const createUser = { name: 'createUser', method: 'POST', path: '/api/users' } as const;
export const saveUser = { name: 'saveUser', method: 'PUT', path: '/api/users/:userId' } as const;
export const deleteUser = { name: 'deleteUser', method: 'DELETE', path: '/api/users/:userId' } as const;
export const resetPassword = {
  name: 'resetPassword',
  method: 'PUT',
  path: '/api/users/:userId/resetPassword',
} as const;
export const moveCalculations = {
  name: 'moveCalculations',
  method: 'POST',
  path: '/api/users/:userId/moveCalculations',
} as const;
export const partner = { name: 'partner', method: 'GET', path: '/api/partner' } as const;
export const logo = { name: 'logo', method: 'GET', path: '/api/partner/logo' } as const;
export const saveLogo = { name: 'saveLogo', method: 'PUT', path: '/api/partner/logo' } as const;
export const deleteLogo = { name: 'deleteLogo', method: 'DELETE', path: '/api/partner/logo' } as const;
