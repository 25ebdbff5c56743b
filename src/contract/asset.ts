import * as z from 'zod';
import { AssetTypeSchema, TokenStandardSchema } from './enums.js';
import { int32, optionalNullable } from './scalars.js';

export const ContractInformationSchema = z.looseObject({
  contractAddress: optionalNullable(z.string()),
  standard: optionalNullable(TokenStandardSchema),
});
export type ContractInformation = z.infer<typeof ContractInformationSchema>;

export const AssetSchema = z.looseObject({
  assetId: z.string(),
  assetType: optionalNullable(AssetTypeSchema),
  contractInformation: optionalNullable(ContractInformationSchema),
  decimals: optionalNullable(int32),
  networkId: optionalNullable(z.string()),
  symbol: optionalNullable(z.string()),
  symbolId: optionalNullable(z.string()),
  verified: optionalNullable(z.boolean()),
});
export type Asset = z.infer<typeof AssetSchema>;
