// What the benchmark reads off the console's emulated screen: whether account rows are drawn,
// the transactions pane's counter (and whether history is still loading), and which transaction
// the cursor (`▶`) is on, by the columns that never change under live updates.

/** The first frame the console is judged by: transaction rows naming accounts. */
export function showsAccountRows(lines) {
  const text = lines.join('\n');
  return text.includes('Ops Hot') && text.includes('Trading');
}

/**
 * The transactions pane's counter: `{ position, total, loading }` from a header like
 * `── 3/3,021 ──`, `── 1/6 of 10,022 ──` or `── 1/4,000  loaded 4,000 / loading… ──`.
 */
export function listCounter(lines) {
  const header = lines.find((l) => l.includes('Transactions') && l.startsWith('──'));
  if (header === undefined) return undefined;
  const m = /(\d[\d,]*)\/(\d[\d,]*)(?: of (\d[\d,]*))?([^─]*)──\s*$/.exec(header);
  if (!m) return undefined;
  const num = (s) => Number(s.replace(/,/g, ''));
  return {
    position: num(m[1]),
    total: num(m[3] ?? m[2]),
    loading: /loading|loaded/.test(m[4] ?? ''),
  };
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
