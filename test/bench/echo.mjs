// The benchmark's calibration program: puts the terminal in raw mode and answers every key at
// once by rewriting one line, with no framework in between. Its key-to-screen time is the floor
// the pseudo-terminal, node and the emulator add to any program's (q quits).
let count = 0;
process.stdin.setRawMode(true);
process.stdin.resume();
process.stdout.write('\x1b[2J\x1b[Hecho ready\r\n');
process.stdin.on('data', (data) => {
  const text = data.toString('utf8');
  if (text.includes('q')) {
    process.stdin.setRawMode(false);
    process.exit(0);
  }
  count += text.length;
  process.stdout.write(`\x1b[2;1H\x1b[2Kkeys ${count}`);
});
