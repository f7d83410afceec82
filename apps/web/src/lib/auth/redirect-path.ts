/** The /auth query parameter that carries where to return after signing in (a deep link). */
export const REDIRECT_PARAM = 'redirect';

/** Public screens: returning to them after signing in would make no sense (or loop). */
const PUBLIC_PATHS = new Set(['/auth', '/reset-password']);

const MAX_LENGTH = 2000;

/**
 * The same-origin path (path, query and fragment) to open after signing in, or null when `value`
 * is not one: anything that does not start with a single `/` (absolute URLs, `javascript:`,
 * protocol-relative `//evil.com`), backslashes (browsers read `/\evil.com` as `//evil.com`),
 * control characters (the URL parser drops tabs and newlines, so `/\t/evil.com` would become
 * `//evil.com`), another origin after parsing, the public auth screens, or an over-long value.
 */
export function safeRedirectPath(value: string | null | undefined, origin: string): string | null {
  if (!value || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  const path = url.pathname.replace(/(.)\/+$/, '$1');
  if (PUBLIC_PATHS.has(path)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The sign-in screen for a signed-out visitor of `location`: `/auth` carrying the way back
 * (`/auth?redirect=%2Fmatriz%2Ffornecedores%3Fuf%3DSP`), or plain `/auth` for the home page.
 */
export function signInPathFor(location: { pathname: string; search: string; hash: string }): string {
  const target = `${location.pathname}${location.search}${location.hash}`;
  if (target === '/' || !target.startsWith('/')) return '/auth';
  return `/auth?${new URLSearchParams({ [REDIRECT_PARAM]: target })}`;
}
