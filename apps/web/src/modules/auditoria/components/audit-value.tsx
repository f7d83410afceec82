/** A before/after value, already in pt-BR (R$ 15.000,50, 21/11/2026, a record's name): empty as a dash. */
export function AuditValue({ text }: { text: string }) {
  if (text === '') return <span className="text-muted-foreground">—</span>;
  return <span className="break-words whitespace-pre-wrap">{text}</span>;
}
