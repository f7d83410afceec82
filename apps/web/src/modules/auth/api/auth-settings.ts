import { useEffect, useState } from 'react';

/**
 * Whether self sign-up is open (GET /auth/v1/settings, GoTrue's `disable_signup`, driven by the
 * "permitir_novos_cadastros" setting). Until known, or if the call fails, the tab stays visible:
 * the server refuses a disabled sign-up with its own message anyway.
 */
export function useSignupEnabled(): boolean {
  const [enabled, setEnabled] = useState(true);
  useEffect(() => {
    let cancelled = false;
    fetch('/auth/v1/settings')
      .then((r) => (r.ok ? (r.json() as Promise<{ disable_signup?: boolean }>) : null))
      .then((s) => {
        if (!cancelled && s) setEnabled(!s.disable_signup);
      })
      .catch((err) => console.error('Falha ao ler /auth/v1/settings', err));
    return () => {
      cancelled = true;
    };
  }, []);
  return enabled;
}
