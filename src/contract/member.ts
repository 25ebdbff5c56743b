import * as z from 'zod';
import { openEnum } from './open-enum.js';
import { millis, optionalNullable } from './scalars.js';
import { acceptEmbedded } from './wire-embedded.js';

// Workspace members (OpenAPI `WorkspaceMember`): who a user id is. Profiles, emails and permission
// groups travel in `_embedded` only when the query asks for them (wire notes §9).

export const MEMBER_STATUSES = ['new', 'active', 'rejected', 'deactivated'] as const;
export const MemberStatusSchema = openEnum(MEMBER_STATUSES, 'a member status');

export const IDENTITY_TYPES = ['email'] as const;
export const IdentityTypeSchema = openEnum(IDENTITY_TYPES, 'an identity type');

export const UserProfileSchema = z.looseObject({
  userId: z.string(),
  name: optionalNullable(z.string()),
  icon: optionalNullable(z.string()),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

export const IdentitySchema = z.looseObject({
  identityId: z.string(),
  userId: z.string(),
  identityType: IdentityTypeSchema,
  identityValue: z.string(),
  createdAt: millis,
  createdBy: optionalNullable(z.string()),
  expiresAt: optionalNullable(millis),
  lastUsedAt: optionalNullable(millis),
  updatedAt: optionalNullable(millis),
});
export type Identity = z.infer<typeof IdentitySchema>;

export const MemberEmbeddedSchema = z.looseObject({
  profile: optionalNullable(UserProfileSchema),
  identities: optionalNullable(z.array(IdentitySchema)),
  permissionGroups: optionalNullable(z.array(z.string())),
});
export type MemberEmbedded = z.infer<typeof MemberEmbeddedSchema>;

export const MemberSchema = acceptEmbedded(
  z.looseObject({
    workspaceId: z.string(),
    userId: z.string(),
    status: MemberStatusSchema,
    createdAt: millis,
    updatedAt: optionalNullable(millis),
    deactivatedAt: optionalNullable(millis),
    embedded: optionalNullable(MemberEmbeddedSchema),
  }),
);
export type Member = z.infer<typeof MemberSchema>;

export const MemberListSchema = z.looseObject({ members: z.array(MemberSchema) });
export type MemberList = z.infer<typeof MemberListSchema>;
