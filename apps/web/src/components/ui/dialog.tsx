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
          // centred by inset + auto margins, not a transform: fixed popups inside (a combobox's
          // list) then place themselves on the viewport and are not clipped by the frame
          'fixed inset-0 z-50 m-auto flex h-fit max-h-[90dvh] w-[calc(100%-1rem)] max-w-2xl flex-col overflow-hidden rounded-lg border border-border bg-card shadow-lg sm:w-[calc(100%-2rem)]',
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
          if (e.defaultPrevented) return;
          // Radix would focus a DialogTrigger only; our dialogs open from state
          e.preventDefault();
          const el = opener.current;
          if (el instanceof HTMLElement && el.isConnected && el !== document.body) el.focus();
          // the opener is gone: the page heading, unless another closing dialog already gave the
          // focus back (a confirmation over a form)
          else if (!document.activeElement || document.activeElement === document.body)
            document.querySelector<HTMLElement>('[data-page-heading]')?.focus();
        }}
        {...props}
      >
        {/* scroll padding: a field focused near an edge is scrolled clear of the sticky header and footer */}
        <div
          data-dialog-body
          className="grid min-h-0 flex-1 scroll-pt-24 scroll-pb-24 gap-4 overflow-y-auto px-4 pt-6 pb-6 sm:px-6"
        >
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
// The scrolling body's padding insets where sticky boxes stick: the header and footer stick at
// minus that padding, flush with the frame, and take the padding themselves.

/** Title and description; sticks to the top while the dialog's content scrolls. */
export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'sticky -top-6 z-10 -mx-4 -mt-6 flex flex-col gap-1.5 bg-card px-4 pt-6 pr-12 pb-2 sm:-mx-6 sm:px-6 sm:pr-12',
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
        'sticky -bottom-6 z-10 -mx-4 -mb-6 flex flex-col-reverse gap-2 bg-card px-4 pt-3 pb-6 sm:-mx-6 sm:flex-row sm:justify-end sm:px-6',
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
