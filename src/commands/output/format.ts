// Which shape a scriptable command prints its records in: `--output table|json|jsonl|csv|yaml`.
import { unknownWordText } from '../../format/index.js';
import { UsageError } from '../cli.js';

export const OUTPUT_FORMATS = ['table', 'json', 'jsonl', 'csv', 'yaml'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** A table for a person at a terminal; JSON for a pipe or a file, where a program reads it. */
export function defaultFormat(isTTY: boolean): OutputFormat {
  return isTTY ? 'table' : 'json';
}

export function isOutputFormat(text: string): text is OutputFormat {
  return (OUTPUT_FORMATS as readonly string[]).includes(text);
}

/** The format `--output` names (case ignored, spaces trimmed); an unknown one is refused with the nearest known (exit 2). */
export function parseFormat(text: string): OutputFormat {
  const word = text.trim().toLowerCase();
  if (isOutputFormat(word)) return word;
  throw new UsageError(`--output: ${unknownWordText(text.trim(), OUTPUT_FORMATS, 'format')} (one of ${OUTPUT_FORMATS.join(', ')})`);
}
