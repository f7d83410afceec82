import { type CarteiraCobrancaRow, carteiraCobrancaSchema, layoutCnabLabels } from '@erp/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  DecimalField,
  decimalText,
  FieldGroup,
  SelectField,
  SwitchField,
  TextField,
} from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import type { RecordForm } from '@/components/forms/use-record-form.ts';
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
import { ApiError } from '@/lib/api-client.ts';
import { type BancoCobranca, type CampoCarteira, cobrancaApi, cobrancaKeys } from '../api/cobranca-api.ts';
import { useClassesOpcoes } from '../api/queries.ts';

// "Cobrança registrada" of a bank account (issue 31): the carteira the boletos are registered in.
// The bank's own fields (agência, conta, carteira, convênio, posto, código de transmissão…) come
// from the server with their labels and sizes: only those the account's bank uses are shown. The
// layout is one of the bank's; juros, multa, desconto, protesto and baixa automática are the
// defaults every boleto of the carteira carries.

const CAMPOS: readonly CampoCarteira[] = [
  'agencia',
  'agencia_dv',
  'conta',
  'conta_dv',
  'carteira',
  'variacao',
  'convenio',
  'posto',
  'codigo_transmissao',
];
const MENSAGENS = 4;

/** The bank account (its row in Contas Bancárias): a new carteira starts from its agência, conta,
 * carteira and convênio. */
type Conta = {
  id: string;
  nome: string;
  banco_codigo: string | null;
  banco_nome: string | null;
  agencia?: string | null;
  agencia_digito?: string | null;
  conta?: string | null;
  conta_digito?: string | null;
  carteira?: string | null;
  convenio?: string | null;
};

function valoresDoForm(carteira: CarteiraCobrancaRow | null, banco: BancoCobranca, conta: Conta) {
  const msgs = carteira?.mensagens ?? [];
  const opcoes = banco.campos.carteira?.valores;
  const carteiraDaConta =
    conta.carteira && (!opcoes?.length || opcoes.includes(conta.carteira)) ? conta.carteira : null;
  return {
    agencia: carteira?.agencia ?? conta.agencia ?? '',
    agencia_dv: carteira?.agencia_dv ?? conta.agencia_digito ?? '',
    conta: carteira?.conta ?? conta.conta ?? '',
    conta_dv: carteira?.conta_dv ?? conta.conta_digito ?? '',
    carteira: carteira?.carteira ?? carteiraDaConta ?? opcoes?.[0] ?? '',
    variacao: carteira?.variacao ?? '',
    convenio: carteira?.convenio ?? conta.convenio ?? '',
    posto: carteira?.posto ?? '',
    codigo_transmissao: carteira?.codigo_transmissao ?? '',
    layout: carteira?.layout ?? banco.layouts[0] ?? 'cnab240',
    proximo_nosso_numero: String(carteira?.proximo_nosso_numero ?? 1),
    proximo_nsa: String(carteira?.proximo_nsa ?? 1),
    multa_percentual: decimalText(carteira?.multa_percentual ?? '0', 'percent'),
    juros_mes_percentual: decimalText(carteira?.juros_mes_percentual ?? '0', 'percent'),
    desconto_percentual: decimalText(carteira?.desconto_percentual ?? '0', 'percent'),
    dias_protesto: carteira?.dias_protesto == null ? '' : String(carteira.dias_protesto),
    dias_baixa: carteira?.dias_baixa == null ? '' : String(carteira.dias_baixa),
    mensagens: Array.from({ length: MENSAGENS }, (_, i) => msgs[i] ?? ''),
    classe_tarifa_id: carteira?.classe_tarifa_id ?? '',
    ativa: carteira?.ativa ?? true,
    padrao: carteira?.padrao ?? false,
  };
}

