/**
 * True when the locale says UTF-8. The first of LC_ALL, LC_CTYPE and LANG that is set decides,
 * as for the C library; none set is the "C" locale, which is ASCII.
 */
export function isUtf8Locale(env: NodeJS.ProcessEnv): boolean {
  for (const name of ['LC_ALL', 'LC_CTYPE', 'LANG']) {
    const value = env[name];
    if (value !== undefined && value !== '') return /utf-?8/i.test(value);
  }
  return false;
}
