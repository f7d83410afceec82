import type { ApiType } from '@erp/server/api-type';
import type { ApiErrorBody } from '@erp/shared';
import { hc } from 'hono/client';

/** Error thrown by the API client for any non-2xx answer, with the server's JSON error body. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: ApiErrorBody,
  ) {
    super(body.message);
  }
  get fields() {
    return this.body.details?.fields ?? {};
  }
}

type TokenSource = {
  getAccessToken(): Promise<string | null>;
  refresh(): Promise<string | null>;
  /** A 403 may mean the user's roles changed on the server: the auth provider re-reads them. */
  onForbidden?(): void;
};
let tokens: TokenSource = { getAccessToken: async () => null, refresh: async () => null };

/** The auth provider registers how to get (and refresh) the access token. */
export function setTokenSource(source: TokenSource) {
  tokens = source;
}

async function authFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const send = (token: string | null) => {
    const headers = new Headers(init?.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return fetch(input, { ...init, headers });
  };
  let res = await send(await tokens.getAccessToken());
  if (res.status === 401) {
    // one refresh, then give up
    const fresh = await tokens.refresh();
    if (fresh) res = await send(fresh);
  }
  if (res.status === 403) tokens.onForbidden?.();
  return res;
}

/** Typed client derived from the server's route types (Hono RPC). */
export const api = hc<ApiType>('/api', { fetch: authFetch });

/** Unwraps a typed response: JSON on 2xx, ApiError otherwise. */
export async function unwrap<T>(
  res:
    | Promise<{ ok: boolean; status: number; json(): Promise<T> }>
    | { ok: boolean; status: number; json(): Promise<T> },
): Promise<T> {
  const r = await res;
  if (!r.ok) {
    const body = (await r
      .json()
      .catch(() => ({ code: 'error', message: 'Erro inesperado.' }))) as unknown as ApiErrorBody;
    throw new ApiError(r.status, body);
  }
  return r.json();
}
