// The benchmark's baseline: the smallest Ink program that draws what the console's first frame is
// judged by (a few rows with account names) and takes keys in raw mode, bundled at bench time with
// the console's own esbuild options (scripts/build.mjs bundleOptions). Its first frame is the
// floor any Ink app built this way pays; `q` quits.
import { Box, render, Text, useApp, useInput } from 'ink';

const ROWS = [
  ['withdrawal', 'new', '2,000.000000 XRP', 'Ops Hot'],
  ['deposit', 'waiting-confirmations', '12,500.000000 USDT', 'Payroll'],
  ['deposit', 'completed', '1.75000000 ETH', 'Trading'],
] as const;

function Baseline() {
  const { exit } = useApp();
  useInput((input) => {
    if (input === 'q') exit();
  });
  return (
    <Box flexDirection="column" borderStyle="single">
      <Text bold>baseline</Text>
      {ROWS.map(([type, status, amount, account]) => (
        <Box key={`${type}-${account}`} gap={2}>
          <Text>{type.padEnd(12)}</Text>
          <Text>{status.padEnd(22)}</Text>
          <Text>{amount.padStart(20)}</Text>
          <Text>{account}</Text>
        </Box>
      ))}
    </Box>
  );
}

render(<Baseline />);
