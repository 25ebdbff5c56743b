// Calling the operator through the terminal: BEL, OSC 9 / OSC 777 desktop notifications, tmux's and
// screen's passthrough, and text that can never end a sequence early.
import { describe, expect, it } from 'vitest';
import {
  callSequence,
  createAttention,
  MAX_TEXT,
  notifyProtocolFor,
  osc777,
  osc9,
  oscText,
} from '../../src/view/base/attention.js';
import { multiplexerOf, passThrough, screenPassthrough, tmuxPassthrough } from '../../src/view/base/passthrough.js';

const ESC = '\u001b';
const BEL = '\u0007';
const call = { title: 'custody: approval needed', body: 'withdrawal 18,000 USDT from Trading' };

describe('passthrough', () => {
  it.each<[string, NodeJS.ProcessEnv, string]>([
    ['nothing', {}, 'none'],
    ['tmux', { TMUX: '/tmp/tmux-0/default,1,0' }, 'tmux'],
    ['an empty TMUX', { TMUX: '' }, 'none'],
    ['screen', { STY: '123.pts-0', TERM: 'screen-256color' }, 'screen'],
    ['STY with another TERM (screen is not the innermost)', { STY: '123.pts-0', TERM: 'xterm' }, 'none'],
    ['tmux inside screen', { TMUX: '/tmp/t,1,0', STY: '1.x', TERM: 'screen' }, 'tmux'],
  ])('%s', (_name, env, want) => {
    expect(multiplexerOf(env)).toBe(want);
  });

  it('wraps for tmux with every inner ESC doubled, for screen as is', () => {
    const seq = `${ESC}]9;hi${BEL}`;
    expect(tmuxPassthrough(seq)).toBe(`${ESC}Ptmux;${ESC}${ESC}]9;hi${BEL}${ESC}\\`);
    expect(screenPassthrough(seq)).toBe(`${ESC}P${ESC}]9;hi${BEL}${ESC}\\`);
    expect(passThrough(seq, 'none')).toBe(seq);
    expect(passThrough(seq, 'tmux')).toBe(tmuxPassthrough(seq));
    expect(passThrough(seq, 'screen')).toBe(screenPassthrough(seq));
  });
});

describe('oscText', () => {
  it.each<[string, string, string]>([
    ['plain text stays', 'withdrawal 5 BTC from Ops', 'withdrawal 5 BTC from Ops'],
    ['ESC and BEL cannot end the sequence', `a${ESC}]0;pwned${BEL}b`, 'a ]0,pwned b'],
    ['C1 controls go too', 'a\u009b2Jb', 'a 2Jb'],
    ['line breaks become one space', 'a\r\n\tb', 'a b'],
    ['; (OSC 777 field separator) becomes ,', 'Ops; Hot', 'Ops, Hot'],
    ['non-ASCII text is kept', 'Trésorerie', 'Trésorerie'],
  ])('%s', (_name, text, want) => {
    expect(oscText(text)).toBe(want);
  });

  it('cuts long text', () => {
    const out = oscText('x'.repeat(500));
    expect(out.length).toBe(MAX_TEXT);
    expect(out.endsWith('...')).toBe(true);
  });
});

describe('sequences', () => {
  it('OSC 9 and OSC 777 notify', () => {
    expect(osc9('hello')).toBe(`${ESC}]9;hello${BEL}`);
    expect(osc777('t', 'b')).toBe(`${ESC}]777;notify;t;b${BEL}`);
  });

  it.each<[string, Parameters<typeof callSequence>[1], string]>([
    ['the bell alone', { bell: true, via: 'none' }, BEL],
    ['the bell alone inside tmux (tmux handles BEL itself)', { bell: true, via: 'tmux' }, BEL],
    ['nothing', { bell: false, via: 'none' }, ''],
    ['bell and OSC 9', { bell: true, notify: 'osc9', via: 'none' }, `${BEL}${osc9(`${call.title} - ${call.body}`)}`],
    ['OSC 777 alone', { bell: false, notify: 'osc777', via: 'none' }, osc777(call.title, call.body)],
    [
      'OSC 9 through tmux',
      { bell: true, notify: 'osc9', via: 'tmux' },
      `${BEL}${tmuxPassthrough(osc9(`${call.title} - ${call.body}`))}`,
    ],
    ['OSC 777 through screen', { bell: false, notify: 'osc777', via: 'screen' }, screenPassthrough(osc777(call.title, call.body))],
  ])('%s', (_name, o, want) => {
    expect(callSequence(call, o)).toBe(want);
  });

  it('a sequence takes no cell: nothing printable outside ESC ... BEL', () => {
    const seq = callSequence(call, { bell: true, notify: 'osc777', via: 'tmux' });
    const outside = seq.replace(/\u001bPtmux;[\s\S]*?\u001b\\/g, '').replaceAll(BEL, '');
    expect(outside).toBe('');
  });
});

describe('notifyProtocolFor', () => {
  it.each<[string, NodeJS.ProcessEnv, string]>([
    ['iTerm2', { TERM_PROGRAM: 'iTerm.app', TERM: 'xterm-256color' }, 'osc9'],
    ['kitty', { TERM: 'xterm-kitty' }, 'osc9'],
    ['WezTerm', { TERM_PROGRAM: 'WezTerm' }, 'osc9'],
    ['GNOME Terminal (VTE)', { VTE_VERSION: '7600', TERM: 'xterm-256color' }, 'osc777'],
    ['foot', { TERM: 'foot' }, 'osc777'],
    ['urxvt', { TERM: 'rxvt-unicode-256color' }, 'osc777'],
    ['unknown', {}, 'osc9'],
  ])('%s: %s', (_name, env, want) => {
    expect(notifyProtocolFor(env)).toBe(want);
  });
});

describe('createAttention', () => {
  function out() {
    const written: string[] = [];
    return { written, stdout: { write: (s: string) => written.push(s) } };
  }

  it('is absent when the bell and notifications are both off', () => {
    expect(createAttention({ ...out(), env: {}, bell: false, notify: 'off' })).toBeUndefined();
  });

  it.each<[string, { bell: boolean; notify: 'off' | 'auto' | 'osc9' | 'osc777' }, NodeJS.ProcessEnv, string]>([
    ['the default: the bell', { bell: true, notify: 'off' }, {}, BEL],
    ['auto picks by the terminal', { bell: false, notify: 'auto' }, { VTE_VERSION: '7600' }, osc777(call.title, call.body)],
    ['a chosen protocol wins', { bell: false, notify: 'osc9' }, { VTE_VERSION: '7600' }, osc9(`${call.title} - ${call.body}`)],
    [
      'inside tmux through the passthrough',
      { bell: true, notify: 'osc777' },
      { TMUX: '/tmp/t,1,0' },
      `${BEL}${tmuxPassthrough(osc777(call.title, call.body))}`,
    ],
  ])('%s: one write per call', (_name, o, env, want) => {
    const { written, stdout } = out();
    const lines: string[] = [];
    const attention = createAttention({ stdout, env, ...o, log: (l) => lines.push(l) })!;
    attention(call);
    expect(written).toEqual([want]);
    // The log says how, never what.
    expect(lines.join('\n')).not.toContain('USDT');
  });
});
