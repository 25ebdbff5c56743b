import { inspect } from 'node:util';
import { expect } from 'vitest';

/** Every rendering of an error a program might print or log. */
export function renderings(err: unknown): string[] {
  const e = err as Error;
  return [
    String(err),
    e?.message ?? '',
    e?.stack ?? '',
    JSON.stringify(err) ?? '',
    inspect(err, { depth: 8 }),
  ];
}

/** Fails when any rendering of `err` holds one of `secrets` (tokens, the key's d ...). */
export function expectNoSecrets(err: unknown, secrets: readonly string[]): void {
  const texts = renderings(err);
  for (const secret of secrets) {
    if (!secret) continue;
    for (const text of texts)
      expect(text.includes(secret), `a rendering holds a secret: ${secret.slice(0, 8)}…`).toBe(false);
  }
  // No JWT of any kind either.
  for (const text of texts) expect(text).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/);
}
