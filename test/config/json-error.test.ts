import { describe, expect, it } from 'vitest';
import { locateJsonError } from '../../src/config/json-error.js';

describe('locateJsonError', () => {
  it.each(['{}', '[]', '{"a":[1,-2.5e3,true,false,null,"x\\"\\u00e9"]}', ' \n{ "a" : { } }\n'])(
    'finds nothing wrong in %j',
    (text) => {
      expect(() => JSON.parse(text)).not.toThrow();
      expect(locateJsonError(text)).toBeUndefined();
    },
  );

  const broken: Array<[string, number, number, RegExp]> = [
    ['', 1, 1, /end of file/],
    ['{', 1, 2, /end of file/],
    ['{"a":1,}', 1, 8, /quoted property name/],
    ['{"a" 1}', 1, 6, /expected ':'/],
    ['{"a":1 "b":2}', 1, 8, /expected ',' or '}'/],
    ['[1,2', 1, 5, /end of file/],
    ['{\n  "a": tru\n}', 2, 11, /unexpected/],
    ['{"a":"x\ny"}', 1, 8, /control character/],
    ['{"a":"\\q"}', 1, 7, /bad escape/],
    ['{"a":01}', 1, 7, /expected ',' or '}'/],
    ["{'a':1}", 1, 2, /quoted property name/],
    ['{} {}', 1, 4, /after the end/],
  ];
  it.each(broken)('%j → line %i, column %i', (text, line, column, problem) => {
    expect(() => JSON.parse(text)).toThrow();
    const at = locateJsonError(text);
    expect(at).toMatchObject({ line, column });
    expect(at?.problem).toMatch(problem);
  });
});
