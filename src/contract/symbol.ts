import * as z from 'zod';

/**
 * A dictionary symbol (OpenAPI `Symbol`). Named `SymbolRecord` so that it never shadows the
 * global `Symbol` in a module that imports it.
 */
export const SymbolRecordSchema = z.looseObject({
  symbolId: z.string(),
  symbol: z.string(),
  name: z.string(),
});
export type SymbolRecord = z.infer<typeof SymbolRecordSchema>;
