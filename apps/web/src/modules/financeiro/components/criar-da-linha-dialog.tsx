import {
  type CriarDaLinha,
  criarDaLinhaSchema,
  formatBRL,
  formatDateBR,
  formatDocumento,
  type LinhaConciliacaoRow,
  type NovoTituloDaLinha,
  type TipoTituloDaLinha,
} from '@erp/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { FieldGroup, SelectField, TextField, useFieldError } from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import type { RecordForm } from '@/components/forms/use-record-form.ts';
import { FormField } from '@/components/ui/form-field.tsx';
import { api, unwrap } from '@/lib/api-client.ts';
import { financeiroKeys } from '../api/keys.ts';
import { useClassesOpcoes } from '../api/queries.ts';
import { PessoaBusca, type PessoaOpcao } from './pessoa-busca.tsx';

// «Criar título» from an unmatched statement line (issue 29): the server pre-fills the dialog from
// the line (GET …/novo-titulo: the customer or supplier the memo names by CNPJ/CPF or name, the
// classe that person's títulos take, the memo as the description, a fee's bank) and the user
// confirms or changes it; the same shared schema as the server requires the person and the classe.

const linhas = api.financeiro['conciliacao-bancaria'].linhas[':id'];

export const tituloDaLinhaApi = {
  novo: (id: string) => unwrap(linhas['novo-titulo'].$get({ param: { id } })) as Promise<NovoTituloDaLinha>,
  criar: (id: string, json: CriarDaLinha) =>
    unwrap(linhas.criar.$post({ param: { id }, json: json as never })) as Promise<{ id: string }>,
};

export const tituloDaLinhaTitulos: Record<TipoTituloDaLinha, string> = {
  receber: 'Criar título a receber',
  pagar: 'Criar título a pagar',
  tarifa: 'Criar tarifa',
};

const motivoSugestao = { documento: 'CPF/CNPJ no histórico', nome: 'nome no histórico' } as const;

export function CriarDaLinhaDialog({
  linha,
  onClose,
}: {
  linha: LinhaConciliacaoRow;
  onClose(savedId?: string): void;
}) {
  const qc = useQueryClient();
  const novo = useQuery({
    queryKey: [...financeiroKeys.all, 'conciliacao', 'novo-titulo', linha.id],
    queryFn: () => tituloDaLinhaApi.novo(linha.id),
    staleTime: 0,
  });
  const n = novo.data;
  const record: RecordForm = useMemo(
    () => ({
      values: n
        ? {
            tipo: n.tipo,
            cliente_id: n.tipo === 'receber' ? (n.pessoa?.id ?? '') : '',
            fornecedor_id: n.tipo === 'pagar' ? (n.pessoa?.id ?? '') : '',
            descricao: n.descricao,
            classe_financeira_id: n.classe_financeira_id ?? '',
          }
        : null,
      loading: novo.isPending,
      save: async (data: unknown) => {
        await tituloDaLinhaApi.criar(linha.id, data as CriarDaLinha);
        await qc.invalidateQueries({ queryKey: financeiroKeys.all });
        return { id: linha.id };
      },
      reload: async () => (await novo.refetch()).data ?? {},
    }),
    [n, novo.isPending],
  );
  const credito = !linha.valor.startsWith('-');
  return (
    <RegisterFormDialog
      title={
        n ? tituloDaLinhaTitulos[n.tipo] : credito ? tituloDaLinhaTitulos.receber : 'Criar título a pagar'
      }
      description={`Linha de ${formatDateBR(linha.data)} · ${formatBRL(linha.valor)} · ${linha.memo || '(sem histórico)'}. O título é criado com vencimento e baixa na data da linha e conciliado com ela.`}
      schema={criarDaLinhaSchema}
      record={record}
      onClose={onClose}
      successMessage="Título criado e conciliado com a linha do extrato."
      submitLabel="Criar e conciliar"
    >
      {n ? <Campos novo={n} credito={credito} /> : null}
    </RegisterFormDialog>
  );
}

function Campos({ novo, credito }: { novo: NovoTituloDaLinha; credito: boolean }) {
  const tipo = (useWatch({ name: 'tipo' }) as TipoTituloDaLinha | undefined) ?? novo.tipo;
  const classes = useClassesOpcoes(tipo === 'receber' ? 'receber' : 'pagar');
  return (
    <FieldGroup title="Título">
      {credito ? null : (
        <SelectField
          name="tipo"
          label="Tipo"
          required
          className="sm:col-span-2"
          options={[
            { value: 'pagar', label: 'Título a pagar (fornecedor)' },
            { value: 'tarifa', label: 'Tarifa bancária' },
          ]}
        />
      )}
      {tipo === 'tarifa' ? (
        <FormField label="Favorecido" className="sm:col-span-2" hint="O banco da conta">
          <output className="flex h-9 items-center text-sm">{novo.favorecido ?? 'Banco'}</output>
        </FormField>
      ) : (
        <PessoaCampo
          key={tipo}
          tipo={tipo}
          inicial={novo.tipo === tipo ? novo.pessoa : null}
          motivo={novo.tipo === tipo && novo.pessoa ? motivoSugestao[novo.pessoa.motivo] : null}
        />
      )}
      <TextField
        name="descricao"
        label="Descrição"
        required
        maxLength={200}
        className="sm:col-span-2 lg:col-span-4"
      />
      <SelectField
        name="classe_financeira_id"
        label="Classe financeira"
        required
        emptyLabel="Selecione"
        className="sm:col-span-2"
        options={classes}
      />
      <FormField label="Valor" className="sm:col-span-2">
        <output className="flex h-9 items-center text-sm tabular-nums">{formatBRL(novo.valor)}</output>
      </FormField>
    </FieldGroup>
  );
}

/** The customer (receber) or supplier (pagar), pre-selected with the one the memo names. */
function PessoaCampo({
  tipo,
  inicial,
  motivo,
}: {
  tipo: 'receber' | 'pagar';
  inicial: PessoaOpcao | null;
  motivo: string | null;
}) {
  const { control, setValue } = useFormContext();
  const name = tipo === 'receber' ? 'cliente_id' : 'fornecedor_id';
  const error = useFieldError(name);
  const [pessoa, setPessoa] = useState<PessoaOpcao | null>(inicial);
  const sugerida = motivo && pessoa && inicial && pessoa.id === inicial.id;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormField
          label={tipo === 'receber' ? 'Cliente' : 'Fornecedor'}
          required
          error={error}
          hint={
            sugerida
              ? `Sugerido pelo ${motivo}: ${formatDocumento(inicial.documento)}`
              : 'Busque pelo nome ou CPF/CNPJ'
          }
          className="sm:col-span-2"
        >
          <PessoaBusca
            tipo={tipo}
            ref={field.ref}
            name={field.name}
            selecionada={pessoa}
            onPick={(p) => {
              setPessoa(p);
              field.onChange(p?.id ?? '');
              // the other side's person never goes with this kind
              setValue(tipo === 'receber' ? 'fornecedor_id' : 'cliente_id', '');
            }}
            onBlur={field.onBlur}
          />
        </FormField>
      )}
    />
  );
}
