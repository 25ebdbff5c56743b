// How frames reach the terminal (CUSTODY_RENDERER), and when a frame may move lines with the
// terminal's scroll region. Moving lines saves most of the bytes when rows arrive at the top of a
// list (every row below moves one line), but inside a tmux pane narrower than its window tmux
// cannot use the outer terminal's region and redraws the pane's lines itself, which costs more
// than writing them: there, and whenever tmux cannot say, lines are written instead. A pane's
// width changes with a split or a resize, so it is asked again on every resize.
import { execTmux, type TmuxRunner } from './clipboard.js';

/**
 * `incremental` (default): only changed lines, moved lines moved by the terminal where that
 * pays; `regions`: moved lines always moved by the terminal; `lines`: only changed lines, never
 * a scroll region; `standard`: every frame whole.
 */
export const RENDERERS = ['incremental', 'regions', 'lines', 'standard'] as const;
export type Renderer = (typeof RENDERERS)[number];

/** The renderer CUSTODY_RENDERER names; undefined when it names none. */
export function rendererOf(value: string | undefined): Renderer | undefined {
  if (value === undefined || value === '') return 'incremental';
  return (RENDERERS as readonly string[]).includes(value) ? (value as Renderer) : undefined;
}

/** "80 120": this pane's width and its window's. Full width only when both are known and equal. */
export function fullWidthPane(answer: string): boolean {
  const m = /^\s*(\d+)\s+(\d+)\s*$/.exec(answer);
  return m !== null && m[1] === m[2];
}

export interface ScrollRegionGate {
  /** Read before every frame. */
  enabled(): boolean;
  /** Stops asking on resize. */
  stop(): void;
}

interface GateOptions {
  readonly renderer: Renderer;
  readonly env: NodeJS.ProcessEnv;
  readonly stdout: NodeJS.WriteStream;
  /** For tests; default: the tmux on PATH, with the clipboard's environment and timeout. */
  readonly runTmux?: TmuxRunner;
  /** Told what was decided, and why, each time it is asked. */
  readonly log?: (text: string) => void;
}

export function scrollRegionGate({ renderer, env, stdout, runTmux, log }: GateOptions): ScrollRegionGate {
  if (renderer !== 'incremental') {
    const fixed = renderer === 'regions';
    return { enabled: () => fixed, stop: () => undefined };
  }
  if (env.TMUX === undefined || env.TMUX === '') return { enabled: () => true, stop: () => undefined };
  const tmux = runTmux ?? execTmux(env);
  const tmuxPane = env.TMUX_PANE;
  // Off until tmux has said the pane is full width: a frame drawn meanwhile costs what it did.
  let on = false;
  let asked = 0;
  const ask = () => {
    const id = ++asked;
    const target = tmuxPane !== undefined && tmuxPane !== '' ? ['-t', tmuxPane] : [];
    tmux(['display-message', '-p', ...target, '#{pane_width} #{window_width}'])
      .then((answer) => {
        if (id !== asked) return;
        on = fullWidthPane(answer);
        log?.(`tmux pane and window width ${answer.trim()}: scroll regions ${on ? 'on' : 'off'}`);
      })
      .catch((err: unknown) => {
        if (id !== asked) return;
        on = false;
        log?.(`tmux did not say the pane width (${err instanceof Error ? err.message : String(err)}): scroll regions off`);
      });
  };
  ask();
  stdout.on('resize', ask);
  return {
    enabled: () => on,
    stop: () => {
      asked++;
      stdout.off('resize', ask);
    },
  };
}
