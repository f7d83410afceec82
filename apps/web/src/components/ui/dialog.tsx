import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type ComponentProps, useRef } from 'react';
import { cn } from '@/lib/cn.ts';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * A modal dialog. Its frame never scrolls: the close button stays in the corner, the header
 * (DialogHeader) and the footer (DialogFooter) stick to the top and bottom while the content
 * between them scrolls. Escape inside an open combobox closes the combobox's list, not the
 * dialog. On close, focus returns to what opened the dialog; when that element is gone (the
 * deleted row's button) and nothing else took it, to the page heading.
 */
export function DialogContent({
  className,
  children,
  onEscapeKeyDown,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  const opener = useRef<Element | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-lg border border-border bg-card shadow-lg',
          className,
        )}
        onEscapeKeyDown={(e) => {
          const target = e.target instanceof Element ? e.target : null;
          if (target?.closest('[role="combobox"][aria-expanded="true"]')) e.preventDefault();
          onEscapeKeyDown?.(e);
        }}
        onOpenAutoFocus={(e) => {
          // Radix calls this before it moves focus: the opener still has it
          opener.current = document.activeElement;
          onOpenAutoFocus?.(e);
        }}
        onCloseAutoFocus={(e) => {
          onCloseAutoFocus?.(e);
          if (e.defaultPrevented || opener.current?.isConnected !== false) return;
          e.preventDefault();
          // unless another closing dialog already gave the focus back (a confirmation over a form)
          if (!document.activeElement || document.activeElement === document.body)
            document.querySelector<HTMLElement>('[data-page-heading]')?.focus();
        }}
        {...props}
      >
        <div data-dialog-body className="grid min-h-0 flex-1 gap-4 overflow-y-auto px-6 pt-6 pb-6">
          {children}
        </div>
        <DialogPrimitive.Close
          className="absolute top-4 right-4 z-20 rounded-sm bg-card p-0.5 opacity-70 hover:opacity-100"
          aria-label="Fechar"
        >
          <X className="size-4" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
/** Title and description; sticks to the top while the dialog's content scrolls. */
export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'sticky top-0 z-10 -mx-6 -mt-6 flex flex-col gap-1.5 bg-card px-6 pt-6 pr-12 pb-2',
        className,
      )}
      {...props}
    />
  );
}
/** The dialog's buttons; stick to the bottom while the dialog's content scrolls. */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'sticky bottom-0 z-10 -mx-6 -mb-6 flex flex-col-reverse gap-2 bg-card px-6 pt-3 pb-6 sm:flex-row sm:justify-end',
        className,
      )}
      {...props}
    />
  );
}
export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}
export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}
