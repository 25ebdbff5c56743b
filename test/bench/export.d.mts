// Types of export.mjs (plain JavaScript, run by the benchmark), for its tests.

export interface CsvCount {
  bytes: number;
  /** CRLF line ends outside quotes. */
  lines: number;
  /** The first line (within the first 4 KiB). */
  first: string;
  /** The last line when the output ends with CRLF. */
  last: string | undefined;
  endsWithCrlf: boolean;
  /** The output ended inside a quoted cell. */
  quoted: boolean;
}

export declare function csvCounter(): { push(chunk: Buffer): void; result(): CsvCount };

export declare function wholeProblems(
  run: CsvCount & { code: number | string | null; stderr: string },
  history: number,
  oldest: string | undefined,
): string[];
