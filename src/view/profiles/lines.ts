// `:ctx`'s list of profiles as lines: the cursor, the active one marked, host and workspace, the
// production ones said so. Pure; every text from the config file is cut and cleaned before it is
// measured (a profile's URL is the user's, but a config file can be anyone's copy).
import { cutText, fitCell, sanitizeLine } from '../../format/index.js';
import { fitSegments, type Segment } from '../base/segments.js';
import type { ProfileEntry } from '../model/model.js';

/** Longer names are cut in the list (the name itself is what `:ctx NAME` takes, whole). */
const NAME_WIDTH = 18;
const HOST_WIDTH = 28;
/** Bounded before measured. */
const FIELD_UNITS = 256;

function clean(text: string | undefined, ascii: boolean): string {
  return sanitizeLine(cutText(text ?? '', FIELD_UNITS), { ascii });
}

export function profileLines(
  entries: readonly ProfileEntry[],
  opts: { readonly current?: string; readonly previous?: string; readonly cursor: number; readonly width: number; readonly ascii: boolean },
): Segment[][] {
  const { ascii, width } = opts;
  if (entries.length === 0) {
    return [[{ text: '  no profiles in the config file: custody init creates one (esc closes)', token: 'muted' }]];
  }
  const rest = Math.max(8, width - NAME_WIDTH - HOST_WIDTH - 22);
  return entries.map((p, i) => {
    const here = i === opts.cursor;
    const active = p.name === opts.current;
    const used = active ? (ascii ? '*' : '\u25cf') : p.name === opts.previous ? '-' : ' ';
    const cells = [
      ` ${used} ${fitCell(clean(p.name, ascii), NAME_WIDTH, 'left', { ascii })}  `,
      `${fitCell(p.production ? 'PRODUCTION' : '', 10, 'left', { ascii })}  `,
      `${fitCell(p.host === undefined ? '(no server)' : clean(p.host, ascii), HOST_WIDTH, 'left', { ascii })}  `,
      fitCell(p.workspaceId === undefined ? '(no workspace)' : clean(p.workspaceId, ascii), rest, 'left', { ascii }),
    ] as const;
    // The cursor's row is one selection bar, as in the lists. A narrow terminal cuts the right end.
    if (here) return fitSegments([{ text: cells.join(''), token: 'selection' }], width, ascii);
    return fitSegments(
      [
        { text: cells[0], token: active ? 'accent' : 'plain' },
        { text: cells[1], token: 'danger' },
        { text: cells[2], token: p.host === undefined ? 'muted' : 'plain' },
        { text: cells[3], token: 'muted' },
      ],
      width,
      ascii,
    );
  });
}
