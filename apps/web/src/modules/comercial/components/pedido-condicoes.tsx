import {
  businessToday,
  MODALIDADES_FRETE,
  modalidadeFreteLabels,
  TIPOS_DESCONTO,
  tipoDescontoLabels,
} from '@erp/shared';
import { DateInput } from '@/components/ui/date-input.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input, Textarea } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { useOpcoes } from '@/modules/cadastros/api/opcoes.ts';
import { useOpcoesPedido } from './opcoes-pedido.ts';
import { usePainelCliente } from './painel-cliente.tsx';
import { Secao, SelectOpcoes } from './pedido-secao.tsx';
import type { Cabecalho } from './rascunho-pedido.ts';

// The order's commercial conditions: seller (the customer's by default), condição and forma de
// pagamento, price table, delivery date, freight, the order's discount and the two notes.

export function CondicoesComerciais({
  cabecalho,
  clienteId,
  editavel,
  erroCampo,
  onChange,
}: {
  cabecalho: Cabecalho;
  clienteId: string | null;
  editavel: boolean;
  erroCampo(campo: string): string | undefined;
  onChange(patch: Partial<Cabecalho>): void;
}) {
  const vendedores = useOpcoes('vendedores');
  const opcoes = useOpcoesPedido();
  // the customer's seller is the default
  const vendedorDoCliente = usePainelCliente(clienteId).data?.vendedor ?? null;
  return (
    <Secao titulo="Condições comerciais">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <FormField label="Vendedor" error={erroCampo('vendedor_id')}>
          <NativeSelect
            disabled={!editavel}
            value={cabecalho.vendedor_id}
            onChange={(e) => onChange({ vendedor_id: e.target.value })}
          >
            <option value="">
              {vendedorDoCliente ? `Do cliente (${vendedorDoCliente.nome})` : 'Do cliente'}
            </option>
            {vendedores
              .filter((v) => v.ativo || v.id === cabecalho.vendedor_id)
              .map((v) => (
                <option key={v.id} value={v.id}>
                  {v.nome}
                </option>
              ))}
          </NativeSelect>
        </FormField>
        <SelectOpcoes
          label="Condição de pagamento"
          erro={erroCampo('condicao_pagamento_id')}
          disabled={!editavel}
          value={cabecalho.condicao_pagamento_id}
          opcoes={opcoes.condicoes}
          vazio="Selecione"
          onChange={(v) => onChange({ condicao_pagamento_id: v })}
        />
        <SelectOpcoes
          label="Forma de pagamento"
          erro={erroCampo('forma_pagamento_id')}
          disabled={!editavel}
          value={cabecalho.forma_pagamento_id}
          opcoes={opcoes.formas}
          vazio="Selecione"
          onChange={(v) => onChange({ forma_pagamento_id: v })}
        />
        <SelectOpcoes
          label="Tabela de preços"
          erro={erroCampo('tabela_preco_id')}
          disabled={!editavel}
          value={cabecalho.tabela_preco_id}
          opcoes={opcoes.tabelas}
          vazio="Automática (a do cliente)"
          onChange={(v) => onChange({ tabela_preco_id: v })}
        />
        <FormField label="Data de entrega" error={erroCampo('data_entrega')}>
          <DateInput
            disabled={!editavel}
            value={cabecalho.data_entrega}
            min={businessToday()}
            onChange={(v) => onChange({ data_entrega: v })}
          />
        </FormField>
        <FormField label="Modalidade de frete" error={erroCampo('modalidade_frete')}>
          <NativeSelect
            disabled={!editavel}
            value={cabecalho.modalidade_frete}
            onChange={(e) => onChange({ modalidade_frete: e.target.value })}
          >
            {MODALIDADES_FRETE.map((m) => (
              <option key={m} value={m}>
                {m} - {modalidadeFreteLabels[m]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Frete (R$)" error={erroCampo('frete')}>
          <Input
            inputMode="decimal"
            autoComplete="off"
            className="text-right tabular-nums"
            readOnly={!editavel}
            value={cabecalho.frete}
            onChange={(e) => onChange({ frete: e.target.value })}
          />
        </FormField>
        <FormField label="Desconto do pedido" error={erroCampo('desconto')}>
          <Input
            inputMode="decimal"
            autoComplete="off"
            className="text-right tabular-nums"
            readOnly={!editavel}
            value={cabecalho.desconto}
            onChange={(e) => onChange({ desconto: e.target.value })}
          />
        </FormField>
        <FormField label="Desconto do pedido em">
          <NativeSelect
            disabled={!editavel}
            value={cabecalho.desconto_tipo}
            onChange={(e) => onChange({ desconto_tipo: e.target.value as Cabecalho['desconto_tipo'] })}
          >
            {TIPOS_DESCONTO.map((t) => (
              <option key={t} value={t}>
                {tipoDescontoLabels[t]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label="Observações internas"
          className="sm:col-span-2 lg:col-span-3"
          error={erroCampo('observacoes_internas')}
        >
          <Textarea
            rows={2}
            maxLength={2000}
            readOnly={!editavel}
            value={cabecalho.observacoes_internas}
            onChange={(e) => onChange({ observacoes_internas: e.target.value })}
          />
        </FormField>
        <FormField
          label="Observações para a nota"
          className="sm:col-span-2 lg:col-span-3"
          error={erroCampo('observacoes_nota')}
        >
          <Textarea
            rows={2}
            maxLength={2000}
            readOnly={!editavel}
            value={cabecalho.observacoes_nota}
            onChange={(e) => onChange({ observacoes_nota: e.target.value })}
          />
        </FormField>
      </div>
    </Secao>
  );
}
