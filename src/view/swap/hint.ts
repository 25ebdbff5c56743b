// The line under the swap form: what Enter does here and now, in words (the footer lists keys).
export interface HintInput {
  readonly editing: boolean;
  readonly confirming: boolean;
  /** A fresh answer this session may create from. */
  readonly creatable: boolean;
  readonly requotable: boolean;
  readonly ascii: boolean;
}

export function swapHint(h: HintInput): string {
  const sep = h.ascii ? ' - ' : ' · ';
  if (h.confirming) return `confirm below${sep}esc cancels`;
  if (h.editing) return `tab or ${h.ascii ? 'up/down' : '↑/↓'}: move${sep}enter: pick or get a quote${sep}esc: leave the form`;
  const parts = [h.creatable ? 'enter: create' : 'enter or i: fill in the form'];
  if (h.creatable) parts.push('i: edit the form');
  if (h.requotable) parts.push('r: re-quote');
  return parts.join(sep);
}
