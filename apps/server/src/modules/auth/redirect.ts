import type { Config } from '../../config.ts';

/**
 * The address a mail link lands on. `redirect_to` is honoured only when it points at the site URL's
 * origin or matches an entry of REDIRECT_ALLOW_LIST (an origin: any path on it; a full URL: exactly
 * it; a prefix ending in `*`, e.g. "https://app.empresa.com.br/erp/*"). Anything else — another host, a scheme trick,
 * garbage — falls back to the site URL plus `fallbackPath`: the link never sends anyone elsewhere.
 */
export function safeRedirect(
  config: Pick<Config, 'siteUrl' | 'redirectAllowList'>,
  requested: string | null | undefined,
  fallbackPath = '/',
): string {
  const fallback = new URL(fallbackPath, `${config.siteUrl}/`).toString();
  if (!requested) return fallback;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return fallback;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback;
  if (url.username || url.password) return fallback;
  url.hash = '';
  const href = url.toString();
  const site = new URL(config.siteUrl);
  if (url.origin === site.origin) return href;
  for (const entry of config.redirectAllowList) {
    if (entry.endsWith('*')) {
      const prefix = entry.slice(0, -1);
      if (prefix && href.startsWith(prefix) && sameOrigin(prefix, url)) return href;
      continue;
    }
    try {
      const allowed = new URL(entry);
      // an origin allows any path on it; a URL with a path allows exactly that URL
      if (allowed.pathname === '/' ? allowed.origin === url.origin : href === allowed.toString()) return href;
    } catch {
      // a malformed allow-list entry matches nothing
    }
  }
  return fallback;
}

function sameOrigin(prefix: string, url: URL): boolean {
  try {
    return new URL(prefix).origin === url.origin;
  } catch {
    return false;
  }
}

/** `base#k=v&...` (the fragment carries tokens so they never reach a server log). */
export function withFragment(base: string, params: Record<string, string | number>): string {
  const u = new URL(base);
  u.hash = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return u.toString();
}
