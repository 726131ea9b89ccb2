/**
 * What other modules may use of the session area (docs/architecture.md, "Modules"): they import from here,
 * never from the module's files (its repos above all).
 */
export {
  acceptTerms,
  assigneesOf,
  brandCurrency,
  brandName,
  brandsSigningWithBankId,
  findLastSignIn,
  findPartner,
  findPartnerSignee,
  instantDecisionLimit,
  ownerOf,
  savePartnerSignee,
  userNames,
  type AcceptedTerms,
} from './repo';
/** The administration of a partner's users (the users module). */
export {
  addProfile,
  brandsOfPartner,
  clearDefaultProfile,
  countActiveAdmins,
  deleteProfile,
  deleteUser,
  findAccountByEmail,
  findMoveTargets,
  findProfiles,
  findUser,
  hasOtherActiveUser,
  insertAccount,
  insertUser,
  listUsers,
  lockPartner,
  setAccountEmail,
  setProfile,
  updateUser,
  type UserFields,
  type UserListRow,
  type UserRecord,
} from './users-repo';
/** The provider's underwriters and the brands a price list may name (the provider-data module). */
export { loadUnderwriters, type NewUnderwriter } from './underwriters';
export { approvalLimitsOf, brandsForLoad, providerBrand } from './underwriters-repo';
