import { genericMessages } from '@erp/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { type FieldValues, FormProvider, type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/cn.ts';
import { showSaveError } from './server-errors.ts';
import { UnsavedChangesDialog, useUnsavedChanges } from './unsaved-changes.tsx';
import type { RecordForm } from './use-record-form.ts';

/**
 * The create/edit form of a register, in a dialog: react-hook-form with the shared zod schema
 * (the server validates with the same one), field errors next to fields, success/error toasts,
 * an "unsaved changes" confirmation on close and on navigation, and a 409 banner with "Recarregar".
 * "Salvar" stays in view at the bottom of a long form; after a save `onClose` gets the record's id.
 */
export function RegisterFormDialog<S extends z.ZodType<unknown, FieldValues>>({
  title,
  description,
  schema,
  record,
  onClose,
  successMessage,
  size = 'md',
  submitLabel = 'Salvar',
  children,
}: {
  title: string;
  description?: string;
  schema: S;
  /** the record's values, save and reload (after a 409), from useRecordForm() */
  record: RecordForm;
  /** closes the dialog; after a save, with the saved record's id (the list highlights it) */
  onClose(savedId?: string): void;
  successMessage: string;
  size?: 'md' | 'lg' | 'xl';
  /** the submit button's text (a movement is "Lançar", not "Salvar") */
  submitLabel?: string;
  children: ReactNode;
}) {
  const values = record.values as z.input<S> | null;
  const { loading } = record;
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...(values ? { defaultValues: values as never } : {}),
  });
  const [stale, setStale] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const { isDirty, isSubmitting } = form.formState;
  const { blocker, bypass } = useUnsavedChanges(isDirty && !isSubmitting);

  // the record arrives after the dialog opened
  useEffect(() => {
    if (values) form.reset(values as never);
  }, [values, form]);

  const requestClose = () => {
    if (isDirty) setConfirmClose(true);
    else {
      bypass();
      onClose();
    }
  };

  const submit = form.handleSubmit(async (data) => {
    try {
      const saved = await record.save(data);
      toast.success(successMessage);
      bypass();
      onClose(saved.id);
    } catch (err) {
      if (showSaveError(form, err)) setStale(true);
    }
  });

  const reload = async () => {
    const fresh = await record.reload();
    form.reset(fresh as never);
    setStale(false);
  };

  return (
    <>
      <Dialog open onOpenChange={(open) => (open ? undefined : requestClose())}>
        <DialogContent
          className={cn(
            size === 'md' && 'max-w-2xl',
            size === 'lg' && 'max-w-4xl',
            size === 'xl' && 'max-w-6xl',
          )}
          onInteractOutside={(e) => e.preventDefault()}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription className={description ? undefined : 'sr-only'}>
              {description ?? 'Preencha os campos e salve.'}
            </DialogDescription>
          </DialogHeader>
          {stale ? (
            <div
              role="alert"
              className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
            >
              <span>{genericMessages.conflict}</span>
              <Button size="sm" variant="outline" onClick={reload}>
                <RefreshCw aria-hidden />
                Recarregar
              </Button>
            </div>
          ) : null}
          {loading || !values ? (
            <div className="grid gap-3" aria-busy>
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-9 w-2/3" />
            </div>
          ) : (
            <FormProvider {...form}>
              <form id="register-form" noValidate onSubmit={submit} className="grid gap-6">
                <fieldset disabled={isSubmitting} className="grid gap-6">
                  {children}
                </fieldset>
              </form>
            </FormProvider>
          )}
          <DialogFooter className="border-t border-border">
            <Button variant="outline" onClick={requestClose} disabled={isSubmitting}>
              Cancelar
            </Button>
            <Button type="submit" form="register-form" disabled={isSubmitting || loading || !values}>
              {isSubmitting ? <Spinner /> : null}
              {submitLabel}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <UnsavedChangesDialog
        open={confirmClose || blocker.state === 'blocked'}
        onStay={() => {
          setConfirmClose(false);
          if (blocker.state === 'blocked') blocker.reset();
        }}
        onLeave={() => {
          setConfirmClose(false);
          bypass();
          if (blocker.state === 'blocked') blocker.proceed();
          else onClose();
        }}
      />
    </>
  );
}
