export * from './encrypted-key.js';
export * from './jwk.js';
export * from './request-string.js';
export * from './sign.js';
export * from './verify.js';
