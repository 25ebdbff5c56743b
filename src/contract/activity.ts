import * as z from 'zod';
import { openEnum } from './open-enum.js';
import { millis, optionalNullable } from './scalars.js';

// The workspace's activity feed (OpenAPI `Activity`). Titles and descriptions are free text typed
// by people: shown as text, never interpreted (wire notes §9).

/** The OpenAPI's activity types. */
export const ACTIVITY_TYPES = [
  'login',
  'new-device-login',
  'failed-login',
  'failed-2fa',
  'guardian-declined',
  'new-address-book-record',
  'update-address-book-record',
  'delete-address-book-record',
  'workspace-creation',
  'workspace-settings-approval-update',
  'workspace-name-change',
  'workspace-tag-change',
  'tag-relinked',
  'tag-auto-relinked',
  'tag-deactivated',
  'only-address-book-withdrawals-settings-update',
  'transaction-approval-settings-update',
  'workspace-members-approval-update',
  'address-book-settings-approval-update',
  'transaction-limits-approval-settings-update',
  'member-creation',
  'member-update',
  'service-member-creation',
  'transaction-limit-creation',
  'transaction-limit-update',
  'account-creation',
  'passkey-creation',
  'passkey-deletion',
  '2fa-change',
  'email-change',
  'account-pins-reset',
  'shard-access-request-updated',
  'signing-share-requested',
  'signing-share-in-progress',
  'signing-share-cancelled',
  'signing-share-rejected',
  'signing-recovery-requested',
  'signing-recovery-in-progress',
  'signing-recovery-cancelled',
  'signing-recovery-rejected',
  'face-scan-enrolled',
  'face-scan-enrolment-removed',
  'face-scan-recovery-verified',
  'face-scan-recovery-failed',
  'shard-recovery-face-verified',
  'shard-recovery-face-failed',
  'signing-access-revoked',
  'transaction-completed',
  'subscription-updated',
  'trial-prolongation-requested',
  'trial-prolongated',
  'ownership-takeover-request-created',
  'ownership-takeover-request-cancelled',
  'ownership-takeover-new-beneficiary-added',
  'ownership-takeover-beneficiary-left',
  'ownership-takeover-request-completed',
  'user-frozen',
  'user-unfrozen',
  'workspace-frozen',
  'workspace-unfrozen',
  'user-deletion-scheduled',
  'user-deletion-canceled',
] as const;

/**
 * Decision: the feed also says what happened to transactions (created, approved, declined with
 * its reason, canceled). The OpenAPI's enum names only `transaction-completed`; these four are the
 * sandbox's additions, and the type is open, so a service that names them otherwise still shows.
 */
export const TRANSACTION_ACTIVITY_TYPES = [
  'transaction-created',
  'transaction-approved',
  'transaction-declined',
  'transaction-canceled',
] as const;

export const ActivityTypeSchema = openEnum(
  [...ACTIVITY_TYPES, ...TRANSACTION_ACTIVITY_TYPES] as const,
  'an activity type',
);

export const ActivitySchema = z.looseObject({
  activityId: z.string(),
  activityType: ActivityTypeSchema,
  title: z.string(),
  createdAt: millis,
  description: optionalNullable(z.string()),
  userId: optionalNullable(z.string()),
  accountId: optionalNullable(z.string()),
  workspaceId: optionalNullable(z.string()),
});
export type Activity = z.infer<typeof ActivitySchema>;

export const ActivityListSchema = z.looseObject({ activities: z.array(ActivitySchema) });
export type ActivityList = z.infer<typeof ActivityListSchema>;
