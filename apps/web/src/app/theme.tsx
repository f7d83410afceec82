import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { PREFERENCE_KEYS, usePreference } from './preferences.ts';

export type ThemeChoice = 'light' | 'dark' | 'system';
export const themeLabels: Record<ThemeChoice, string> = { light: 'Claro', dark: 'Escuro', system: 'Sistema' };

const isThemeChoice = (v: unknown): v is ThemeChoice => v === 'light' || v === 'dark' || v === 'system';

type ThemeState = { choice: ThemeChoice; resolved: 'light' | 'dark'; setChoice(choice: ThemeChoice): void };
const ThemeContext = createContext<ThemeState | null>(null);

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

/**
 * Light, dark or following the system setting; the choice is remembered in this browser.
 * public/theme-init.js applies the same rule before the first paint, so there is no flash.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoice] = usePreference<ThemeChoice>(PREFERENCE_KEYS.theme, 'system', isThemeChoice);
  const [systemDark, setSystemDark] = useState(() => darkQuery().matches);

  useEffect(() => {
    const q = darkQuery();
    const onChange = () => setSystemDark(q.matches);
    q.addEventListener('change', onChange);
    return () => q.removeEventListener('change', onChange);
  }, []);

  const resolved = choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
  useEffect(() => {
    document.documentElement.classList.toggle('dark', resolved === 'dark');
  }, [resolved]);

  const value = useMemo(() => ({ choice, resolved, setChoice }), [choice, resolved, setChoice]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme fora do ThemeProvider');
  return ctx;
}
