import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';

/**
 * After an invitation (or a resent one, `reenvio`) whose e-mail was not sent (the server has no
 * e-mail configured): says so and hands the administrator the link to pass on to the person.
 */
export function ConviteLinkDialog({
  convite,
  reenvio = false,
  onClose,
}: {
  convite: { email: string; link: string } | null;
  reenvio?: boolean;
  onClose(): void;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(convite?.link ?? '');
      toast.success('Link copiado.');
    } catch {
      toast.error('Não foi possível copiar. Selecione o link e copie-o.');
    }
  };
  return (
    <Dialog open={convite !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>
            {reenvio ? 'Novo convite gerado, e-mail não enviado' : 'Convite criado, e-mail não enviado'}
          </DialogTitle>
          <DialogDescription>
            O envio de e-mails não está configurado no servidor, então {convite?.email} não recebeu o convite.
            Copie o link abaixo e envie-o à pessoa: ele vale por 7 dias e leva à tela de definir a senha.
            {reenvio ? ' Os links de convite enviados antes deixaram de valer.' : null}
          </DialogDescription>
        </DialogHeader>
        <FormField label="Link do convite">
          <Input readOnly value={convite?.link ?? ''} onFocus={(e) => e.currentTarget.select()} />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Fechar
          </Button>
          <Button onClick={copy}>
            <Copy aria-hidden />
            Copiar link
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
