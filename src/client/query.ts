// Query strings the way the service's public clients write them (wire notes §1): arrays are one
// parameter with comma-joined values, nulls and empty arrays are left out, form-urlencoding
// (`,` → `%2C`, space → `+`), keys in the caller's insertion order.

export type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

function text(key: string, value: string | number | boolean): string {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new RangeError(`query parameter ${key} must be a finite number`);
  }
  return String(value);
}

/**
 * `''` or `'?a=1&b=x%2Cy'`. Also left out: empty strings and empty array items (an empty filter
 * filters nothing; sending `search=` would only earn a 400).
 */
export function encodeQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    let item: string;
    if (Array.isArray(value)) {
      const items = (value as readonly (string | number)[])
        .map((part) => text(key, part))
        .filter((part) => part !== '');
      if (items.length === 0) continue;
      item = items.join(',');
    } else {
      item = text(key, value as string | number | boolean);
    }
    if (item === '') continue;
    params.append(key, item);
  }
  const encoded = params.toString();
  return encoded === '' ? '' : `?${encoded}`;
}

/**
 * One path segment (an id) percent-encoded. `.` and `..` are refused: the URL parser would
 * resolve them as dot segments and the request would go somewhere other than what was signed.
 */
export function pathSegment(id: string, what = 'id'): string {
  if (typeof id !== 'string' || id === '') throw new TypeError(`${what} must be a non-empty string`);
  const encoded = encodeURIComponent(id);
  if (/^(\.|%2e){1,2}$/i.test(encoded)) throw new TypeError(`${what} must not be "." or ".."`);
  return encoded;
}

/** `/workspaces/{ws}`; throws when the workspace is not known yet (''). */
export function workspacePath(workspaceId: string): string {
  return `/workspaces/${pathSegment(workspaceId, 'workspaceId')}`;
}
