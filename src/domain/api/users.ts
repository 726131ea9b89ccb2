import { z } from 'zod';
import { ProfileStatus } from '../session';
import { LOGO_MAX_BYTES, MoveCalculations, UserSave } from '../users';
import type { Binding } from './binding';
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

export const UserProfileDetailSchema = z.object({
  userProfileId: z.string(),
  parentProfileId: z.string(),
  name: z.string(),
  branding: z.string(),
  status: ProfileStatus,
  isDefault: z.boolean(),
  calculationCount: z.number(),
  contractCount: z.number(),
  /** Where this profile's calculations and contracts may be moved. */
  moveTargets: z.array(z.object({ userProfileId: z.string(), userName: z.string() })),
});

export const UserDetailSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string(),
  telephone: z.object({ countryCode: z.string(), number: z.string() }).nullable(),
  eMail: z.string(),
  status: ProfileStatus,
  lastChange: z.string(),
  isAdmin: z.boolean(),
  hasGlobalAccess: z.boolean(),
  isExcelDownloadPermitted: z.boolean(),
  isMoveCalculationsPermitted: z.boolean(),
  profiles: z.array(UserProfileDetailSchema),
  /** Why `delete-user` is not offered (src/domain/user-policy.ts), null when it is. */
  deleteBlockedBy: z.string().nullable(),
});
export const UserDetailEntity = entity(UserDetailSchema);
export const MovedSchema = z.object({ movedCalculations: z.number(), movedContracts: z.number() });

/** The company logo (JPG, base64); saving it answers without the content. */
export const LogoSavedEntity = entity(z.object({ name: z.string(), size: z.number(), format: z.string() }));
export const LogoEntity = entity(
  z.object({
    name: z.string(),
    size: z.number(),
    format: z.string(),
    content: z.string(),
    updatedAt: z.string(),
  }),
);

export type LogoEntity = z.infer<typeof LogoEntity>;
export type UserListItem = z.infer<typeof UserListItemSchema>;
export type UserProfileDetail = z.infer<typeof UserProfileDetailSchema>;
export type UserProfileSummary = Omit<UserProfileDetail, 'moveTargets'>;
export type UserDetail = z.infer<typeof UserDetailSchema>;
export type UserDetailEntity = z.infer<typeof UserDetailEntity>;
export type UserListEntity = z.infer<typeof UserListEntity>;
export type ParentProfile = z.infer<typeof ParentProfileSchema>;
export type PartnerEntity = z.infer<typeof PartnerEntity>;

const UserParams = z.object({ userId: z.uuid('notFound') });
const LogoBody = z.object({
  name: z.string().trim().min(1, 'required').max(200, 'tooLong'),
  content: z.string().max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 8, 'logoTooLarge'),
});

/** The administration's schemas (contract.ts). */
export const userEndpoints = {
  users: {
    query: z.object({
      sortBy: z.enum(['firstName', 'lastName']).default('lastName'),
      orderDesc: z
        .enum(['true', 'false'])
        .default('false')
        .transform((v) => v === 'true'),
    }),
    answer: UserListEntity,
  },
  user: { params: UserParams, answer: UserDetailEntity },
  createUser: { body: UserSave, answer: UserDetailEntity, status: 201 },
  saveUser: { params: UserParams, body: UserSave, answer: UserDetailEntity },
  deleteUser: { params: UserParams, status: 204 },
  resetPassword: { params: UserParams, status: 204 },
  moveCalculations: { params: UserParams, body: MoveCalculations, answer: MovedSchema },
  partner: { answer: PartnerEntity },
  logo: { answer: LogoEntity },
  saveLogo: { body: LogoBody, answer: LogoSavedEntity },
  deleteLogo: { status: 204 },
} satisfies Record<string, Binding>;
