// The messages overlay (`m`): the last messages the console said, newest first, each whole with its
// time, so a line cut at the status line's edge, or one that has faded, can still be read.
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { useView } from '../model/model.js';
import { ScrollView, scrollTitle } from '../draw/scroll-view.js';
import { messageLines } from './lines.js';

export function MessagesOverlay({ width, height }: { width: number; height: number }) {
  const vm = useView();
  const scroll = useStore(vm.ui, (s) => s.messagesScroll);
  const messages = useStore(vm.stores.session, (s) => s.messages);
  const glyphs = vm.theme.glyphs;
  const lines = useMemo(() => messageLines(messages, { width, glyphs }), [messages, width, glyphs]);
  const title = scrollTitle('Messages', `  the last ${messages.length}, newest first; m or esc closes`);
  return (
    <ScrollView vm={vm} limit="messages" title={title} lines={lines} scroll={scroll} width={width} height={height} />
  );
}
