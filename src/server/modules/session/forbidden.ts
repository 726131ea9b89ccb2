/**
 * The refusals' texts, one per rule: the `detail` names the rule so the client can tell the cases
 * apart. A leaf module, as the authentication plugin (plugins/auth.ts) refuses with them too and
 * session/policy.ts reads the plugin's caller.
 */
export const FORBIDDEN = {
  notAdmin: 'Only admins of the partner may do this.',
  readOnly: 'The selected brand is read-only.',
  noProfile: 'The user has no profile.',
  termsNotAccepted: 'The terms must be accepted first.',
  apiUser: 'This user is only for Leasing API usage.',
  notActivated: 'The user is not activated yet.',
  logoNotPermitted: 'Logo upload is not permitted for this partner.',
  moveNotPermitted: 'Moving calculations is not permitted for this user.',
} as const;
