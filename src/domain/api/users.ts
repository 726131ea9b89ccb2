import { z } from 'zod';
import { ProfileStatus } from '../session';
import { entity, entityWith } from './entity';

/** User administration: the partner's users and the partner with its brands (parent profiles). */
export const UserListItemSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isDisabled: z.boolean(),
  profiles: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      branding: z.string(),
      isDefault: z.boolean(),
      isDisabled: z.boolean(),
    }),
  ),
});
export const UserListEntity = entityWith(
  z.object({ count: z.number(), isUserInvitationAvailable: z.boolean() }),
  entity(UserListItemSchema),
);

export const ParentProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  branding: z.string(),
  status: ProfileStatus,
});
export const PartnerEntity = entityWith(
  z.object({ businessPartnerId: z.string(), name: z.string(), countryIso: z.string() }),
  entity(ParentProfileSchema),
);

export type UserListItem = z.infer<typeof UserListItemSchema>;
export type UserListEntity = z.infer<typeof UserListEntity>;
export type ParentProfile = z.infer<typeof ParentProfileSchema>;
export type PartnerEntity = z.infer<typeof PartnerEntity>;
