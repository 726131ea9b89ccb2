export type { UserDetail } from '../../../domain/users';

/** The partner's brands (src/domain/api/users.ts) and its logo, as the screens read them. */
export type { ParentProfile } from '../../../domain/api/users';

export type { Logo } from '../../../domain/api/users';
