import { useEffect, useRef } from 'react';
import { type Blocker, useBlocker } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';

export const unsavedTexts = {
  title: 'Descartar alterações?',
  description: 'Há alterações não salvas neste formulário. Se sair agora, elas serão perdidas.',
  stay: 'Continuar editando',
  leave: 'Descartar alterações',
} as const;

/**
 * While `when` is true: leaving in the app (links, back button, closing the form's URL state)
 * is blocked for a confirmation, and closing or reloading the tab shows the browser's warning.
 * `bypass()` lets the next navigation through (after a save, or after the user chose to discard).
 */
export function useUnsavedChanges(when: boolean): { blocker: Blocker; bypass(): void } {
  const skip = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      !skip.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        new URLSearchParams(currentLocation.search).get('editar') !==
          new URLSearchParams(nextLocation.search).get('editar')),
  );
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  return {
    blocker,
    bypass: () => {
      skip.current = true;
    },
  };
}

/** The confirmation shown for a blocked navigation or for closing a form with changes. */
export function UnsavedChangesDialog({
  open,
  onStay,
  onLeave,
}: {
  open: boolean;
  onStay(): void;
  onLeave(): void;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => (o ? undefined : onStay())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{unsavedTexts.title}</DialogTitle>
          <DialogDescription>{unsavedTexts.description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onStay}>
            {unsavedTexts.stay}
          </Button>
          <Button variant="destructive" onClick={onLeave}>
            {unsavedTexts.leave}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
