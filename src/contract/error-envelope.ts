import * as z from 'zod';
import { ErrorCodeSchema } from './enums.js';

/** Every error body: `{error: <kebab-case code>, message: <human text>}`. */
export const ErrorEnvelopeSchema = z.looseObject({
  error: ErrorCodeSchema,
  message: z.string(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
