import type { Config } from '../../config.ts';
import type { LinkType } from './one-time-token.service.ts';

/** The link an e-mail carries: `<site>/auth/v1/verify?token=…&type=…&redirect_to=…`. */
export function verifyLinkUrl(
  config: Pick<Config, 'siteUrl'>,
  token: string,
  type: LinkType,
  redirectTo: string,
): string {
  const u = new URL('/auth/v1/verify', `${config.siteUrl}/`);
  u.searchParams.set('token', token);
  u.searchParams.set('type', type);
  u.searchParams.set('redirect_to', redirectTo);
  return u.toString();
}
