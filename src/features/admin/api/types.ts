import type { ProfileStatus } from '../../../domain/session';

export type { UserDetail, UserListItem, UserProfileDetail } from '../../../domain/users';

/** The partner's brands and its logo, as the screens read them. */
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
