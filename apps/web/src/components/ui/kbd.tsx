import type { ReactNode } from 'react';

/** A keyboard shortcut shown inside a button ("F2", "Insert"); hidden on phones, which have no such keys. */
export function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="ml-1 hidden rounded border border-current/40 px-1 font-mono text-[10px] sm:inline">
      {children}
    </kbd>
  );
}
