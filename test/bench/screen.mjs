// What the benchmark reads off the console's emulated screen: whether account rows are drawn,
// the transactions pane's title (its filter chips, the position text of the rows it shows and
// whether it is reading), the rows of its table, and which transaction the cursor (`▶`) is on, by
// the columns that never change under live updates.

/** The first frame the console is judged by: transaction rows naming accounts. */
export function showsAccountRows(lines) {
  const text = lines.join('\n');
  return text.includes('Ops Hot') && text.includes('Trading');
}

const num = (s) => Number(s.replace(/,/g, ''));

/**
 * The transactions pane's title rule (src/view/shell/resource-pane.tsx), read:
 * `{ chips, position, loading }`, where `position` is the position text of the rows on screen —
 * "1-40 of 3,000+", "1-40 of all 3,021", "2-32 of 47 matching, in 352+ held" — as
 * `{ first, last, of, all, more, matching }` (`first` 0 for an empty view), or undefined when
 * the title shows none.
 */
export function txTitle(lines) {
  const title = lines.find((l) => l.startsWith('──') && l.includes('Transactions'));
  if (title === undefined) return undefined;
  const chips = [...title.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]);
  const m = /(?:(\d[\d,]*)-(\d[\d,]*)|\b0) of (all )?(\d[\d,]*)(\+)?( matching, in \d[\d,]*\+? held)?/.exec(title);
  const position =
    m === null
      ? undefined
      : {
          first: m[1] === undefined ? 0 : num(m[1]),
          last: m[2] === undefined ? 0 : num(m[2]),
          of: num(m[4]),
          all: m[3] !== undefined,
          more: m[5] !== undefined,
          matching: m[6] !== undefined,
        };
  return { chips, position, loading: /loading(…|\.\.\.)/.test(title) };
}

/** The lines of the transactions table between its column titles and the rule below it. */
export function tableRows(lines) {
  const top = lines.findIndex((l) => /\bTYPE\b.*\bSTATUS\b.*\bAMOUNT\b/.test(l));
  if (top < 0) return [];
  const rows = [];
  for (let i = top + 1; i < lines.length && !lines[i].startsWith('──'); i++) {
    if (lines[i].trim() !== '') rows.push(lines[i]);
  }
  return rows;
}

/** Rows on screen: the title's position text names a window of rows, and the table draws them all. */
export function showsTransactionRows(lines) {
  const p = txTitle(lines)?.position;
  return p !== undefined && p.first >= 1 && tableRows(lines).length === p.last - p.first + 1;
}

/**
 * A filtered view on screen: the title carries `chip`, its position text names the rows, and
 * every row drawn passes `row` (the filter's own test of a line).
 */
export function showsFilteredView(lines, chip, row) {
  const t = txTitle(lines);
  return t !== undefined && t.chips.includes(chip) && showsTransactionRows(lines) && tableRows(lines).every(row);
}

/** The unfiltered view on screen: no chip, rows drawn, nothing being read. */
export function showsFullView(lines) {
  const t = txTitle(lines);
  return t !== undefined && t.chips.length === 0 && !t.loading && showsTransactionRows(lines);
}

/** The column header row of the transactions list (TYPE … STATUS … AMOUNT ASSET …). */
function columns(lines) {
  const header = lines.find((l) => /\bTYPE\b.*\bSTATUS\b.*\bAMOUNT\b/.test(l));
  if (header === undefined) return undefined;
  return {
    type: header.indexOf('TYPE'),
    status: header.indexOf('STATUS'),
    asset: header.indexOf('ASSET'),
    toFrom: header.indexOf('TO / FROM'),
  };
}

/**
 * Which transaction a list row shows, by its type, amount, asset, account and counterparty: not
 * by status, age or value, which live updates and the ticker change under a still cursor.
 */
export function rowIdentity(line, cols) {
  if (cols && cols.asset > cols.status && cols.toFrom > cols.asset) {
    const type = line.slice(cols.type, cols.status).trim();
    const amount = line.slice(cols.status, cols.asset).trim().split(/\s+/).pop() ?? '';
    const rest = line
      .slice(cols.asset, cols.toFrom + 24)
      .split(/\s{2,}(?=\d|$)/)[0]
      .trim();
    return `${type}|${amount}|${rest}`;
  }
  return line.slice(3).replace(/\s+/g, ' ').trim();
}

/** The identity of the transaction under the cursor, or undefined when no row is marked. */
export function selectedRow(lines) {
  const row = lines.find((l) => l.startsWith('▶'));
  if (row === undefined) return undefined;
  return rowIdentity(row, columns(lines));
}
