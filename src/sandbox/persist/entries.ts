// The journal's lines: what happened, at which world time, in the order it happened. A restart
// builds the world again from its seed and replays these (journaled-world.ts).
import * as z from 'zod';
import { KEY_STATES } from '../../contract/index.js';
import { ROLES } from '../../format/index.js';

const At = z.number().int().nonnegative();

const AdvanceEntry = z.object({ at: At, op: z.literal('advance') });
/** A named change of world-port.ts's Mutations; the name is checked against the table at replay. */
const MutateEntry = z.object({ at: At, op: z.literal('mutate'), name: z.string(), args: z.unknown() });
const KeyEntry = z.object({
  at: At,
  op: z.literal('key'),
  jwk: z.record(z.string(), z.unknown()),
  role: z.enum(ROLES),
  state: z.enum(KEY_STATES),
  userId: z.string().optional(),
  allowIps: z.array(z.string()).optional(),
});
const KeyStateEntry = z.object({ at: At, op: z.literal('key-state'), kid: z.string(), state: z.enum(KEY_STATES) });
/**
 * The world may run its own work (steps, arrivals) up to `at`: written ahead, before it does, and
 * at a stop with the time it stopped. A restart first runs the world up to the last one.
 */
const HorizonEntry = z.object({ at: At, op: z.literal('horizon') });
/** A sandbox started on the folder (after the replay of what was before). */
const StartEntry = z.object({ at: At, op: z.literal('start') });

export const JournalEntrySchema = z.discriminatedUnion('op', [
  AdvanceEntry,
  MutateEntry,
  KeyEntry,
  KeyStateEntry,
  HorizonEntry,
  StartEntry,
]);
export type JournalEntry = z.infer<typeof JournalEntrySchema>;

/** What the state was made with; a restart must be given the same (or nothing). */
export const StateMetaSchema = z.object({
  format: z.literal(1),
  seed: z.number().int(),
  history: z.number().int().nonnegative(),
  generator: z.boolean(),
  pace: z.number().positive(),
  startMs: At,
  createdAt: z.string(),
});
export type StateMeta = z.infer<typeof StateMetaSchema>;

export const STATE_FORMAT = 1;
