// The words of the activity pane, pure: what a row says (people's text made safe to draw), what a
// `:activity` line asks the server for, and which transaction an activity is about. The feed's
// titles and descriptions are typed by people: shown as text, never interpreted (wire notes §9).
import { ACTIVITY_TYPES, type Activity, TRANSACTION_ACTIVITY_TYPES } from '../../../contract/index.js';
import { formatAbsolute, headUnits, type Millis, sanitizeLine } from '../../../format/index.js';
import type { ActivityQuery } from '../../../store/index.js';

/** Every activity type the console knows (the OpenAPI's and the sandbox's additions). */
export const KNOWN_ACTIVITY_TYPES: readonly string[] = [...ACTIVITY_TYPES, ...TRANSACTION_ACTIVITY_TYPES];

// A terminal's escape sequences (colors, titles, cursor moves: CSI and OSC, ESC or C1-introduced)
// as a whole, so that not even their printable tail ("[31m") reaches the screen.
const ESCAPES = /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]|(?:\u001b\]|\u009d)[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?/g;

/** People's text, one line of it or the lines of it, made safe to draw: escape sequences out, controls shown as "�". */
export function safeText(text: string, ascii: boolean): string {
  return sanitizeLine(text.replace(ESCAPES, ''), { ascii });
}

/** Code units of one line of people's text ever read: more than any line shows. */
const LINE_UNITS = 4_096;

/** One line of people's text: escapes and controls out, runs of spaces (line breaks included) as one. */
export function oneLine(text: string | null | undefined, ascii: boolean): string {
  if (text == null) return '';
  return safeText(headUnits(text, LINE_UNITS), ascii).replace(/\s+/g, ' ').trim();
}

/** The WHAT cell: the title, then the description when it adds anything. */
export function activityWhat(a: Pick<Activity, 'title' | 'description'>, ascii: boolean): string {
  const title = oneLine(a.title, ascii);
  const description = oneLine(a.description, ascii);
  if (description === '' || description === title) return title;
  if (title === '') return description;
  return `${title}${ascii ? ' - ' : ' — '}${description}`;
}

/** The type as the API names it ("transaction-declined"); an unknown one as it came, made safe. */
export function activityTypeText(a: Pick<Activity, 'activityType'>, ascii: boolean): string {
  return oneLine(String(a.activityType), ascii);
}

/**
 * A `:activity` line: words that are activity types ask for those types; the rest, as typed, is
 * the server's text search over titles and descriptions. Nothing: the whole feed.
 */
export function parseActivityWords(rest: string): ActivityQuery {
  const words = rest.split(/\s+/).filter((w) => w !== '');
  const types = words.filter((w) => KNOWN_ACTIVITY_TYPES.includes(w.toLowerCase())).map((w) => w.toLowerCase());
  const search = words.filter((w) => !KNOWN_ACTIVITY_TYPES.includes(w.toLowerCase())).join(' ');
  return {
    ...(types.length > 0 ? { activityTypes: [...new Set(types)] } : {}),
    ...(search !== '' ? { search } : {}),
  };
}

export function hasQuery(q: ActivityQuery): boolean {
  return (q.activityTypes?.length ?? 0) > 0 || (q.search ?? '') !== '';
}

export function sameQuery(a: ActivityQuery, b: ActivityQuery): boolean {
  return (a.search ?? '') === (b.search ?? '') && (a.activityTypes ?? []).join(',') === (b.activityTypes ?? []).join(',');
}

/** The activity types a word being typed may become. */
export function activityTypeCandidates(word: string): string[] {
  const w = word.toLowerCase();
  return KNOWN_ACTIVITY_TYPES.filter((t) => t.startsWith(w));
}

/** Ids look like this on the wire: letters, digits, `-` and `_`, long enough not to be a word. */
const ID_LIKE = /[A-Za-z0-9][A-Za-z0-9_-]{11,63}/g;

/** Whether an activity says what happened to a transaction. */
export function isTransactionActivity(a: Pick<Activity, 'activityType'>): boolean {
  const type = String(a.activityType);
  return type.startsWith('transaction-') && !type.endsWith('-settings-update') && !type.startsWith('transaction-limit');
}

/**
 * The transaction an activity is about: a `transactionId` the record carries, else an id its
 * title or description names. One the store holds is taken first; otherwise, for a transaction
 * activity, the first id-like word that is no account's or member's id (`other`), which the
 * detail then reads from the server. Undefined: it names none.
 */
export function activityTransactionId(
  a: Activity,
  held: (id: string) => boolean,
  other: (id: string) => boolean,
): string | undefined {
  const carried = (a as Record<string, unknown>).transactionId;
  if (typeof carried === 'string' && carried !== '') return carried;
  const text = `${a.title} ${a.description ?? ''}`;
  // "… · transaction swcshs66h4uiro3keustztkj": the id the text names as the transaction's.
  const named = /\btransaction\s+([A-Za-z0-9][A-Za-z0-9_-]{7,63})\b/i.exec(text)?.[1];
  if (named !== undefined && (held(named) || (isTransactionActivity(a) && /\d/.test(named)))) return named;
  const words = text.match(ID_LIKE) ?? [];
  const found = words.find(held);
  if (found !== undefined) return found;
  if (!isTransactionActivity(a)) return undefined;
  // An id has digits; a long word of letters alone is more likely English than an id.
  return words.find((w) => /\d/.test(w) && /[a-z]/i.test(w) && !other(w));
}

/**
 * A feed's time in 11 columns: "11:59:48" today, "11-20 12:00" earlier this year, the date before
 * that (local time, as every list shows it). The detail has it whole.
 */
export function feedTime(at: Millis, now: Millis): string {
  const full = formatAbsolute(at);
  const today = formatAbsolute(now);
  if (!/^\d{4}-\d{2}-\d{2} /.test(full)) return full;
  if (full.slice(0, 10) === today.slice(0, 10)) return full.slice(11, 19);
  if (full.slice(0, 4) === today.slice(0, 4)) return `${full.slice(5, 10)} ${full.slice(11, 16)}`;
  return full.slice(0, 10);
}
