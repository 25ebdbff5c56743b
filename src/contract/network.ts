import * as z from 'zod';
import { NetworkTagSchema } from './enums.js';
import { int32, optionalNullable } from './scalars.js';

// Neither document marks a Network field as required, so none is (even `networkId`).

export const NetworkSchema = z.looseObject({
  networkId: optionalNullable(z.string()),
  name: optionalNullable(z.string()),
  isTestnet: optionalNullable(z.boolean()),
  // Confirmations needed before a transaction is final (OpenAPI: int32 string).
  confirmations: optionalNullable(int32),
  explorerUrl: optionalNullable(z.string()),
  addressExplorerUrl: optionalNullable(z.string()),
  nativeAssetId: optionalNullable(z.string()),
  nativeAssetSymbol: optionalNullable(z.string()),
  tags: optionalNullable(z.array(NetworkTagSchema)),
});
export type Network = z.infer<typeof NetworkSchema>;
