import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { showApiError } from '@/modules/usuarios/api/form-errors.ts';
import { useConfiguracoesGerais, useSalvarConfiguracoesGerais } from '../api/configuracoes-api.ts';

/** General settings on the /configuracoes hub (admin only): "Permitir novos cadastros" and dispatch's "Exigir conferência antes do faturamento". */
export function GeneralSettings() {
  const { data, isLoading, isError } = useConfiguracoesGerais();
  const salvar = useSalvarConfiguracoesGerais();

  async function toggle(on: boolean) {
    try {
      await salvar.mutateAsync({
        permitir_novos_cadastros: on,
        expedicao_exige_conferencia: data?.expedicao_exige_conferencia,
      });
      toast.success(
        on
          ? 'Novos cadastros permitidos: a aba "Novo cadastro" voltou à tela de entrada.'
          : 'Novos cadastros bloqueados: só entra quem for convidado.',
      );
    } catch (err) {
      showApiError(err, { fallback: 'Erro ao salvar a configuração. Tente novamente.' });
    }
  }

  async function toggleConferencia(on: boolean) {
    if (!data) return;
    try {
      await salvar.mutateAsync({
        permitir_novos_cadastros: data.permitir_novos_cadastros,
        expedicao_exige_conferencia: on,
      });
      toast.success(
        on
          ? 'Conferência exigida: um pedido só é faturado depois de conferido.'
          : 'Conferência não exigida: pedidos podem ser faturados sem conferência.',
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
        {data ? (
          <div className="mt-3 flex items-start justify-between gap-4 rounded-md border border-border p-4">
            <div className="grid gap-1">
              <Label htmlFor="exige-conferencia">Exigir conferência antes do faturamento</Label>
              <p id="exige-conferencia-dica" className="text-sm text-muted-foreground">
                Quando ligado, a nota fiscal de um pedido só é emitida depois da conferência cega em Expedição
                › Conferência.
              </p>
            </div>
            <Switch
              id="exige-conferencia"
              aria-describedby="exige-conferencia-dica"
              checked={data.expedicao_exige_conferencia !== false}
              disabled={salvar.isPending}
              onCheckedChange={toggleConferencia}
            />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
