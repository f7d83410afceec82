import { cloneElement, type ReactElement, useId } from 'react';
import { cn } from '@/lib/cn.ts';
import { Label } from './label.tsx';

/**
 * A labelled field with its error message next to it. The child input gets id, aria-invalid and
 * aria-describedby wired, so screen readers read the error.
 */
export function FormField({
  label,
  error,
  hint,
  className,
  required,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  className?: string;
  required?: boolean;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const errorId = `${id}-erro`;
  const hintId = `${id}-dica`;
  return (
    // content-start: in a form grid the row is as tall as its tallest field; the label and input stay
    // at the top (aligned with the neighbours) instead of spreading over the extra height.
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required ? <span className="text-destructive"> *</span> : null}
      </Label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby':
          [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined,
      })}
      {hint && !error ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
