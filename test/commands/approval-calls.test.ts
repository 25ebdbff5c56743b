// The console's flags for calling the operator, as parsed from a command line, and what the demo
// (which reads no profile) makes of them.
import { describe, expect, it } from 'vitest';
import { demoCalls } from '../../src/commands/approval-calls.js';
import { formatHelp, parseCommandArgs } from '../../src/commands/cli.js';
import { spec } from '../../src/commands/console.js';

describe('--no-bell and --notify', () => {
  it.each<[string[], { bell: boolean; notify: string }]>([
    [[], { bell: true, notify: 'off' }],
    [['--no-bell'], { bell: false, notify: 'off' }],
    [['--notify'], { bell: true, notify: 'auto' }],
    [['--demo', '--no-bell', '--notify'], { bell: false, notify: 'auto' }],
  ])('%j', (argv, want) => {
    expect(demoCalls(parseCommandArgs(spec, argv).values)).toEqual(want);
  });

  it('are in the help, with the profile settings', () => {
    const help = formatHelp(spec);
    expect(help).toMatch(/--no-bell +no bell when a transaction starts waiting for approval/);
    expect(help).toMatch(/--notify +also a desktop notification/);
    expect(help).toContain('"bell": false and "notify": true');
  });
});
