import { useCallback, useState } from 'react';

// Interface preferences kept in this browser (not business data): sidebar state, theme.
export const PREFERENCE_KEYS = {
  sidebarCollapsed: 'erp.sidebar.collapsed',
  sidebarGroups: 'erp.sidebar.groups',
  theme: 'erp.theme',
} as const;

export function readPreference<T>(key: string, fallback: T, valid: (v: unknown) => v is T): T {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return fallback;
    const value: unknown = JSON.parse(raw);
    return valid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

export function writePreference(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // private mode or full storage: the preference just is not remembered
  }
}

/** useState that survives reloads (localStorage, JSON). */
export function usePreference<T>(key: string, fallback: T, valid: (v: unknown) => v is T) {
  const [value, setValue] = useState<T>(() => readPreference(key, fallback, valid));
  const update = useCallback(
    (next: T | ((prev: T) => T)) => {
      setValue((prev) => {
        const resolved = typeof next === 'function' ? (next as (p: T) => T)(prev) : next;
        writePreference(key, resolved);
        return resolved;
      });
    },
    [key],
  );
  return [value, update] as const;
}

export const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
export const isBooleanRecord = (v: unknown): v is Record<string, boolean> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every(isBoolean);
