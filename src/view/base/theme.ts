// Semantic color tokens. Components name what a piece of text is (a warning, the selection, a key
// hint), never a color; the theme decides how it looks, and with NO_COLOR it is only ever
// bold/inverse/underline, so nothing on screen depends on color.
import { glyphs, type Glyphs } from '../../format/index.js';

export type Token =
  | 'accent'
  | 'muted'
  | 'success'
  | 'warning'
  | 'danger'
  | 'info'
  | 'pending'
  | 'selection'
  | 'header'
  | 'border'
  | 'title'
  | 'key'
  | 'chip'
  | 'badge'
  | 'plain';

/** The props of an Ink <Text> that carry style. */
export interface TextStyle {
  readonly color?: string;
  readonly backgroundColor?: string;
  readonly bold?: boolean;
  readonly dimColor?: boolean;
  readonly inverse?: boolean;
  readonly underline?: boolean;
}

const COLORED: Readonly<Record<Token, TextStyle>> = {
  accent: { color: 'cyan' },
  muted: { color: 'gray' },
  success: { color: 'green' },
  warning: { color: 'yellow' },
  danger: { color: 'red', bold: true },
  info: { color: 'blue' },
  pending: { color: 'magenta' },
  selection: { inverse: true, bold: true },
  header: { bold: true },
  border: { color: 'gray' },
  title: { bold: true, color: 'cyan' },
  key: { bold: true, color: 'cyan' },
  chip: { color: 'black', backgroundColor: 'cyan' },
  badge: { bold: true, color: 'black', backgroundColor: 'yellow' },
  plain: {},
};

// Without color: attributes only, and sparingly: the selection and chips must stay visible.
const PLAIN: Readonly<Record<Token, TextStyle>> = {
  accent: {},
  muted: {},
  success: {},
  warning: {},
  danger: { bold: true },
  info: {},
  pending: {},
  selection: { inverse: true },
  header: { bold: true },
  border: {},
  title: { bold: true },
  key: { bold: true },
  chip: { underline: true },
  badge: { inverse: true },
  plain: {},
};

export interface Theme {
  readonly color: boolean;
  readonly ascii: boolean;
  readonly glyphs: Glyphs;
  style(token: Token | undefined): TextStyle;
}

export function createTheme({ color, ascii }: { color: boolean; ascii: boolean }): Theme {
  const table = color ? COLORED : PLAIN;
  return {
    color,
    ascii,
    glyphs: glyphs(ascii),
    style: (token) => (token === undefined ? table.plain : table[token]),
  };
}
