import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';

/**
 * The frame of the invite and edit user forms: title, description, the fields (disabled while
 * saving) and the Cancelar / submit buttons.
 */
export function UsuarioFormDialog({
  open,
  onOpenChange,
  onCancel,
  title,
  description,
  pending,
  onSubmit,
  submitContent,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCancel(): void;
  title: string;
  description: ReactNode;
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** the submit button's icon/spinner and text */
  submitContent: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <fieldset disabled={pending} className="grid gap-4">
            {children}
          </fieldset>
          <DialogFooter>
            <Button variant="outline" onClick={onCancel} disabled={pending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={pending}>
              {submitContent}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
