// Mounts the console's App with Ink the way a terminal over SSH wants it: only changed lines sent
// (incremental rendering, patched in Ink 6.8; see patches/), at most 60 frames a second, Ctrl-C
// left to the key dispatcher, console.* left alone (logs go to a file), a new layout at once on
// every resize.
import { render, useStdout } from 'ink';
import { type ComponentProps, useEffect, useState } from 'react';
import { App } from './index.js';

type AppProps = ComponentProps<typeof App>;

/** What the console draws with when the terminal does not say (a stream without a size). */
export const FALLBACK_SIZE = { columns: 80, rows: 24 } as const;

export const MAX_FPS = 60;

export interface MountConsoleOptions {
  stores: AppProps['stores'];
  ui: AppProps['ui'];
  actions: AppProps['actions'];
  env: AppProps['env'];
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  /** Only changed lines are written (default); false repaints the whole frame on every update. */
  incremental?: boolean;
  /**
   * With incremental rendering, lines that moved may be moved by the terminal's scroll region
   * (the frame starts at the screen's first row: the console's alternate screen). Asked before
   * each frame (renderer.ts decides); default false.
   */
  scrollRegions?: () => boolean;
  /** Default 60. */
  maxFps?: number;
}

export interface ConsoleMount {
  /** Settles once the app has unmounted (quit, or unmount()); rejects with an error that ended it. */
  waitUntilExit(): Promise<void>;
  /** Unmounts now (idempotent): Ink writes its last frame and lets go of stdin. */
  unmount(): void;
  /** Draws the whole frame again (after Ctrl-Z and `fg`: the screen was cleared under Ink). */
  redraw(): void;
}

interface Size {
  columns: number;
  rows: number;
}

function sizeOf(stdout: NodeJS.WriteStream): Size {
  return {
    columns: stdout.columns > 0 ? stdout.columns : FALLBACK_SIZE.columns,
    rows: stdout.rows > 0 ? stdout.rows : FALLBACK_SIZE.rows,
  };
}

/** The terminal's size, re-read on every 'resize' (SIGWINCH) so the App lays out again at once. */
function useTerminalSize(stdout: NodeJS.WriteStream): Size {
  const [size, setSize] = useState(() => sizeOf(stdout));
  useEffect(() => {
    const update = () => {
      const next = sizeOf(stdout);
      setSize((prev) => (prev.columns === next.columns && prev.rows === next.rows ? prev : next));
    };
    stdout.on('resize', update);
    update(); // a resize between the first render and this effect
    return () => {
      stdout.off('resize', update);
    };
  }, [stdout]);
  return size;
}

interface RootProps extends Omit<AppProps, 'columns' | 'rows'> {
  stdout: NodeJS.WriteStream;
  /** Hands out Ink's stdout writer (for redraw()). */
  onWrite: (write: (data: string) => void) => void;
}

function Root({ stdout, stores, ui, actions, env, onWrite }: RootProps) {
  const { columns, rows } = useTerminalSize(stdout);
  const { write } = useStdout();
  useEffect(() => onWrite(write), [onWrite, write]);
  return <App stores={stores} ui={ui} actions={actions} env={env} columns={columns} rows={rows} />;
}

export function mountConsole(opts: MountConsoleOptions): ConsoleMount {
  const { stores, ui, actions, env, stdin, stdout } = opts;
  let write: ((data: string) => void) | undefined;
  const onWrite = (w: (data: string) => void) => {
    write = w;
  };
  const root = <Root stdout={stdout} stores={stores} ui={ui} actions={actions} env={env} onWrite={onWrite} />;
  const instance = render(root, {
    stdout,
    stdin,
    exitOnCtrlC: false, // the key dispatcher decides what Ctrl-C means (quit, or leave a dialog)
    patchConsole: false, // nothing may print over the frame; the debug log is a file
    maxFps: opts.maxFps ?? MAX_FPS,
    incrementalRendering: opts.incremental ?? true,
    // The console draws on the alternate screen from its top left corner (console.ts).
    fullScreen: true,
    scrollRegions: opts.scrollRegions ?? false,
  });
  return {
    waitUntilExit: async () => {
      await instance.waitUntilExit();
    },
    unmount: () => instance.unmount(),
    // Ink's write() erases what it believes is on screen, writes, and draws its last frame whole:
    // with nothing to write, a full redraw with no diff against a screen that is gone.
    redraw: () => write?.(''),
  };
}
