export * from './atomic.js';
export * from './errors.js';
export * from './file.js';
export * from './keyfile.js';
export * from './paths.js';
export * from './resolve.js';
export * from './secure-path.js';
export * from './audit.js';
