import { describe, expect, it } from 'vitest';
import { NODE_END_OF_LIFE, nodeSupport } from '../../src/commands/node-support.js';

const at = (day: string) => new Date(`${day}T12:00:00Z`);

describe('nodeSupport', () => {
  it.each([
    // [version, today, status, summary pattern]
    ['v22.12.0', '2026-11-24', 'pass', /^Node v22\.12\.0 \(security fixes until 2027-04-30\)$/],
    ['v24.1.0', '2026-11-24', 'pass', /until 2028-04-30/],
    ['v26.0.0', '2026-11-24', 'pass', /until 2029-04-30/],
    ['v20.20.2', '2026-04-29', 'pass', /until 2026-04-30/],
    ['v20.20.2', '2026-04-30', 'warn', /reached end of life on 2026-04-30/],
    ['v25.2.1', '2026-05-31', 'pass', /until 2026-06-01/],
    ['v25.2.1', '2026-06-01', 'warn', /^Node v25\.2\.1 reached end of life on 2026-06-01/],
    ['v21.7.3', '2026-11-24', 'warn', /reached end of life on 2024-06-01/],
    ['v23.11.1', '2026-11-24', 'warn', /reached end of life on 2025-06-01/],
    ['v22.12.0', '2027-05-01', 'warn', /reached end of life on 2027-04-30 .* \(24\)$/],
    ['v24.1.0', '2028-05-01', 'warn', /on a supported Node$/],
    // newer than the table: no warning
    ['v27.0.0', '2026-11-24', 'pass', /newer than the end-of-life dates custody knows/],
    ['v30.1.0', '2040-01-01', 'pass', /newer than/],
    // below the floor: an error, whatever the date
    ['v18.20.4', '2024-01-01', 'fail', /^Node v18\.20\.4 is too old: custody needs Node 20 or newer$/],
    ['v18.20.4', '2026-11-24', 'fail', /too old: .* \(it reached end of life on 2025-04-30\)$/],
    ['v19.9.0', '2026-11-24', 'fail', /too old.*2023-06-01/],
    ['v16.20.2', '2026-11-24', 'fail', /^Node v16\.20\.2 is too old: custody needs Node 20 or newer$/],
    // unreadable
    ['banana', '2026-11-24', 'warn', /cannot read the Node version "banana"/],
  ] as const)('%s on %s: %s', (version, today, status, summary) => {
    const verdict = nodeSupport(version, at(today));
    expect(verdict.status).toBe(status);
    expect(verdict.summary).toMatch(summary);
    if (status === 'pass') expect(verdict.fix).toBeUndefined();
    if (status === 'fail') expect(verdict.fix).toMatch(/^install a supported Node/);
  });

  it('says the agreed sentence for Node 20 after its end of life', () => {
    expect(nodeSupport('v20.20.2', at('2026-11-24'))).toEqual({
      status: 'warn',
      summary:
        'Node v20.20.2 reached end of life on 2026-04-30 and gets no security fixes; ' +
        'a tool that holds signing keys should run on a supported Node (22 or 24)',
      fix: 'install a supported Node (22 or 24)',
    });
  });

  it('counts the end-of-life day in UTC', () => {
    expect(nodeSupport('v20.0.0', new Date('2026-04-29T23:59:59Z')).status).toBe('pass');
    expect(nodeSupport('v20.0.0', new Date('2026-04-30T00:00:00Z')).status).toBe('warn');
  });

  it('has the dates of every major from 18 to 26, odd ones short-lived', () => {
    expect(Object.keys(NODE_END_OF_LIFE).map(Number)).toEqual([18, 19, 20, 21, 22, 23, 24, 25, 26]);
    for (const [major, date] of Object.entries(NODE_END_OF_LIFE)) {
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(date.endsWith(Number(major) % 2 === 0 ? '-04-30' : '-06-01')).toBe(true);
    }
  });
});
