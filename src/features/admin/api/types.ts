export type { UserDetail } from '../../../domain/api/users';

/** The partner's brands (src/domain/api/users.ts), as the screens read them. */
export type { ParentProfile } from '../../../domain/api/users';
