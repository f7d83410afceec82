import { MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';

/** "We sent you a link" in the auth card (recovery sent, sign-up confirmation), announced politely. */
export function MailSentNotice({ children }: { children: ReactNode }) {
  return (
    <div
      className="flex gap-3 rounded-md border border-border bg-muted p-4 text-sm"
      role="status"
      data-testid="aviso-email-enviado"
    >
      <MailCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
      <p>{children}</p>
    </div>
  );
}
