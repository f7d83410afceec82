import { auditValueText } from '@erp/shared';

/** A before/after value: empty shown as a dash, long JSON wrapped. */
export function AuditValue({ value }: { value: unknown }) {
  const text = auditValueText(value);
  if (text === '') return <span className="text-muted-foreground">—</span>;
  return <span className="break-all whitespace-pre-wrap font-mono text-xs">{text}</span>;
}
