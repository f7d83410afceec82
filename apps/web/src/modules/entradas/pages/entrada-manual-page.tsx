import { businessToday, Decimal, formatBRL, formatDecimalBR, itemManual, parseDecimalBR } from '@erp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Plus, Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { DateInput } from '@/components/ui/date-input.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useFornecedoresOpcoes, useOpcoesEstoque } from '@/modules/estoque/api/queries.ts';
import { formatCusto } from '@/modules/estoque/components/formato.ts';
import { ProdutoBusca, type ProdutoOpcao } from '@/modules/estoque/components/pickers.tsx';
import { entradasApi, entradasKeys } from '../api/entradas-api.ts';
import { textoEmbalagem } from '../components/conversao.ts';

// Nova entrada manual (/estoque/entradas/nova): a receipt without XML — supplier, document number,
// série and date, typed items (product, packaging, quantity in that packaging, cost of one
// packaging, location, lot and validade for a lot-controlled product) and the payables (a condição
// or typed parcelas). Saved as a rascunho, it opens on the receipt screen, which confere and lança
// it like an imported note. Each line previews its base quantity and unit cost (shared itemManual).

type Linha = {
  chave: number;
  produto: ProdutoOpcao | null;
  embalagem: string;
  quantidade: string;
  custo: string;
  local: string;
  lote: string;
  validade: string;
};
type Parcela = { numero: string; vencimento: string; valor: string };

let proxima = 0;
const novaLinha = (): Linha => ({
  chave: ++proxima,
  produto: null,
  embalagem: '',
  quantidade: '',
  custo: '',
  local: '',
  lote: '',
  validade: '',
});

/** The packaging a new line starts with: the product's purchase default, else its base unit. */
function embalagemInicial(p: ProdutoOpcao): string {
  return (
    (p.embalagens.find((e) => e.padrao_compra) ?? p.embalagens.find((e) => e.unidade === p.unidade))?.id ?? ''
  );
}

function previa(l: Linha) {
  if (!l.produto) return null;
  const emb = l.produto.embalagens.find((e) => e.id === l.embalagem);
  const q = parseDecimalBR(l.quantidade, 3);
  const c = parseDecimalBR(l.custo, 4);
  if (!q || !c || q === '0.000') return null;
  try {
    return {
      ...itemManual(q, emb?.fator ?? '1', c),
      unidade: emb?.unidade ?? l.produto.unidade,
      fator: emb?.fator ?? '1',
    };
  } catch {
    return null;
  }
}

