// The swap pane (5): the quote form, a hint that says what Enter does here, and the answer card.
// Every line comes from the pure renderers in swap/; this component only picks the stores to
// listen to and cuts the lines to the pane's height.
import { Box } from 'ink';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { forbiddenReason, isPermitted } from '../keys/match.js';
import { useMode } from '../model/mode.js';
import { useView } from '../model/model.js';
import type { Segment } from '../base/segments.js';
import { answerCard, cardLinesIn } from './card.js';
import { quoteNow } from './context.js';
import { formLines } from './form-lines.js';
import { swapHint } from './hint.js';
import { SWAP_BINDINGS } from './keys.js';
import { isCreatable } from './quote-state.js';
import { Line } from '../draw/line.js';
import { Rule } from '../draw/rule.js';

const CREATE = SWAP_BINDINGS.find((b) => b.id === 'swapCreate')!;

export function SwapPane({ width, height }: { width: number; height: number }) {
  const vm = useView();
  const state = useStore(vm.swap);
  const mode = useMode(vm);
  const dictionary = useStore(vm.stores.dictionary);
  const workspace = useStore(vm.stores.workspace);
  const balances = useStore(vm.stores.balances);
  const session = useStore(
    vm.stores.session,
    useShallow((s) => ({ readOnly: s.readOnly, role: s.role, forbidden: s.forbidden })),
  );
  // The countdown ticks with the one clock of the view.
  useStore(vm.clock, (s) => Math.floor(s.now / 1000));
  const now = quoteNow(vm);
  const ascii = vm.theme.ascii;
  // While the typed confirmation is open the form's fields take nothing: no cursor there.
  const editing = mode === 'form' && state.create.phase !== 'confirm';

  const lines: (readonly Segment[])[] = [...formLines({ state, dictionary, workspace, balances, editing, ascii })];
  const hint = swapHint({
    editing,
    confirming: state.create.phase === 'confirm',
    creatable: isCreatable(state, now) && isPermitted(CREATE, session) && forbiddenReason(CREATE, session) === undefined,
    requotable: state.request.phase === 'answer' || state.request.phase === 'failed',
    ascii,
  });
  lines.push([{ text: `   ${hint}`, token: 'muted' }]);
  const card = answerCard({ state, dictionary, workspace, now, ascii, width });
  const room = Math.max(0, height - 2 - lines.length);
  return (
    <Box flexDirection="column" height={height} width={width}>
      <Rule left={[{ text: 'Swap', token: 'title' }]} width={width} theme={vm.theme} />
      {lines.slice(0, Math.max(0, height - 1)).map((segments, i) => (
        <Line key={`f${i}`} segments={segments} theme={vm.theme} width={width} />
      ))}
      {card !== undefined && height - 1 - lines.length >= 1 ? (
        <>
          <Rule
            left={[{ text: card.title, token: card.stale === true ? 'muted' : 'title' }]}
            right={card.status !== undefined ? [card.status] : []}
            width={width}
            theme={vm.theme}
          />
          {cardLinesIn(card, room).map((segments, i) => (
            <Line key={`c${i}`} segments={segments} theme={vm.theme} width={width} />
          ))}
        </>
      ) : null}
    </Box>
  );
}
