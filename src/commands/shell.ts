// Text for the terminal: words a shell reads back, and URLs shown without their password.

/** A word as a POSIX shell reads it back: bare when safe, else in single quotes. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./~-]+$/.test(word) && !word.startsWith('~')) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A URL as shown to the user: a password in it (a proxy's, typically) is masked. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    if (!u.password) return url;
    u.password = '***';
    return u.toString().replace(/\/$/, url.endsWith('/') ? '/' : '');
  } catch {
    return url;
  }
}