/** The dialog of an account's carteira: the form, or why the account cannot have one. */
export function CarteiraCobrancaDialog({
  conta,
  onClose,
}: {
  conta: Conta;
  onClose(savedId?: string): void;
}) {
  const qc = useQueryClient();
  const classesDespesa = useClassesOpcoes('pagar');
  const dados = useQuery({
    queryKey: cobrancaKeys.daConta(conta.id),
    queryFn: () => cobrancaApi.daConta(conta.id),
    staleTime: 0,
  });
  const d = dados.data;
  const record: RecordForm = useMemo(
    () => ({
      values: d?.banco ? valoresDoForm(d.carteira, d.banco, conta) : null,
      loading: dados.isPending,
      save: async (data: unknown) => {
        const versao = d?.carteira ? { versao: d.carteira.versao } : {};
        const row = await cobrancaApi.salvarCarteira(conta.id, { ...(data as object), ...versao });
        await qc.invalidateQueries({ queryKey: cobrancaKeys.all });
        return { id: conta.id, row };
      },
      reload: async () => {
        const fresh = await dados.refetch();
        const f = fresh.data;
        return f?.banco ? valoresDoForm(f.carteira, f.banco, conta) : {};
      },
    }),
    [d, dados.isPending],
  );

  if (dados.isPending || dados.isError || !d?.banco) {
    return (
      <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>Cobrança registrada</DialogTitle>
            <DialogDescription>{conta.nome}</DialogDescription>
          </DialogHeader>
          {dados.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : (
            <p role={dados.isError ? 'alert' : 'status'} className="text-sm">
              {dados.isError
                ? dados.error instanceof ApiError
                  ? dados.error.message
                  : 'Não foi possível carregar a cobrança registrada da conta.'
                : `A cobrança registrada ainda não está disponível para o banco ${
                    conta.banco_codigo ? `${conta.banco_codigo} - ${conta.banco_nome ?? ''}` : 'desta conta'
                  }: os boletos desta conta não podem ser registrados por aqui.`}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => onClose()}>
              Fechar
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }

  const banco = d.banco;
  const carteira = d.carteira;
  return (
    <RegisterFormDialog
      title="Cobrança registrada"
      description={`${conta.nome} · ${banco.codigo} - ${banco.nome}. Os dados da carteira vêm do contrato de cobrança com o banco.`}
      schema={carteiraCobrancaSchema}
      record={record}
      onClose={onClose}
      successMessage={carteira ? 'Carteira atualizada com sucesso!' : 'Carteira cadastrada com sucesso!'}
      size="lg"
    >
      <FieldGroup title="Carteira">
        {CAMPOS.map((nome) => {
          const campo = banco.campos[nome];
          if (!campo) return null;
          return campo.valores?.length ? (
            <SelectField
              key={nome}
              name={nome}
              label={campo.rotulo}
              required={campo.obrigatorio}
              hint={campo.ajuda}
              options={campo.valores.map((v) => ({ value: v, label: v }))}
              {...(campo.obrigatorio ? {} : { emptyLabel: 'Nenhum' })}
            />
          ) : (
            <TextField
              key={nome}
              name={nome}
              label={campo.rotulo}
              required={campo.obrigatorio}
              hint={campo.ajuda}
              maxLength={campo.tamanho}
              autoComplete="off"
            />
          );
        })}
        <SelectField
          name="layout"
          label="Layout da remessa"
          required
          options={banco.layouts.map((l) => ({ value: l, label: layoutCnabLabels[l] }))}
        />
      </FieldGroup>
      <FieldGroup title="Numeração">
        <TextField
          name="proximo_nosso_numero"
          label="Próximo nosso número"
          required
          inputMode="numeric"
          autoComplete="off"
          hint={carteira?.ultimo_nosso_numero ? `Último usado: ${carteira.ultimo_nosso_numero}` : undefined}
        />
        <TextField
          name="proximo_nsa"
          label="Próximo NSA da remessa"
          required
          inputMode="numeric"
          autoComplete="off"
          hint={carteira?.ultimo_nsa ? `Última remessa: ${carteira.ultimo_nsa}` : 'Sequencial do arquivo'}
        />
      </FieldGroup>
      <FieldGroup title="Encargos e instruções">
        <DecimalField name="multa_percentual" label="Multa" kind="percent" hint="Após o vencimento" />
        <DecimalField name="juros_mes_percentual" label="Juros ao mês" kind="percent" />
        <DecimalField name="desconto_percentual" label="Desconto até o vencimento" kind="percent" />
        <TextField
          name="dias_protesto"
          label="Dias para protesto"
          inputMode="numeric"
          autoComplete="off"
          hint="Vazio: sem protesto"
        />
        <TextField
          name="dias_baixa"
          label="Dias para baixa automática"
          inputMode="numeric"
          autoComplete="off"
          hint="Vazio: prazo do banco"
        />
        <SelectField
          name="classe_tarifa_id"
          label="Classe das tarifas"
          emptyLabel="Não lançar"
          options={classesDespesa}
          className="sm:col-span-2"
          hint="As tarifas do retorno viram um título pago desta classe"
        />
        <SwitchField name="ativa" label="Cobrança ativa" />
        <SwitchField
          name="padrao"
          label="Carteira padrão"
          hint="Os títulos sem conta (os das NF-e) geram boleto nesta carteira"
        />
      </FieldGroup>
      <FieldGroup title="Mensagens do boleto">
        {Array.from({ length: MENSAGENS }, (_, i) => (
          <TextField
            key={i}
            name={`mensagens.${i}`}
            label={`Linha ${i + 1}`}
            maxLength={40}
            className="sm:col-span-2"
            autoComplete="off"
          />
        ))}
      </FieldGroup>
    </RegisterFormDialog>
  );
}
