import type { z } from 'zod';
import { toContractIssues } from '../../src/contract/index.js';

/** The dotted paths of every issue `schema` finds in `data` (empty when it parses). */
export function issuePaths(schema: z.ZodType, data: unknown): string[] {
  const result = schema.safeParse(data, { reportInput: true });
  return result.success ? [] : toContractIssues(result.error).map((issue) => issue.path);
}

/** Parses or fails the test with the contract's own message. */
export function mustParse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data, { reportInput: true });
  if (!result.success) {
    const text = toContractIssues(result.error)
      .map((issue) => `${issue.path}: ${issue.message}`)
      .join('\n');
    throw new Error(`expected to parse:\n${text}`);
  }
  return result.data;
}
