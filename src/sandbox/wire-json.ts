// The JSON text of every answer and frame. With --embedded-alias every `_embedded` object is also
// sent under `embedded` (spec/wire-notes.md, "_embedded or embedded"): typed clients generated
// from the OpenAPI read `embedded`, the service's own descriptions say `_embedded`.

export type WireJson = (value: unknown) => string;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** JSON.stringify's replacer: an object with `_embedded` (and no `embedded`) gets both. */
function aliasEmbedded(_key: string, value: unknown): unknown {
  if (isPlainObject(value) && Object.hasOwn(value, '_embedded') && !Object.hasOwn(value, 'embedded')) {
    return { ...value, embedded: value._embedded };
  }
  return value;
}

export function wireJson(embeddedAlias: boolean): WireJson {
  return embeddedAlias ? (value) => JSON.stringify(value, aliasEmbedded) : (value) => JSON.stringify(value);
}
