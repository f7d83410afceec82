import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { showApiError } from '@/modules/usuarios/api/form-errors.ts';
import { useConfiguracoesGerais, useSalvarConfiguracoesGerais } from '../api/configuracoes-api.ts';

/** General settings on the /configuracoes hub (admin only): "Permitir novos cadastros". */
export function GeneralSettings() {
  const { data, isLoading, isError } = useConfiguracoesGerais();
  const salvar = useSalvarConfiguracoesGerais();

  async function toggle(on: boolean) {
    try {
      await salvar.mutateAsync({ permitir_novos_cadastros: on });
      toast.success(
        on
          ? 'Novos cadastros permitidos: a aba "Novo cadastro" voltou à tela de entrada.'
          : 'Novos cadastros bloqueados: só entra quem for convidado.',
      );
    } catch (err) {
      showApiError(err, { fallback: 'Erro ao salvar a configuração. Tente novamente.' });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Geral</CardTitle>
        <CardDescription>Configurações que valem para todos os usuários.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? <Skeleton className="h-10 w-full" /> : null}
        {isError ? <p role="alert">Não foi possível carregar as configurações.</p> : null}
        {data ? (
          <div className="flex items-start justify-between gap-4 rounded-md border border-border p-4">
            <div className="grid gap-1">
              <Label htmlFor="permitir-novos-cadastros">Permitir novos cadastros</Label>
              <p id="permitir-novos-cadastros-dica" className="text-sm text-muted-foreground">
                Quando desligado, a aba "Novo cadastro" some da tela de entrada e o servidor recusa novos
                cadastros. Convites de usuários continuam funcionando.
              </p>
            </div>
            <Switch
              id="permitir-novos-cadastros"
              aria-describedby="permitir-novos-cadastros-dica"
              checked={data.permitir_novos_cadastros}
              disabled={salvar.isPending}
              onCheckedChange={toggle}
            />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
