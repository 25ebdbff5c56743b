// Who a user id is: the member's name ("Dana Whitfield (you)"), or the id short and why no name
// stands for it. Pure; junk in, text out, never a throw.
import type { Member } from '../contract/index.js';
import { type AsciiOption, headUnits, sanitizeLine, shortId } from '../format/index.js';
import { type DirectoryState, emptyDirectory, type ReferenceState } from '../store/index.js';

/** Columns of an id shown when no name stands for it ("swcshs66…"). */
export const SHORT_ID = 8;

export interface PersonLabel {
  readonly text: string;
  /** A member of the workspace matched the id. */
  readonly known: boolean;
  /** The id is the member the console's key acts as. */
  readonly self: boolean;
}

/** Wire text trimmed, or undefined for anything blank or not a string. */
export function nonBlank(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const t = value.trim();
  return t === '' ? undefined : t;
}

/** A name is read this far at most: it is drawn into cells and lines many times a frame. */
const NAME_UNITS = 1_024;

/** Wire text as one safe line, trimmed (and cut: NAME_UNITS); anything not a string is empty. */
export function clean(text: unknown, ascii: boolean): string {
  return typeof text === 'string' ? sanitizeLine(headUnits(text, NAME_UNITS), { ascii }).trim() : '';
}

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
  dir: DirectoryState,
  userId: string | null | undefined,
  { ascii = false }: AsciiOption = {},
): PersonLabel {
  if (typeof userId !== 'string' || userId.trim() === '') return { text: '', known: false, self: false };
  dir ??= emptyDirectory;
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

/** Labels of a list of user ids, joined; "" for none. */
export function peopleText(
  dir: DirectoryState,
  userIds: readonly (string | null | undefined)[] | null | undefined,
  options: AsciiOption = {},
): string {
  if (!Array.isArray(userIds)) return '';
  return userIds
    .map((u) => personLabel(dir, u, options).text)
    .filter((t) => t !== '')
    .join(', ');
}

const LIST_WORDS: Record<Exclude<ReferenceState, 'loaded'>, string> = {
  loading: 'loading',
  forbidden: "the key's role may not read them",
  failed: 'could not be read',
};

/** Why ids show instead of names ("names: loading"), or undefined when the members are read. */
export function membersNote(dir: DirectoryState): string | undefined {
  if (dir == null) return undefined;
  if (dir.membersState === 'loaded') return undefined;
  const words = LIST_WORDS[dir.membersState] ?? String(dir.membersState);
  // A failed refresh keeps the names read before: they are only perhaps old.
  if (dir.membersState === 'failed' && dir.members.size > 0) return undefined;
  return `ids shown: members ${words}`;
}
