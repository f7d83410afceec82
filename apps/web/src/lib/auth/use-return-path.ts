import { useSearchParams } from 'react-router';
import { REDIRECT_PARAM, safeRedirectPath } from './redirect-path.ts';

/** Where to go after signing in: the deep link /auth was opened with (same origin only), else "/". */
export function useReturnPath(): string {
  const [params] = useSearchParams();
  return safeRedirectPath(params.get(REDIRECT_PARAM), window.location.origin) ?? '/';
}
