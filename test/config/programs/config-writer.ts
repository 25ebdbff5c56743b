// Saves the config file over and over through the commands' own writer (saveConfig, as `custody
// init` and `custody config use` do), alternating two valid contents, until it is killed. Prints
// "ready" once the first save is done, then one "." per save. Used by kill9.test.ts.
import { type Config, saveConfig } from '../../../src/config/index.js';

const [file, aJson, bJson] = process.argv.slice(2);
if (!file || !aJson || !bJson) throw new Error('usage: config-writer FILE A_JSON B_JSON');
const contents = [JSON.parse(aJson) as Config, JSON.parse(bJson) as Config];

let n = 0;
for (;;) {
  await saveConfig(file, contents[n % 2]!);
  process.stdout.write(n === 0 ? 'ready\n' : '.');
  n += 1;
}
