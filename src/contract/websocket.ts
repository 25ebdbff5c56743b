import * as z from 'zod';
import { type ErrorEnvelope, ErrorEnvelopeSchema } from './error-envelope.js';
import { type TransactionList, TransactionListSchema, type WireTransactionList } from './lists.js';
import { optionalNullable } from './scalars.js';
import { parseWireText } from './violation.js';

// The live subscription (wire notes §6).

// ---- client → server ----

/**
 * Starts a subscription. The JWT in `Authorization` signs method `SUBSCRIBE`, path = the whole
 * `uri`, body = the text `{}`.
 */
export const SubscribeMessageSchema = z.object({
  method: z.literal('SUBSCRIBE'),
  uri: z.string(),
  headers: z.looseObject({
    'Correlation-Id': z.string(),
    Authorization: z.string(),
    'Content-Type': z.string().optional(),
  }),
  body: z.record(z.string(), z.unknown()).optional(),
});
export type SubscribeMessage = z.infer<typeof SubscribeMessageSchema>;

/** Ends the subscription with the same `uri` and Correlation-Id. */
export const UnsubscribeMessageSchema = z.object({
  method: z.literal('UNSUBSCRIBE'),
  uri: z.string(),
  headers: z.looseObject({ 'Correlation-Id': z.string() }),
});
export type UnsubscribeMessage = z.infer<typeof UnsubscribeMessageSchema>;

export const ClientMessageSchema = z.discriminatedUnion('method', [
  SubscribeMessageSchema,
  UnsubscribeMessageSchema,
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

/** Reads one client message from the text of a WebSocket message (the sandbox side). */
export function parseClientMessage(text: string): ClientMessage {
  return parseWireText(ClientMessageSchema, text, 'WebSocket client message');
}

// ---- server → client ----

/** A frame's body may arrive as a string holding JSON: it is unwrapped once. */
function unwrapBody(body: unknown, ctx: z.RefinementCtx): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'expected an object or a string holding JSON', input: body });
    return z.NEVER;
  }
}

const RawServerFrameSchema = z.looseObject({
  status: z.int({ error: 'expected an HTTP-like status number' }),
  headers: optionalNullable(z.looseObject({ 'Correlation-Id': optionalNullable(z.string()) })),
  body: z.unknown().transform(unwrapBody),
});

/** A success frame: the snapshot first, then the transactions that changed. */
export interface TransactionsFrame {
  readonly ok: true;
  readonly status: number;
  readonly correlationId: string | undefined;
  readonly body: TransactionList;
}

/** A frame with status >= 400: it ends that subscription with its error. */
export interface ErrorFrame {
  readonly ok: false;
  readonly status: number;
  readonly correlationId: string | undefined;
  readonly body: ErrorEnvelope;
}

export type ServerFrame = TransactionsFrame | ErrorFrame;

/**
 * A server frame: `{status, headers: {'Correlation-Id'}, body}`, body unwrapped from a JSON
 * string if need be and read as a transactions list (status < 400) or an error envelope.
 */
export const ServerFrameSchema: z.ZodType<ServerFrame> = RawServerFrameSchema.transform((frame, ctx) => {
  const correlationId = frame.headers?.['Correlation-Id'] ?? undefined;
  const ok = frame.status < 400;
  const result = (ok ? TransactionListSchema : ErrorEnvelopeSchema).safeParse(frame.body, {
    reportInput: true,
  });
  if (!result.success) {
    for (const issue of result.error.issues) {
      ctx.addIssue({ ...issue, path: ['body', ...issue.path] } as z.core.$ZodRawIssue);
    }
    return z.NEVER;
  }
  return ok
    ? { ok: true as const, status: frame.status, correlationId, body: result.data as TransactionList }
    : { ok: false as const, status: frame.status, correlationId, body: result.data as ErrorEnvelope };
});

/** Reads one server frame from the text of a WebSocket message (the console side). */
export function parseServerFrame(text: string): ServerFrame {
  return parseWireText(ServerFrameSchema, text, 'WebSocket frame');
}

/** A frame as a server emits it (the sandbox's side); `body` may also be sent as JSON text. */
export interface WireServerFrame {
  status: number;
  headers: { 'Correlation-Id': string };
  body: WireTransactionList | ErrorEnvelope | string;
}
