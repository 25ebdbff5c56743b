// Who a member id is, by one rule wherever an id reaches the screen (panes, details, dialogs,
// status messages): the member's name, "(you)" for the member the key acts as, "(not a member)"
// for an id the read members do not hold, and the id short while they are not read. Pure; junk
// in, text out, never a throw.
import type { Member } from '../contract/index.js';
import { type AsciiOption, shortId } from '../format/index.js';
import { type DirectoryFacts, NO_DIRECTORY, type ReferenceState } from './facts.js';
import { clean, SHORT_ID } from './wire-text.js';

export interface PersonLabel {
  readonly text: string;
  /** A member of the workspace matched the id. */
  readonly known: boolean;
  /** The id is the member the console's key acts as. */
  readonly self: boolean;
}

/** What the rule reads of the directory. */
export type People = Pick<DirectoryFacts, 'members' | 'membersState' | 'selfUserId'>;

function memberName(m: Member, ascii: boolean): string {
  const name = clean(m.embedded?.profile?.name, ascii);
  if (name !== '') return name;
  // Without a profile name, the member's email (when the list carried it) is the next best word.
  const email = m.embedded?.identities?.find((i) => i.identityType === 'email')?.identityValue;
  return clean(email, ascii);
}

/**
 * "Dana Whitfield (you)", "Dana Whitfield", "swcshs66… (not a member)", "" for no id. While the
 * members load, or when the key's role may not read them, the id shows short and plain: the
 * screen says once why (membersNote), not after every id.
 */
export function personLabel(
  dir: People | undefined,
  userId: string | null | undefined,
  { ascii = false }: AsciiOption = {},
): PersonLabel {
  if (typeof userId !== 'string' || userId.trim() === '') return { text: '', known: false, self: false };
  dir ??= NO_DIRECTORY;
  const id = clean(userId, ascii);
  const self = dir.selfUserId !== undefined && userId === dir.selfUserId;
  const you = self ? ' (you)' : '';
  const member = dir.members.get(userId);
  if (member !== undefined) {
    const name = memberName(member, ascii);
    const status = member.status === 'active' || member.status === 'new' ? '' : ` (${clean(member.status, ascii)})`;
    const text = name === '' ? `${shortId(id, SHORT_ID, { ascii })} (no name)` : name;
    return { text: `${text}${status}${you}`, known: true, self };
  }
  const short = shortId(id, SHORT_ID, { ascii });
  if (self) return { text: `${short} (you)`, known: false, self };
  return { text: dir.membersState === 'loaded' ? `${short} (not a member)` : short, known: false, self };
}

/** The rule as text: personLabel's words for an id ("" for no id). */
export function personName(dir: People | undefined, userId: string | null | undefined, options: AsciiOption = {}): string {
  return personLabel(dir, userId, options).text;
}

/** Labels of a list of user ids, joined; "" for none. */
export function peopleText(
  dir: People | undefined,
  userIds: readonly (string | null | undefined)[] | null | undefined,
  options: AsciiOption = {},
): string {
  if (!Array.isArray(userIds)) return '';
  return userIds
    .map((u) => personLabel(dir, u, options).text)
    .filter((t) => t !== '')
    .join(', ');
}

/** Words that name a member id in a server's message: "by member 1wiw3a8f…", "user 1wiw3a8f…". */
const NAMED_ID = /\b(member|user|approver|creator)( id)? ([A-Za-z0-9][A-Za-z0-9_-]*)/gi;
/** Any word that could be an id (the members' own ids are matched whole). */
const WORD = /[A-Za-z0-9][A-Za-z0-9_-]*/g;

/**
 * A message (a server's 409, a status line) with every member id in it named by personLabel: an
 * id the members hold wherever it stands, and an id-like word after "member" / "user" even when
 * they do not hold it ("(not a member)", or short while they are not read). Other words stay.
 */
export function namesIn(text: string, dir: People | undefined, options: AsciiOption = {}): string {
  const d = dir ?? NO_DIRECTORY;
  const known = (word: string) => d.members.has(word) || word === d.selfUserId;
  // An unknown id is long and has a digit ("no member with that id" names nobody).
  const idLike = (word: string) => known(word) || (word.length >= 6 && /\d/.test(word));
  const named = text.replace(NAMED_ID, (whole: string, noun: string, idWord: string | undefined, id: string) =>
    idLike(id) ? `${noun}${idWord ?? ''} ${personLabel(d, id, options).text}` : whole,
  );
  if (d.members.size === 0 && d.selfUserId === undefined) return named;
  // What the first pass named is a name now; ids standing alone are matched whole.
  return named.replace(WORD, (word) => (known(word) ? personLabel(d, word, options).text : word));
}

const LIST_WORDS: Record<Exclude<ReferenceState, 'loaded'>, string> = {
  loading: 'loading',
  forbidden: "the key's role may not read them",
  failed: 'could not be read',
};

/** Why ids show instead of names ("names: loading"), or undefined when the members are read. */
export function membersNote(dir: People | undefined): string | undefined {
  if (dir == null) return undefined;
  if (dir.membersState === 'loaded') return undefined;
  const words = LIST_WORDS[dir.membersState] ?? String(dir.membersState);
  // A failed refresh keeps the names read before: they are only perhaps old.
  if (dir.membersState === 'failed' && dir.members.size > 0) return undefined;
  return `ids shown: members ${words}`;
}
