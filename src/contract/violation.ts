import type * as z from 'zod';

/** One thing wrong with a payload: where (dotted path) and what was expected. */
export interface ContractIssue {
  /** Dotted path into the payload, e.g. `transactions.3.status`; empty for the payload itself. */
  readonly path: string;
  /** Names the expected format, and the offending value when it is short and not secret. */
  readonly message: string;
  /** The zod issue code (`invalid_type`, `invalid_format`, `custom`, ...). */
  readonly code: string;
}

const PREVIEW_LIMIT = 60;
const SHOWN_ISSUES = 3;
// Keys whose values never go into a message, whatever their length.
const SECRET_NAMES = 'authorization|d|token|access_?token|passphrase|password|secret|private_?key';
const SECRET_KEY = new RegExp(`^(${SECRET_NAMES})$`, 'i');
const SECRET_JSON_KEY = new RegExp(`"(${SECRET_NAMES})":`, 'i');

/** A payload that does not match the contract; `issues` say exactly where and why. */
export class ContractViolation extends Error {
  override readonly name = 'ContractViolation';
  readonly what: string;
  readonly issues: readonly ContractIssue[];

  constructor(what: string, issues: readonly ContractIssue[]) {
    super(summarize(what, issues));
    this.what = what;
    this.issues = issues;
  }
}

function summarize(what: string, issues: readonly ContractIssue[]): string {
  const shown = issues
    .slice(0, SHOWN_ISSUES)
    .map((issue) => (issue.path ? `${issue.path}: ` : '') + issue.message);
  const more = issues.length > SHOWN_ISSUES ? `; and ${issues.length - SHOWN_ISSUES} more` : '';
  return `invalid ${what}: ${shown.join('; ')}${more}`;
}

/** `a.b.0.c` from a zod path. */
export function dottedPath(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'symbol' ? (key.description ?? 'symbol') : String(key))).join('.');
}

/** A short rendering of an offending value: long text and objects holding secrets are described, not shown. */
export function previewValue(value: unknown): string {
  if (typeof value === 'string') {
    return value.length <= PREVIEW_LIMIT ? JSON.stringify(value) : `a string of ${value.length} characters`;
  }
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (Array.isArray(value)) return `an array of ${value.length} items`;
  if (typeof value === 'object') {
    const text = JSON.stringify(value);
    return text.length <= PREVIEW_LIMIT && !SECRET_JSON_KEY.test(text) ? text : 'an object';
  }
  return typeof value;
}

function describe(issue: z.core.$ZodIssue): string {
  const base = issue.message.replace(/^Invalid input: /, '');
  const missing = issue.code === 'invalid_type' && issue.input === undefined;
  if (missing) return base.replace(/^expected (.*), received undefined$/, 'missing: expected $1');
  if (!('input' in issue) || issue.input === undefined) return base;
  const secret = issue.path.some((key) => typeof key === 'string' && SECRET_KEY.test(key));
  return `${base} (got ${secret ? 'a hidden value' : previewValue(issue.input)})`;
}

/** Turns a zod error into contract issues with dotted paths and tidy messages. */
export function toContractIssues(error: z.ZodError): ContractIssue[] {
  return error.issues.map((issue) => ({
    path: dottedPath(issue.path),
    message: describe(issue),
    code: issue.code,
  }));
}

/**
 * Parses a wire payload with `schema`, or throws a ContractViolation naming `what` (e.g.
 * "transactions page") and every path at fault.
 */
export function parseWire<S extends z.ZodType>(schema: S, data: unknown, what: string): z.output<S> {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
  throw new ContractViolation(what, toContractIssues(result.error));
}

/** Like parseWire, for raw JSON text; text that is not JSON is a violation at the root. */
export function parseWireText<S extends z.ZodType>(schema: S, text: string, what: string): z.output<S> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ContractViolation(what, [
      { path: '', message: `expected JSON text (got ${previewValue(text)})`, code: 'invalid_json' },
    ]);
  }
  return parseWire(schema, data, what);
}
