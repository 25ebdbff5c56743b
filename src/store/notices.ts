// What the console has said on the status line, and for how long it holds. Pure.
//
// - A notice is live until it is replaced (a newer one of its key), cleared (its cause reported
//   success: the server answered again, the read worked, the socket came back), answered past (an
//   answer to the person's command ends with their next one) or pushed out by MAX_NOTICES newer
//   ones. The status line picks from the live ones (view/draw/status-line.tsx).
// - The same message again (same key, level and text) is counted, not repeated; the same key with
//   other words replaces the notice and counts from 1: "(x4)" means four times these words.
// - The messages overlay reads the history: the last MAX_MESSAGES said, cleared ones included.

export type NoticeLevel = 'info' | 'warn' | 'error';

export interface Notice {
  readonly id: number;
  readonly level: NoticeLevel;
  readonly text: string;
  /** Local time it was last said. */
  readonly at: number;
  /** Local time it was first said (a count runs from here). */
  readonly since: number;
  /** Notices with the same key replace each other (a malformed frame is reported once, then counted). */
  readonly key?: string;
  readonly count: number;
  /**
   * What it is about (a read, the server's reachability, the socket): it holds until that cause
   * reports success (withCauseCleared), whatever else is said meanwhile.
   */
  readonly cause?: string;
  /** A fact of the session nothing clears (logged out, the clock is off): it holds until replaced. */
  readonly sticky?: boolean;
  /**
   * The answer to a command of the person (a refused word, an outcome): it ends with their next
   * command, so it never stands beside something it no longer describes.
   */
  readonly answer?: boolean;
  /** More words for whoever reads the history (which read, the correlation id of the latest). */
  readonly detail?: string;
  /** History only: when its cause reported success. */
  readonly clearedAt?: number;
}

/** A notice as it is said; the store adds the id, the times and the count. */
export interface NoticeSpec {
  readonly level: NoticeLevel;
  readonly text: string;
  readonly key?: string;
  readonly cause?: string;
  readonly sticky?: boolean;
  readonly answer?: boolean;
  readonly detail?: string;
}

export interface NoticeBook {
  /** Live notices, oldest first. */
  readonly notices: readonly Notice[];
  /** The last MAX_MESSAGES said, oldest first (a repeat moves its entry last). */
  readonly messages: readonly Notice[];
}

export const MAX_NOTICES = 20;
export const MAX_MESSAGES = 50;

/**
 * The cause of a notice about something the connection made fail (a decision's request refused by
 * a server that was down): it ends when the connection is live again (session.ts withConnection).
 */
export const CONNECTION_CAUSE = 'connection';

let noticeIds = 0;

/** Whether a notice holds on its own (a cause or a standing fact), not only while it is the newest. */
export function isStanding(n: Notice): boolean {
  return n.cause !== undefined || n.sticky === true;
}

function sameMessage(a: Notice, b: NoticeSpec): boolean {
  return a.level === b.level && a.text === b.text;
}

function optional(spec: NoticeSpec): Partial<Notice> {
  return {
    ...(spec.key !== undefined ? { key: spec.key } : {}),
    ...(spec.cause !== undefined ? { cause: spec.cause } : {}),
    ...(spec.sticky === true ? { sticky: true } : {}),
    ...(spec.answer === true ? { answer: true } : {}),
    ...(spec.detail !== undefined ? { detail: spec.detail } : {}),
  };
}

/** Says a notice: counted when it repeats the live one of its key, else new (replacing that one). */
export function addNotice(book: NoticeBook, spec: NoticeSpec, now: number): NoticeBook {
  const earlier = spec.key === undefined ? undefined : book.notices.find((n) => n.key === spec.key);
  const repeat = earlier !== undefined && sameMessage(earlier, spec);
  const next: Notice = repeat
    ? { ...earlier, ...optional(spec), at: now, count: earlier.count + 1 }
    : { level: spec.level, text: spec.text, ...optional(spec), id: ++noticeIds, at: now, since: now, count: 1 };
  const notices = [...book.notices.filter((n) => n !== earlier), next].slice(-MAX_NOTICES);
  const messages = [...book.messages.filter((m) => m.id !== next.id), next].slice(-MAX_MESSAGES);
  return { notices, messages };
}

/** The notices of these causes end: gone from the live ones, marked cleared in the history. */
export function clearCauses(book: NoticeBook, causes: readonly string[], now: number): NoticeBook {
  const ending = book.notices.filter((n) => n.cause !== undefined && causes.includes(n.cause));
  if (ending.length === 0) return book;
  const ids = new Set(ending.map((n) => n.id));
  return {
    notices: book.notices.filter((n) => !ids.has(n.id)),
    messages: book.messages.map((m) => (ids.has(m.id) ? { ...m, clearedAt: now } : m)),
  };
}

/** Whether any live notice waits for one of these causes (a cheap test before a store write). */
export function awaitsCause(notices: readonly Notice[], causes: readonly string[]): boolean {
  return notices.some((n) => n.cause !== undefined && causes.includes(n.cause));
}

/** The person gave their next command: the answers to the ones before end (the history keeps them). */
export function clearAnswers(book: NoticeBook): NoticeBook {
  if (!book.notices.some((n) => n.answer === true)) return book;
  return { notices: book.notices.filter((n) => n.answer !== true), messages: book.messages };
}

/** Takes one live notice away (it stays in the history). */
export function dropNotice(book: NoticeBook, id: number): NoticeBook {
  const notices = book.notices.filter((n) => n.id !== id);
  return notices.length === book.notices.length ? book : { notices, messages: book.messages };
}
