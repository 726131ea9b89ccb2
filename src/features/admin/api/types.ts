import type { ProfileStatus } from '../../../domain/session';

/** The shapes of the administration answers, as the screens read them. */
export interface UserListItem {
  id: string;
  firstName: string;
  lastName: string;
  isDisabled: boolean;
  profiles: { id: string; name: string; branding: string; isDefault: boolean; isDisabled: boolean }[];
}

export interface UserProfileDetail {
  userProfileId: string;
  parentProfileId: string;
  name: string;
  branding: string;
  status: ProfileStatus;
  isDefault: boolean;
  calculationCount: number;
  contractCount: number;
  moveTargets: { userProfileId: string; userName: string }[];
}

export interface UserDetail {
  userId: string;
  firstName: string;
  lastName: string;
  title: string;
  telephone: { countryCode: string; number: string } | null;
  eMail: string;
  status: ProfileStatus;
  lastChange: string;
  isAdmin: boolean;
  hasGlobalAccess: boolean;
  isExcelDownloadPermitted: boolean;
  isMoveCalculationsPermitted: boolean;
  profiles: UserProfileDetail[];
}

export interface ParentProfile {
  id: string;
  name: string;
  branding: string;
  status: ProfileStatus;
}

export interface Logo {
  name: string;
  size: number;
  format: string;
  content: string;
}
