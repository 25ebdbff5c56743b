// The footer and the help screen read the same bindings the dispatcher runs: the footer the ones
// that work now, the help every one the session has, with its long description.
import { forbiddenReason, findBinding, isAvailable, isPermitted, keysLabel, labelOf } from './match.js';
import { keyLabel } from './names.js';
import { KEY_GROUPS, type KeyBinding, type KeyContext } from './types.js';

export interface FooterItem {
  readonly key: string;
  readonly label: string;
}

/**
 * The footer: bindings that work now, in their order, as many as fit in `width`. The kept ones
 * claim their room first, then the keys of what is in front (open, back, decline, approve), then
 * the general ones in order: at 80 columns a general key goes before any action that applies.
 * Items are separated by two spaces.
 */
export function footerItems(keymap: readonly KeyBinding[], c: KeyContext, width: number, ascii: boolean): FooterItem[] {
  const seen = new Set<string>();
  const candidates = keymap
    .filter((b) => b.footer !== undefined && isAvailable(b, c))
    // A key does one thing at a time: the first binding that takes it (swap's `r` over refresh).
    .filter((b) => findBinding(keymap, b.keys[0]!, c) === b)
    .sort((a, b) => a.footer!.order - b.footer!.order)
    .map((b) => ({ b, item: { key: keyLabel(b.keys[0]!, ascii), label: labelOf(b, c) } }))
    // One key per word: where two keys do the same (esc and ? both close the help), the first says it.
    .filter(({ item }) => {
      if (seen.has(item.label)) return false;
      seen.add(item.label);
      return true;
    });
  const size = (i: FooterItem) => i.key.length + 1 + i.label.length + 2;
  let used = candidates.filter(({ b }) => b.footer!.keep).reduce((sum, { item }) => sum + size(item), 0);
  const shown = new Set(candidates.filter(({ b }) => b.footer!.keep).map(({ b }) => b));
  const tiers = [candidates.filter(({ b }) => b.footer!.action), candidates.filter(({ b }) => !b.footer!.action)];
  for (const tier of tiers) {
    for (const { b, item } of tier) {
      if (shown.has(b) || used + size(item) > width) continue;
      used += size(item);
      shown.add(b);
    }
  }
  return candidates.filter(({ b }) => shown.has(b)).map(({ item }) => item);
}

export interface HelpGroup {
  readonly title: string;
  readonly entries: { readonly keys: string; readonly description: string }[];
}

/**
 * The help screen's content: every binding of the session, grouped, in keymap order; one its key's
 * role or a 403 forbids says so.
 */
export function helpEntries(
  keymap: readonly KeyBinding[],
  c: Pick<KeyContext, 'readOnly' | 'role' | 'forbidden'>,
  ascii: boolean,
): HelpGroup[] {
  return KEY_GROUPS.map((g) => ({
    title: g.title,
    entries: keymap
      .filter((b) => b.group === g.id && isPermitted(b, c))
      .map((b) => {
        const refused = forbiddenReason(b, c);
        return { keys: keysLabel(b, ascii), description: refused ? `${b.description} (${refused})` : b.description };
      }),
  })).filter((g) => g.entries.length > 0);
}
