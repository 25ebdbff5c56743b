// Faults on purpose (`--chaos SPEC`): the parsed spec and its text form. The faults themselves
// are applied by the HTTP edge (latency, 503, 429) and the realtime hub (drop, close 4001, stall,
// garbage); see faults.ts for the timers.

/** What `latency=50-200,503=0.1,429=0.05,drop=10,close4001=30,stall=20,garbage=0.01` means. */
export interface ChaosSpec {
  /** Added to every HTTP answer, drawn uniformly from [min, max] ms. */
  latencyMs?: { min: number; max: number };
  /** Share (0..1) of HTTP requests answered 503 before anything else happens. */
  share503?: number;
  /** Share (0..1) of HTTP requests answered 429 (Retry-After: 1) before anything else happens. */
  share429?: number;
  /** Every N s every open socket is dropped without a close frame (the client sees 1006). */
  dropEverySeconds?: number;
  /** Every N s every open socket is closed with 4001 (token refresh). */
  close4001EverySeconds?: number;
  /** Every N s one socket stalls: it stays open but sends no frame and answers no ping. */
  stallEverySeconds?: number;
  /** Share (0..1) of WebSocket frames replaced by malformed JSON. */
  garbageShare?: number;
}

export class ChaosSpecError extends Error {
  override name = 'ChaosSpecError';
}

const KNOWN = 'latency, 503, 429, drop, close4001, stall, garbage';
const NUMBER = /^\d+(\.\d+)?$/;

function share(name: string, text: string): number {
  const value = Number(text);
  if (!NUMBER.test(text) || !(value >= 0 && value <= 1)) {
    throw new ChaosSpecError(`chaos ${name}: expected a share between 0 and 1 such as 0.1 (got "${text}")`);
  }
  return value;
}

function seconds(name: string, text: string): number {
  const value = Number(text);
  if (!NUMBER.test(text) || !(value > 0)) {
    throw new ChaosSpecError(`chaos ${name}: expected a number of seconds above 0 such as 10 (got "${text}")`);
  }
  return value;
}

function milliseconds(text: string): number {
  if (!NUMBER.test(text)) {
    throw new ChaosSpecError(`chaos latency: expected milliseconds such as 100 or 50-200 (got "${text}")`);
  }
  return Number(text);
}

/** Reads a chaos spec; '' (or only spaces) means no chaos. Errors name the faulty item. */
export function parseChaos(text: string): ChaosSpec {
  const spec: ChaosSpec = {};
  const seen = new Set<string>();
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const eq = item.indexOf('=');
    if (eq <= 0) throw new ChaosSpecError(`chaos: "${item}" is not NAME=VALUE (known names: ${KNOWN})`);
    const name = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (seen.has(name)) throw new ChaosSpecError(`chaos ${name}: given more than once`);
    seen.add(name);
    switch (name) {
      case 'latency': {
        const [lo, hi, ...rest] = value.split('-');
        if (rest.length > 0 || lo === undefined) {
          throw new ChaosSpecError(`chaos latency: expected milliseconds such as 100 or 50-200 (got "${value}")`);
        }
        const min = milliseconds(lo);
        const max = hi === undefined ? min : milliseconds(hi);
        if (max < min) throw new ChaosSpecError(`chaos latency: ${min}-${max} runs backwards`);
        spec.latencyMs = { min, max };
        break;
      }
      case '503':
        spec.share503 = share(name, value);
        break;
      case '429':
        spec.share429 = share(name, value);
        break;
      case 'drop':
        spec.dropEverySeconds = seconds(name, value);
        break;
      case 'close4001':
        spec.close4001EverySeconds = seconds(name, value);
        break;
      case 'stall':
        spec.stallEverySeconds = seconds(name, value);
        break;
      case 'garbage':
        spec.garbageShare = share(name, value);
        break;
      default:
        throw new ChaosSpecError(`chaos: unknown fault "${name}" (known names: ${KNOWN})`);
    }
  }
  checkChaos(spec);
  return spec;
}

/** Checks a spec given as an object (the same rules as the text form). */
export function checkChaos(spec: ChaosSpec): ChaosSpec {
  const shares = (spec.share503 ?? 0) + (spec.share429 ?? 0);
  if (!(shares <= 1)) throw new ChaosSpecError('chaos: the 503 and 429 shares add up to more than 1');
  for (const [name, value] of [
    ['503', spec.share503],
    ['429', spec.share429],
    ['garbage', spec.garbageShare],
  ] as const) {
    if (value !== undefined && !(value >= 0 && value <= 1)) {
      throw new ChaosSpecError(`chaos ${name}: expected a share between 0 and 1`);
    }
  }
  for (const [name, value] of [
    ['drop', spec.dropEverySeconds],
    ['close4001', spec.close4001EverySeconds],
    ['stall', spec.stallEverySeconds],
  ] as const) {
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
      throw new ChaosSpecError(`chaos ${name}: expected a number of seconds above 0`);
    }
  }
  const latency = spec.latencyMs;
  if (latency && !(latency.min >= 0 && latency.max >= latency.min && Number.isFinite(latency.max))) {
    throw new ChaosSpecError('chaos latency: expected 0 <= min <= max milliseconds');
  }
  return spec;
}

/** The text form of a spec (what `--chaos` takes). */
export function formatChaos(spec: ChaosSpec): string {
  const parts: string[] = [];
  if (spec.latencyMs) {
    const { min, max } = spec.latencyMs;
    parts.push(`latency=${min === max ? min : `${min}-${max}`}`);
  }
  if (spec.share503 !== undefined) parts.push(`503=${spec.share503}`);
  if (spec.share429 !== undefined) parts.push(`429=${spec.share429}`);
  if (spec.dropEverySeconds !== undefined) parts.push(`drop=${spec.dropEverySeconds}`);
  if (spec.close4001EverySeconds !== undefined) parts.push(`close4001=${spec.close4001EverySeconds}`);
  if (spec.stallEverySeconds !== undefined) parts.push(`stall=${spec.stallEverySeconds}`);
  if (spec.garbageShare !== undefined) parts.push(`garbage=${spec.garbageShare}`);
  return parts.join(',');
}
