import * as z from 'zod';
import {
  HashFunctionSchema,
  KeyTypeSchema,
  SignatureSchemeSchema,
  SignatureVariantSchema,
  SigningRequestStatusSchema,
  TransactionTypeSchema,
} from './enums.js';
import { int32, int64, optionalNullable } from './scalars.js';

export const MessageForSigningSchema = z.looseObject({
  message: optionalNullable(z.string()),
  hashFunction: optionalNullable(HashFunctionSchema),
  hashPersonalization: optionalNullable(z.string()),
  keyType: optionalNullable(KeyTypeSchema),
  signatureScheme: optionalNullable(SignatureSchemeSchema),
  signatureVariant: optionalNullable(SignatureVariantSchema),
});
export type MessageForSigning = z.infer<typeof MessageForSigningSchema>;

export const MessagesForSigningSchema = z.looseObject({
  messages: optionalNullable(z.array(MessageForSigningSchema)),
  parallelSigning: optionalNullable(z.boolean()),
  primitivesVersion: optionalNullable(int32),
  publicKey: optionalNullable(z.string()),
  useBackupPrimitive: optionalNullable(z.boolean()),
});
export type MessagesForSigning = z.infer<typeof MessagesForSigningSchema>;

export const SignatureSchema = z.looseObject({
  e: optionalNullable(z.string()),
  r: optionalNullable(z.string()),
  rx: optionalNullable(z.string()),
  s: optionalNullable(z.string()),
  signature: optionalNullable(z.string()),
  v: optionalNullable(int32),
});
export type Signature = z.infer<typeof SignatureSchema>;

/** `signature` + `txRaw` for a single signature, `signatures` for several. */
export const SignedSchema = z.looseObject({
  signature: optionalNullable(z.string()),
  txRaw: optionalNullable(z.string()),
  signatures: optionalNullable(z.array(SignatureSchema)),
});
export type Signed = z.infer<typeof SignedSchema>;

export const SigningDataSchema = z.looseObject({
  assetId: optionalNullable(z.string()),
  networkId: optionalNullable(z.string()),
  publicKey: optionalNullable(z.string()),
  // A sponsored EIP-7702 token-fee request.
  sponsored: optionalNullable(z.boolean()),
  transactionType: optionalNullable(TransactionTypeSchema),
});
export type SigningData = z.infer<typeof SigningDataSchema>;

export const SigningRequestSchema = z.looseObject({
  signingRequestId: optionalNullable(z.string()),
  transactionId: optionalNullable(z.string()),
  transactionType: optionalNullable(TransactionTypeSchema),
  workspaceId: optionalNullable(z.string()),
  accountId: optionalNullable(z.string()),
  networkId: optionalNullable(z.string()),
  status: optionalNullable(SigningRequestStatusSchema),
  blockchainNonce: optionalNullable(int64),
  requestParameters: optionalNullable(z.record(z.string(), z.unknown())),
  shouldBeBroadcasted: optionalNullable(z.boolean()),
  messagesForSigning: optionalNullable(MessagesForSigningSchema),
  signingData: optionalNullable(SigningDataSchema),
  signed: optionalNullable(SignedSchema),
});
export type SigningRequest = z.infer<typeof SigningRequestSchema>;
