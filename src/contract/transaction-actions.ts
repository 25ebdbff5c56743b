import * as z from 'zod';

// Bodies of the actions on one transaction (wire notes §7).

/** `POST .../transactions/{id}/decline`: only while `waiting-approval`. */
export const DeclineRequestSchema = z.object({ reason: z.string().optional() });
export type DeclineRequest = z.infer<typeof DeclineRequestSchema>;

/** `POST .../transactions/{id}/approve`: an empty object. */
export const ApproveRequestSchema = z.object({});
export type ApproveRequest = z.infer<typeof ApproveRequestSchema>;

/** `POST .../transactions/{id}/cancel`. */
export const CancelRequestSchema = z.object({ reason: z.string().optional() });
export type CancelRequest = z.infer<typeof CancelRequestSchema>;
