// Replaced at build time by esbuild's define; falls back to package.json when run from source.
declare const __CUSTODY_VERSION__: string | undefined;

export const VERSION: string = typeof __CUSTODY_VERSION__ === 'string' ? __CUSTODY_VERSION__ : '0.0.0-dev';
