// Whether the running Node still gets security fixes. custody holds signing keys, so a Node past
// its end of life is worth a warning, and one below the floor in package.json an error.

/** Node's end-of-life dates by major (odd majors live about 8 months, even ones 3 years). */
export const NODE_END_OF_LIFE: Readonly<Record<number, string>> = {
  18: '2025-04-30',
  19: '2023-06-01',
  20: '2026-04-30',
  21: '2024-06-01',
  22: '2027-04-30',
  23: '2025-06-01',
  24: '2028-04-30',
  25: '2026-06-01',
  26: '2029-04-30',
};

/** The oldest major custody runs on (package.json engines). */
const NODE_FLOOR = 20;

/** The long-term-support lines custody is tested on; the advice names those still supported. */
const NODE_RECOMMENDED = [22, 24] as const;

export interface NodeVerdict {
  status: 'pass' | 'warn' | 'fail';
  summary: string;
  fix?: string;
}

/** `YYYY-MM-DD` of a date, in UTC (the end-of-life dates are calendar days). */
function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function orList(items: readonly number[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** "a supported Node (22 or 24)", naming the recommended lines not past their end of life. */
function supportedNode(today: string): string {
  const supported = NODE_RECOMMENDED.filter((major) => (NODE_END_OF_LIFE[major] ?? '') > today);
  return supported.length ? `a supported Node (${orList(supported)})` : 'a supported Node';
}

/**
 * The verdict on a Node version (`process.version`, e.g. "v20.20.2") on a given day: fail below
 * the floor, warn once its end-of-life day has come, pass otherwise. A major newer than the
 * newest in the table is taken as supported; an unreadable version is a warning.
 */
export function nodeSupport(version: string, now: Date): NodeVerdict {
  const today = day(now);
  const match = /^v?(\d+)\.\d+\.\d+/.exec(version);
  if (!match) {
    return { status: 'warn', summary: `cannot read the Node version ${JSON.stringify(version)}` };
  }
  const major = Number(match[1]);
  const shown = version.startsWith('v') ? version : `v${version}`;
  const eol = NODE_END_OF_LIFE[major];
  if (major < NODE_FLOOR) {
    const ended = eol !== undefined && eol <= today ? ` (it reached end of life on ${eol})` : '';
    return {
      status: 'fail',
      summary: `Node ${shown} is too old: custody needs Node ${NODE_FLOOR} or newer${ended}`,
      fix: `install ${supportedNode(today)}`,
    };
  }
  if (eol === undefined) {
    const newest = Math.max(...Object.keys(NODE_END_OF_LIFE).map(Number));
    return major > newest
      ? { status: 'pass', summary: `Node ${shown} (newer than the end-of-life dates custody knows)` }
      : { status: 'warn', summary: `Node ${shown}: no end-of-life date known for this major` };
  }
  if (eol <= today) {
    return {
      status: 'warn',
      summary:
        `Node ${shown} reached end of life on ${eol} and gets no security fixes; ` +
        `a tool that holds signing keys should run on ${supportedNode(today)}`,
      fix: `install ${supportedNode(today)}`,
    };
  }
  return { status: 'pass', summary: `Node ${shown} (security fixes until ${eol})` };
}