export function EntradaManualPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const fornecedores = useFornecedoresOpcoes();
  const locais = useOpcoesEstoque('locais').filter((l) => l.ativo);
  const condicoes =
    useQuery({
      queryKey: ['entradas', 'condicoes-pagamento'],
      queryFn: async () => (await entradasApi.condicoes()).items,
      staleTime: 60_000,
    }).data ?? [];
  const [fornecedor, setFornecedor] = useState('');
  const [numero, setNumero] = useState('');
  const [serie, setSerie] = useState('');
  const [emissao, setEmissao] = useState(businessToday());
  const [localPadrao, setLocalPadrao] = useState('');
  const [condicao, setCondicao] = useState('');
  const [observacoes, setObservacoes] = useState('');
  const [linhas, setLinhas] = useState<Linha[]>([novaLinha()]);
  const [parcelas, setParcelas] = useState<Parcela[]>([]);
  const [erros, setErros] = useState<Record<string, string>>({});
  // an edited field drops its error (the rest stay until the next submit)
  const limpa = (...campos: string[]) =>
    setErros((e) =>
      campos.some((c) => c in e)
        ? Object.fromEntries(Object.entries(e).filter(([k]) => !campos.includes(k)))
        : e,
    );
  const nomes: Record<string, string> = {
    produto: 'produto_id',
    embalagem: 'embalagem_id',
    quantidade: 'quantidade',
    custo: 'custo_unitario',
    local: 'local_id',
    lote: 'lotes.0.numero',
    validade: 'lotes.0.validade',
  };
  const muda = (chave: number, m: Partial<Linha>) => {
    const i = linhas.findIndex((l) => l.chave === chave);
    limpa(...Object.keys(m).flatMap((k) => (nomes[k] ? [`itens.${i}.${nomes[k]}`] : [])));
    setLinhas((ls) => ls.map((l) => (l.chave === chave ? { ...l, ...m } : l)));
  };
  const previas = linhas.map(previa);
  const total = previas.every((p) => p) ? Decimal.sum(previas.map((p) => p!.total)).toFixed(2) : null;

  const salvar = useMutation({
    mutationFn: () =>
      entradasApi.manual({
        fornecedor_id: fornecedor,
        numero: numero || undefined,
        serie: serie || undefined,
        emissao,
        local_id: localPadrao || null,
        condicao_pagamento_id: condicao || null,
        observacoes: observacoes || null,
        itens: linhas.map((l, i) => {
          const p = previas[i];
          return {
            produto_id: l.produto?.id ?? '',
            embalagem_id: l.embalagem || null,
            quantidade: l.quantidade,
            custo_unitario: l.custo,
            local_id: l.local || null,
            ...(l.produto?.controla_lote
              ? {
                  lotes: [
                    {
                      numero: l.lote,
                      quantidade: p?.quantidadeBase ?? l.quantidade,
                      validade: l.validade || null,
                    },
                  ],
                }
              : {}),
          };
        }),
        ...(parcelas.length ? { duplicatas: parcelas } : {}),
      } as never),
    onSuccess: async (e) => {
      await qc.invalidateQueries({ queryKey: entradasKeys.all });
      toast.success('Entrada manual criada. Confira e lance.');
      navigate(`/estoque/entradas/${e.id}`);
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        setErros(Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, v[0] ?? ''])));
        toast.error(err.message);
      } else toast.error('Erro ao salvar. Tente novamente.');
    },
  });

  const valida = (): boolean => {
    const e: Record<string, string> = {};
    if (!fornecedor) e.fornecedor_id = 'Escolha o fornecedor';
    if (!emissao) e.emissao = 'Informe a emissão';
    linhas.forEach((l, i) => {
      if (!l.produto) e[`itens.${i}.produto_id`] = 'Escolha o produto';
      if (!parseDecimalBR(l.quantidade, 3) || parseDecimalBR(l.quantidade, 3) === '0.000')
        e[`itens.${i}.quantidade`] = 'Informe a quantidade';
      if (!parseDecimalBR(l.custo, 4)) e[`itens.${i}.custo_unitario`] = 'Informe o custo';
      if (l.produto?.controla_lote) {
        if (!l.lote.trim()) e[`itens.${i}.lotes.0.numero`] = 'Informe o lote';
        if (!l.validade) e[`itens.${i}.lotes.0.validade`] = 'Informe a validade';
      }
    });
    if (!parcelas.length && !condicao) e.condicao_pagamento_id = 'Escolha a condição ou informe as parcelas';
    setErros(e);
    return Object.keys(e).length === 0;
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Nova entrada manual"
        description="Mercadoria recebida sem XML: digite os itens; a entrada segue a mesma conferência e o mesmo lançamento de uma NF-e importada."
        actions={
          <Button variant="outline" asChild>
            <Link to="/estoque/entradas">
              <ArrowLeft aria-hidden />
              Entradas
            </Link>
          </Button>
        }
      />
      <form
        aria-label="Nova entrada manual"
        className="grid gap-6"
        onSubmit={(ev) => {
          ev.preventDefault();
          if (valida()) salvar.mutate();
        }}
      >
        <section aria-label="Documento" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <FormField label="Fornecedor" required error={erros.fornecedor_id} className="sm:col-span-2">
            <NativeSelect
              value={fornecedor}
              onChange={(ev) => {
                setFornecedor(ev.target.value);
                limpa('fornecedor_id');
              }}
            >
              <option value="">Selecione</option>
              {fornecedores.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.nome}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Número do documento" error={erros.numero}>
            <Input inputMode="numeric" value={numero} onChange={(ev) => setNumero(ev.target.value)} />
          </FormField>
          <FormField label="Série" error={erros.serie}>
            <Input inputMode="numeric" value={serie} onChange={(ev) => setSerie(ev.target.value)} />
          </FormField>
          <FormField label="Emissão" required error={erros.emissao}>
            <DateInput
              value={emissao}
              onChange={(v) => {
                setEmissao(v);
                limpa('emissao');
              }}
            />
          </FormField>
          <FormField label="Local de entrada" error={erros.local_id} hint="Cada item pode ter o seu">
            <NativeSelect value={localPadrao} onChange={(ev) => setLocalPadrao(ev.target.value)}>
              <option value="">Local padrão do estoque</option>
              {locais.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.nome}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Observações" error={erros.observacoes} className="sm:col-span-2">
            <Input value={observacoes} maxLength={2000} onChange={(ev) => setObservacoes(ev.target.value)} />
          </FormField>
        </section>

        <section aria-label="Itens" className="grid gap-3">
          <h2 className="text-base font-semibold">Itens</h2>
          {linhas.map((l, i) => {
            const p = previas[i];
            const err = (c: string) => erros[`itens.${i}.${c}`];
            return (
              <fieldset
                key={l.chave}
                aria-label={`Item ${i + 1}`}
                className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-2 lg:grid-cols-[minmax(14rem,2fr)_9rem_7rem_8rem_minmax(9rem,1fr)_auto]"
              >
                <FormField label={`Produto do item ${i + 1}`} required error={err('produto_id')}>
                  <ProdutoBusca
                    value={l.produto}
                    onPick={(prod) =>
                      muda(l.chave, {
                        produto: prod,
                        embalagem: prod ? embalagemInicial(prod) : '',
                        custo:
                          prod && !l.custo && Number(prod.custo_medio) > 0
                            ? formatDecimalBR(
                                itemManual(
                                  '1',
                                  prod.embalagens.find((e) => e.id === embalagemInicial(prod))?.fator ?? '1',
                                  prod.custo_medio,
                                ).total,
                                2,
                              )
                            : l.custo,
                      })
                    }
                  />
                </FormField>
                <FormField label="Embalagem" error={err('embalagem_id')}>
                  <NativeSelect
                    value={l.embalagem}
                    disabled={!l.produto}
                    onChange={(ev) => muda(l.chave, { embalagem: ev.target.value })}
                  >
                    {l.produto && !l.produto.embalagens.some((e) => e.unidade === l.produto!.unidade) ? (
                      <option value="">{l.produto.unidade}</option>
                    ) : null}
                    {!l.produto ? <option value="">—</option> : null}
                    {(l.produto?.embalagens ?? []).map((e) => (
                      <option key={e.id} value={e.id}>
                        {textoEmbalagem(e, l.produto!.unidade)}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
                <FormField label="Quantidade" required error={err('quantidade')}>
                  <Input
                    inputMode="decimal"
                    value={l.quantidade}
                    onChange={(ev) => muda(l.chave, { quantidade: ev.target.value })}
                  />
                </FormField>
                <FormField label="Custo unitário" required error={err('custo_unitario')} hint="Por embalagem">
                  <Input
                    inputMode="decimal"
                    value={l.custo}
                    onChange={(ev) => muda(l.chave, { custo: ev.target.value })}
                  />
                </FormField>
                <FormField label="Local" error={err('local_id')}>
                  <NativeSelect value={l.local} onChange={(ev) => muda(l.chave, { local: ev.target.value })}>
                    <option value="">Local da entrada</option>
                    {locais.map((x) => (
                      <option key={x.id} value={x.id}>
                        {x.nome}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
                <div className="flex items-end">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remover o item ${i + 1}`}
                    disabled={linhas.length === 1}
                    onClick={() => setLinhas((ls) => ls.filter((x) => x.chave !== l.chave))}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
                {l.produto?.controla_lote ? (
                  <>
                    <FormField label="Lote" required error={err('lotes.0.numero')}>
                      <Input value={l.lote} onChange={(ev) => muda(l.chave, { lote: ev.target.value })} />
                    </FormField>
                    <FormField label="Validade" required error={err('lotes.0.validade')}>
                      <DateInput value={l.validade} onChange={(v) => muda(l.chave, { validade: v })} />
                    </FormField>
                  </>
                ) : null}
                <p
                  className="text-sm text-muted-foreground tabular-nums sm:col-span-2 lg:col-span-6"
                  data-testid={`previa-${i + 1}`}
                >
                  {p && l.produto
                    ? `${formatDecimalBR(parseDecimalBR(l.quantidade, 3)!, 0)} ${p.unidade} × ${formatDecimalBR(p.fator, 0)} = ${formatDecimalBR(p.quantidadeBase, 0)} ${l.produto.unidade} · total ${formatBRL(p.total)} · ${formatCusto(p.custoUnitario)} / ${l.produto.unidade}`
                    : 'Escolha o produto e informe quantidade e custo.'}
                </p>
              </fieldset>
            );
          })}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Button type="button" variant="outline" onClick={() => setLinhas((ls) => [...ls, novaLinha()])}>
              <Plus aria-hidden />
              Adicionar item
            </Button>
            <p className="text-sm">
              Total da entrada: <strong className="tabular-nums">{total ? formatBRL(total) : '—'}</strong>
            </p>
          </div>
        </section>

        <section aria-label="Contas a pagar" className="grid gap-3">
          <h2 className="text-base font-semibold">Contas a pagar</h2>
          <FormField
            label="Condição de pagamento"
            error={erros.condicao_pagamento_id}
            hint="Ou informe as parcelas abaixo"
            className="max-w-sm"
          >
            <NativeSelect
              value={condicao}
              onChange={(ev) => {
                setCondicao(ev.target.value);
                limpa('condicao_pagamento_id');
              }}
            >
              <option value="">Selecione</option>
              {condicoes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.nome}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {parcelas.map((d, i) => (
            <div key={i} className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[8rem_10rem_10rem_auto]">
              <FormField label={`Parcela ${i + 1}`} error={erros[`duplicatas.${i}.numero`]}>
                <Input
                  value={d.numero}
                  onChange={(ev) =>
                    setParcelas(parcelas.map((x, j) => (j === i ? { ...x, numero: ev.target.value } : x)))
                  }
                />
              </FormField>
              <FormField label="Vencimento" error={erros[`duplicatas.${i}.vencimento`]}>
                <DateInput
                  value={d.vencimento}
                  onChange={(v) =>
                    setParcelas(parcelas.map((x, j) => (j === i ? { ...x, vencimento: v } : x)))
                  }
                />
              </FormField>
              <FormField label="Valor" error={erros[`duplicatas.${i}.valor`]}>
                <Input
                  inputMode="decimal"
                  value={d.valor}
                  onChange={(ev) =>
                    setParcelas(parcelas.map((x, j) => (j === i ? { ...x, valor: ev.target.value } : x)))
                  }
                />
              </FormField>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remover a parcela ${i + 1}`}
                onClick={() => setParcelas(parcelas.filter((_, j) => j !== i))}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          ))}
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            onClick={() => {
              limpa('condicao_pagamento_id');
              setParcelas([
                ...parcelas,
                {
                  numero: String(parcelas.length + 1),
                  vencimento: '',
                  valor: parcelas.length || !total ? '' : formatDecimalBR(total, 2),
                },
              ]);
            }}
          >
            <Plus aria-hidden />
            Adicionar parcela
          </Button>
        </section>

        <div className="flex justify-end gap-2">
          <Button variant="outline" asChild>
            <Link to="/estoque/entradas">Cancelar</Link>
          </Button>
          <Button type="submit" disabled={salvar.isPending}>
            {salvar.isPending ? <Spinner /> : <Save aria-hidden />}
            Criar entrada
          </Button>
        </div>
      </form>
    </div>
  );
}
