import {
  formatDateTimeBR,
  type InventarioDetalhe,
  type InventarioItemRow,
  situacaoInventarioLabels,
} from '@erp/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CheckCheck, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadErrorAlert } from '@/components/data-table/list-states.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { inventariosApi } from '../api/estoque-api.ts';
import { estoqueKeys } from '../api/keys.ts';
import { CancelarDialog, LancarDialog } from '../components/inventario/inventario-dialogs.tsx';
import { chave, Itens } from '../components/inventario/inventario-itens.tsx';
import { LeituraCodigo } from '../components/inventario/inventario-leitura.tsx';
import { AvisoMovimentos, Resumo } from '../components/inventario/inventario-resumo.tsx';
import { situacaoVariant } from './inventarios-page.tsx';

// The count screen of an inventory (/estoque/inventarios/:id). A barcode scanner types the GTIN
// and Enter into the scan field: each read adds one base unit (or one box by its factor) to the
// product's count and the focus stays there for the next read. Counts can also be typed per item
// (Enter saves and goes to the next). The differences (contado − sistema) and their value at the
// custo médio are shown per item and in total; posting writes them all to the ledger, after a
// confirmation when the location had movements since the count was opened.

export function InventarioPage() {
  const { id = '' } = useParams();
  const qc = useQueryClient();
  const detalhe = useQuery({
    queryKey: estoqueKeys.inventario(id),
    queryFn: () => inventariosApi.get(id) as Promise<InventarioDetalhe>,
  });
  const itens = useQuery({
    queryKey: estoqueKeys.inventarioItens(id),
    queryFn: () => inventariosApi.itens(id) as Promise<InventarioItemRow[]>,
  });
  const [ultimo, setUltimo] = useState<string | null>(null);
  const [lancando, setLancando] = useState(false);
  const [cancelando, setCancelando] = useState(false);

  /** A changed item: replaced in (or added to) the list; the totals are read again. */
  const atualizaItens = (novos: InventarioItemRow[]) => {
    qc.setQueryData<InventarioItemRow[]>(estoqueKeys.inventarioItens(id), (old) => {
      const lista = [...(old ?? [])];
      for (const n of novos) {
        const i = lista.findIndex((x) => chave(x) === chave(n));
        if (i >= 0) lista[i] = n;
        else lista.push(n);
      }
      return lista;
    });
    void qc.invalidateQueries({ queryKey: estoqueKeys.inventario(id) });
  };

  const inv = detalhe.data;
  if (detalhe.isError)
    return (
      <div>
        <PageHeader title="Inventário" />
        <LoadErrorAlert
          message={detalhe.error instanceof ApiError ? detalhe.error.message : 'Não foi possível carregar.'}
          onRetry={() => void detalhe.refetch()}
        />
      </div>
    );
  if (!inv)
    return (
      <div className="grid gap-3" aria-busy>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  const aberto = inv.situacao === 'aberto';
  return (
    <div className="grid gap-4">
      <PageHeader
        title={`Inventário nº ${inv.numero}`}
        description={[
          `Local ${inv.local_nome}`,
          inv.grupo_nome ? `grupo ${inv.grupo_nome}` : 'todos os grupos',
          `aberto em ${formatDateTimeBR(inv.aberto_em)}${inv.aberto_por_nome ? ` por ${inv.aberto_por_nome}` : ''}`,
          inv.lancado_em
            ? `lançado em ${formatDateTimeBR(inv.lancado_em)}${inv.lancado_por_nome ? ` por ${inv.lancado_por_nome}` : ''}`
            : null,
        ]
          .filter(Boolean)
          .join(' · ')}
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/estoque/inventarios">
                <ArrowLeft aria-hidden />
                Inventários
              </Link>
            </Button>
            {aberto ? (
              <>
                <Button variant="outline" onClick={() => setCancelando(true)}>
                  <XCircle aria-hidden />
                  Cancelar inventário
                </Button>
                <Button onClick={() => setLancando(true)}>
                  <CheckCheck aria-hidden />
                  Lançar ajustes
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={situacaoVariant[inv.situacao]}>{situacaoInventarioLabels[inv.situacao]}</Badge>
        {inv.observacao ? <span className="text-sm text-muted-foreground">{inv.observacao}</span> : null}
      </div>
      {inv.movimentos_posteriores ? <AvisoMovimentos /> : null}
      <Resumo inv={inv} />
      {aberto ? (
        <LeituraCodigo
          id={id}
          onLido={(l) => {
            atualizaItens([l.item]);
            setUltimo(chave(l.item));
          }}
        />
      ) : null}
      <Itens
        id={id}
        aberto={aberto}
        itens={itens}
        destaque={ultimo}
        onSalvo={(novos) => {
          qc.setQueryData(estoqueKeys.inventarioItens(id), novos);
          void qc.invalidateQueries({ queryKey: estoqueKeys.inventario(id) });
        }}
      />
      {lancando ? <LancarDialog inv={inv} onClose={() => setLancando(false)} /> : null}
      {cancelando ? <CancelarDialog inv={inv} onClose={() => setCancelando(false)} /> : null}
    </div>
  );
}
