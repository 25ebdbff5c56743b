// The swap pane: a placeholder until the actions issue brings the quote form.
import { Box, Text } from 'ink';
import { useView } from '../model.js';
import { Rule } from '../widgets/rule.js';

export function SwapPane({ width, height }: { width: number; height: number }) {
  const vm = useView();
  return (
    <Box flexDirection="column" height={height} width={width}>
      <Rule left={[{ text: 'Swap', token: 'title' }]} width={width} theme={vm.theme} />
      <Text> </Text>
      <Text wrap="truncate" {...vm.theme.style('muted')}>
        {'   the swap form arrives with the actions issue'}
      </Text>
    </Box>
  );
}
