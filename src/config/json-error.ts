/**
 * Where a JSON text first goes wrong. Node 20's JSON.parse often names no position ("Unexpected
 * token '}', ... is not valid JSON") and quotes the text instead; a user fixing a config file by
 * hand needs the line and column, so this small scanner finds them. Run only after JSON.parse failed.
 */
export interface JsonErrorAt {
  offset: number;
  line: number;
  column: number;
  problem: string;
}

class Stop {
  constructor(
    readonly offset: number,
    readonly problem: string,
  ) {}
}

export function locateJsonError(text: string): JsonErrorAt | undefined {
  let i = 0;

  const describe = (at: number): string =>
    at >= text.length ? 'unexpected end of file' : `unexpected ${JSON.stringify(text[at])}`;
  const fail = (at: number, problem = describe(at)): never => {
    throw new Stop(at, problem);
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail(i);
      i++;
    }
  };
  const string = () => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) fail(i, 'unterminated string');
      const ch = text[i]!;
      if (ch === '"') {
        i++;
        return;
      }
      if (ch < ' ') fail(i, 'control character inside a string');
      if (ch === '\\') {
        const esc = text[i + 1];
        if (esc === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail(i, 'bad \\u escape');
          i += 6;
        } else if (esc !== undefined && '"\\/bfnrt'.includes(esc)) {
          i += 2;
        } else {
          fail(i, 'bad escape');
        }
      } else {
        i++;
      }
    }
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match) fail(i);
    i += match![0].length;
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail(i, `${describe(i)}: expected a quoted property name`);
        string();
        ws();
        if (text[i] !== ':') fail(i, `${describe(i)}: expected ':'`);
        i++;
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        fail(i, `${describe(i)}: expected ',' or '}'`);
      }
    }
    if (ch === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        fail(i, `${describe(i)}: expected ',' or ']'`);
      }
    }
    if (ch === '"') string();
    else if (ch === 't') literal('true');
    else if (ch === 'f') literal('false');
    else if (ch === 'n') literal('null');
    else if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) number();
    else fail(i);
  };

  try {
    value();
    ws();
    if (i < text.length) fail(i, `${describe(i)} after the end of the JSON value`);
    return undefined;
  } catch (err) {
    // Best effort: anything else (a stack overflow on absurd nesting) just yields no position.
    if (!(err instanceof Stop)) return undefined;
    const before = text.slice(0, err.offset);
    const line = before.split('\n').length;
    const column = err.offset - (before.lastIndexOf('\n') + 1) + 1;
    return { offset: err.offset, line, column, problem: err.problem };
  }
}
