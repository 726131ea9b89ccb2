import { z } from 'zod';
import { AccountProfile, AvailableUser } from '../session';
import type { Binding } from './binding';
import { entity, entityWith } from './entity';

/** The signed-in account's profile and the users it may act as (the request schemas of src/domain/session.ts). */
export const AccountProfileEntity = entity(AccountProfile);
export const AvailableUsersEntity = entityWith(z.object({ count: z.number() }), entity(AvailableUser));

export type AccountProfileEntity = z.infer<typeof AccountProfileEntity>;
export type AvailableUsersEntity = z.infer<typeof AvailableUsersEntity>;

/** The session's schemas (contract.ts). */
export const sessionEndpoints = {
  myProfiles: {
    query: z.object({ culture: z.string().max(10).optional(), userprofileId: z.string().optional() }),
    answer: AccountProfileEntity,
  },
  myUsers: { answer: AvailableUsersEntity },
} satisfies Record<string, Binding>;
