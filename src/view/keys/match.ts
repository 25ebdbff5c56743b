// Which binding a key means at this moment, and why a key does not apply. A binding is present
// when its mode, pane and `when` hold (and, if dangerous, the session is not read-only: the key
// then says that read-only turned it off); a present binding is disabled when the key's role or an
// earlier 403 forbids its action, or its own `disabled` gives a reason. The first present binding
// of a key takes it.
import { roleMay } from '../../domain/actions.js';
import { keyLabel, type KeyName } from './names.js';
import type { KeyBinding, KeyContext } from './types.js';

/** Whether a binding exists in this session at all: dangerous ones are gone in read-only mode. */
export function isPermitted(b: KeyBinding, c: Pick<KeyContext, 'readOnly'>): boolean {
  return !(b.dangerous === true && c.readOnly);
}

/** Why the session may not perform the binding's action (its role, or a 403 this session). */
export function forbiddenReason(
  b: KeyBinding,
  c: Pick<KeyContext, 'role' | 'forbidden'>,
): string | undefined {
  if (b.action === undefined) return undefined;
  if (!roleMay(c.role, b.action)) return `a key with the ${c.role} role cannot ${b.action}`;
  if (c.forbidden.has(b.action))
    return `the server refused to let this key ${b.action} earlier in this session (403)`;
  return undefined;
}

/** Whether the binding exists now (it may still be disabled). */
export function isPresent(b: KeyBinding, c: KeyContext): boolean {
  if (!b.modes.includes(c.mode)) return false;
  if (c.mode === 'normal') {
    if (b.panes !== undefined && !b.panes.includes(c.pane)) return false;
    if (b.detail !== undefined && b.detail !== c.detail) return false;
  }
  if (!isPermitted(b, c)) return false;
  return b.when === undefined || b.when(c);
}

/** Why a present binding does nothing now, or undefined when it works. */
export function disabledReason(b: KeyBinding, c: KeyContext): string | undefined {
  return forbiddenReason(b, c) ?? b.disabled?.(c);
}

/** Whether a binding works right now. */
export function isAvailable(b: KeyBinding, c: KeyContext): boolean {
  return isPresent(b, c) && disabledReason(b, c) === undefined;
}

/** The binding a key means now: the first present one that lists it (it may be disabled). */
export function findBinding(keymap: readonly KeyBinding[], key: KeyName, c: KeyContext): KeyBinding | undefined {
  for (const b of keymap) {
    if (b.keys.includes(key) && isPresent(b, c)) return b;
  }
  return undefined;
}

export function labelOf(b: KeyBinding, c: KeyContext): string {
  return typeof b.label === 'function' ? b.label(c) : b.label;
}

/** "d (decline)" when the key does one thing; the key alone when it does several. */
function nameWith(name: string, bindings: readonly KeyBinding[]): string {
  const words = [...new Set(bindings.map((b) => (typeof b.label === 'string' ? b.label : b.id)))];
  return words.length === 1 ? `${name} (${words[0]})` : name;
}

function where(panes: readonly string[]): string {
  return panes.length === 1 ? `the ${panes[0]} pane` : `the ${panes.slice(0, -1).join(', ')} and ${panes.at(-1)} panes`;
}

/**
 * Why a key that no binding takes now does nothing, in normal mode: it belongs to another pane, to
 * the detail or to the list, or it is no key of the console.
 */
export function whyNot(keymap: readonly KeyBinding[], key: KeyName, c: KeyContext, ascii: boolean): string | undefined {
  if (c.mode !== 'normal') return undefined;
  const name = keyLabel(key, ascii);
  const all = keymap.filter((b) => b.keys.includes(key) && b.modes.includes('normal'));
  const elsewhere = all.filter((b) => isPermitted(b, c));
  if (elsewhere.length === 0) {
    // A key read-only mode took away is still the console's: it says why it does nothing.
    if (all.length > 0) return `${nameWith(name, all)}: read-only: decisions are turned off`;
    return `${name} is not a key of the console (? lists them)`;
  }
  const named = nameWith(name, elsewhere);
  const panes = elsewhere.some((b) => b.panes === undefined) ? undefined : [...new Set(elsewhere.flatMap((b) => b.panes!))].sort();
  if (panes !== undefined && !panes.includes(c.pane)) return `${named} works on ${where(panes)}`;
  const b = elsewhere[0]!;
  if (b.detail === true && !c.detail) return `${named} works in an open detail`;
  if (b.detail === false && c.detail) return `${named} works on the list (esc goes back to it)`;
  return undefined;
}

/** All keys of a binding for the help screen: "j ↓", "1-5". */
export function keysLabel(b: KeyBinding, ascii: boolean): string {
  return b.helpKeys ?? b.keys.map((k) => keyLabel(k, ascii)).join(' ');
}
