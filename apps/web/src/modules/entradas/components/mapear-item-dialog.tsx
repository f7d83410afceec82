import { formatDecimalBR } from '@erp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { DateInput } from '@/components/ui/date-input.tsx';
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
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useOpcoesEstoque } from '@/modules/estoque/api/queries.ts';
import { formatCusto } from '@/modules/estoque/components/formato.ts';
import { ProdutoBusca, type ProdutoOpcao } from '@/modules/estoque/components/pickers.tsx';
import { type Entrada, entradasApi, entradasKeys, type ItemEntrada } from '../api/entradas-api.ts';
import { textoEmbalagem } from './conversao.ts';

// Identify an NF-e line: the product (searched by code, name or GTIN), the location and — for a
// lot-controlled product — its lots (from <rastro>, or typed here). The packaging follows the
// line's unit (uCom) among the product's packagings unless one is chosen; the choice is remembered
// for the supplier.

type Lote = { numero: string; quantidade: string; fabricacao: string; validade: string };

export function MapearItemDialog({
  entrada,
  item,
  onClose,
}: {
  entrada: Entrada;
  item: ItemEntrada;
  onClose(): void;
}) {
  const qc = useQueryClient();
  const locais = useOpcoesEstoque('locais');
  const uid = useId();
  const [produto, setProduto] = useState<
    | (Pick<ProdutoOpcao, 'id' | 'codigo' | 'nome' | 'controla_lote' | 'unidade'> & {
        embalagens: { id: string; unidade: string; fator: string }[];
      })
    | null
  >(
    item.produto_id
      ? {
          id: item.produto_id,
          codigo: item.produto_codigo ?? '',
          nome: item.produto_nome ?? '',
          controla_lote: item.controla_lote,
          unidade: item.unidade_base ?? '',
          embalagens: item.embalagens,
        }
      : null,
  );
  const [embalagem, setEmbalagem] = useState(item.embalagem_id ?? '');
  const [local, setLocal] = useState(item.local_id ?? '');
  const [lotes, setLotes] = useState<Lote[]>(
    item.lotes.map((l) => ({
      numero: l.numero,
      quantidade: formatDecimalBR(l.quantidade, 0),
      fabricacao: l.fabricacao ?? '',
      validade: l.validade ?? '',
    })),
  );
  const [erros, setErros] = useState<Record<string, string>>({});
  const salvar = useMutation({
    mutationFn: () =>
      entradasApi.mapearItem(entrada.id, item.id, {
        produto_id: produto?.id ?? '',
        embalagem_id: embalagem || null,
        local_id: local || null,
        ...(produto?.controla_lote
          ? {
              lotes: lotes.map((l) => ({
                numero: l.numero,
                quantidade: l.quantidade,
                fabricacao: l.fabricacao || null,
                validade: l.validade || null,
              })),
            }
          : {}),
      } as never),
    onSuccess: async (e) => {
      qc.setQueryData(entradasKeys.get(entrada.id), e);
      await qc.invalidateQueries({ queryKey: entradasKeys.all });
      toast.success('Item identificado.');
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        setErros(Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, v[0] ?? ''])));
        toast.error(err.message);
      } else toast.error('Erro ao salvar. Tente novamente.');
    },
  });
  const editavel = entrada.status === 'rascunho' || entrada.status === 'conferida';
  return (
    <Dialog open onOpenChange={(o) => (o || salvar.isPending ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Item {item.n_item}: identificar o produto</DialogTitle>
          <DialogDescription>
            {item.c_prod} — {item.x_prod} · {formatDecimalBR(item.q_com, 0)} {item.u_com} ×{' '}
            {formatCusto(item.v_un_com)}
            {item.c_ean && /^\d+$/.test(item.c_ean) ? ` · GTIN ${item.c_ean}` : ''}
          </DialogDescription>
        </DialogHeader>
        <form
          id={`${uid}-f`}
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(ev) => {
            ev.preventDefault();
            if (!produto) {
              setErros({ produto_id: 'Escolha o produto' });
              return;
            }
            salvar.mutate();
          }}
        >
          <FormField label="Produto" required error={erros.produto_id} className="sm:col-span-2">
            <ProdutoBusca
              value={produto}
              aria-label="Produto"
              onPick={(p) => {
                setProduto(p);
                setEmbalagem('');
                setErros({});
                if (p?.controla_lote && lotes.length === 0)
                  setLotes([
                    {
                      numero: '',
                      quantidade: formatDecimalBR(item.quantidade_base ?? item.q_com, 0),
                      fabricacao: '',
                      validade: '',
                    },
                  ]);
              }}
            />
          </FormField>
          {produto?.embalagens.length ? (
            <FormField
              label="Embalagem"
              error={erros.embalagem_id}
              hint={`Na nota: ${formatDecimalBR(item.q_com, 0)} ${item.u_com}`}
            >
              <NativeSelect value={embalagem} onChange={(ev) => setEmbalagem(ev.target.value)}>
                <option value="">Pela unidade da nota ({item.u_com})</option>
                {produto.embalagens.map((x) => (
                  <option key={x.id} value={x.id}>
                    {textoEmbalagem(x, produto.unidade)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          ) : null}
          <FormField label="Local" error={erros.local_id} hint="Vazio: o local padrão da entrada">
            <NativeSelect value={local} onChange={(ev) => setLocal(ev.target.value)}>
              <option value="">Local padrão da entrada</option>
              {locais
                .filter((l) => l.ativo)
                .map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.nome}
                  </option>
                ))}
            </NativeSelect>
          </FormField>
          {produto?.controla_lote ? (
            <fieldset className="grid gap-2 sm:col-span-2">
              <legend className="mb-1 text-sm font-medium">Lotes (quantidade na unidade base)</legend>
              {lotes.map((l, i) => (
                <div
                  key={i}
                  className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_7rem_9rem_9rem_auto]"
                >
                  <FormField label="Lote" error={erros[`lotes.${i}.numero`]}>
                    <Input
                      value={l.numero}
                      onChange={(ev) =>
                        setLotes(lotes.map((x, j) => (j === i ? { ...x, numero: ev.target.value } : x)))
                      }
                    />
                  </FormField>
                  <FormField label="Quantidade" error={erros[`lotes.${i}.quantidade`]}>
                    <Input
                      inputMode="decimal"
                      value={l.quantidade}
                      onChange={(ev) =>
                        setLotes(lotes.map((x, j) => (j === i ? { ...x, quantidade: ev.target.value } : x)))
                      }
                    />
                  </FormField>
                  <FormField label="Fabricação">
                    <DateInput
                      value={l.fabricacao}
                      onChange={(v) => setLotes(lotes.map((x, j) => (j === i ? { ...x, fabricacao: v } : x)))}
                    />
                  </FormField>
                  <FormField label="Validade" error={erros[`lotes.${i}.validade`]}>
                    <DateInput
                      value={l.validade}
                      onChange={(v) => setLotes(lotes.map((x, j) => (j === i ? { ...x, validade: v } : x)))}
                    />
                  </FormField>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remover o lote ${i + 1}`}
                    onClick={() => setLotes(lotes.filter((_, j) => j !== i))}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              ))}
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() =>
                  setLotes([...lotes, { numero: '', quantidade: '', fabricacao: '', validade: '' }])
                }
              >
                <Plus aria-hidden />
                Adicionar lote
              </Button>
            </fieldset>
          ) : null}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={salvar.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form={`${uid}-f`} disabled={salvar.isPending || !editavel}>
            {salvar.isPending ? <Spinner /> : null}
            Salvar item
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
