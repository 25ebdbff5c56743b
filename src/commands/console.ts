// The default command. A placeholder until the console issue replaces it with the Ink app.
import type { CommandSpec, Io, Parsed } from './cli.js';
import { connectionOptions, SETTINGS_HELP } from './context.js';

export const spec: CommandSpec = {
  name: 'console',
  summary: 'open the console (the default command)',
  usage: ['[console] [--profile NAME] [--read-only] [--demo]'],
  options: {
    ...connectionOptions,
    demo: { type: 'boolean', description: 'open on the built-in sandbox workspace (no account needed)' },
  },
  details: SETTINGS_HELP,
};

export async function run(_parsed: Parsed, io: Io): Promise<number> {
  io.stdout.write(
    [
      'The console itself arrives with the console issue; this build has the setup commands:',
      '  custody init      create a key and a profile for a workspace',
      '  custody config    show, list or switch profiles',
      '  custody doctor    check config, key safety, connectivity, clock and a signed call',
      '',
    ].join('\n'),
  );
  return 0;
}
