import {
  addDays,
  businessToday,
  formatBRL,
  formatDateBR,
  formatDecimalBR,
  STATUS_CARGA,
  statusCargaLabels,
} from '@erp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FilePen, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { type Column, DataTable, erroDaLista } from '@/components/data-table/data-table.tsx';
import { FilterSelect } from '@/components/data-table/filter-select.tsx';
import { ListToolbar } from '@/components/data-table/list-toolbar.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { useListState } from '@/lib/list-state.ts';
import { type CargaCampos, type CargaResumo, cargasApi } from '../api/expedicao-api.ts';
import { expedicaoKeys } from '../api/keys.ts';
import { CargaCamposForm } from '../components/carga-campos.tsx';
import { JustificativaDialog } from '../components/justificativa-dialog.tsx';
import { StatusCargaBadge } from '../components/status-carga-badge.tsx';

// Gestão de Cargas (/expedicao/cargas): the loads, newest first, filtered by situação; "Nova
// carga" (saída, veículo, motorista, ajudantes, regiões) opens the assembly screen of the new load.

const columns: Column<CargaResumo>[] = [
  {
    key: 'numero',
    header: 'Carga',
    sortKey: 'numero',
    card: 'title',
    className: 'whitespace-nowrap',
    cell: (r) => (
      <Link
        to={`/expedicao/cargas/${r.id}`}
        className="font-medium tabular-nums underline-offset-4 hover:underline"
      >
        Nº {r.numero}
      </Link>
    ),
  },
  {
    key: 'data_saida_prevista',
    header: 'Saída prevista',
    sortKey: 'data_saida_prevista',
    className: 'whitespace-nowrap',
    cell: (r) => formatDateBR(r.data_saida_prevista),
  },
  { key: 'status', header: 'Situação', card: 'badge', cell: (r) => <StatusCargaBadge status={r.status} /> },
  { key: 'placa', header: 'Veículo', cell: (r) => r.placa ?? '—' },
  { key: 'motorista', header: 'Motorista', cell: (r) => r.motorista_nome ?? '—' },
  {
    key: 'pedidos',
    header: 'Pedidos',
    className: 'text-right tabular-nums',
    cell: (r) => (r.pedidos ? `${r.conferidos}/${r.pedidos} conferidos` : '0'),
  },
  {
    key: 'peso',
    header: 'Peso',
    className: 'text-right whitespace-nowrap tabular-nums',
    cell: (r) => `${formatDecimalBR(r.peso, 0)} kg`,
  },
  {
    key: 'valor',
    header: 'Valor',
    className: 'text-right whitespace-nowrap tabular-nums',
    cell: (r) => formatBRL(r.valor),
  },
];

export function CargasPage() {
  const state = useListState({ defaultSort: 'numero', defaultDir: 'desc', filterKeys: ['status'] });
  const navigate = useNavigate();
  const [nova, setNova] = useState(false);
  const list = useQuery({
    queryKey: expedicaoKeys.cargas(state.query),
    queryFn: () => cargasApi.list(state.query),
    placeholderData: keepPreviousData,
  });
  return (
    <div>
      <PageHeader
        title="Gestão de Cargas"
        description="Monte as cargas por região dentro da capacidade do veículo, imprima o mapa de separação e o romaneio."
        actions={
          <Button onClick={() => setNova(true)}>
            <Plus aria-hidden />
            Nova carga
          </Button>
        }
      />
      <ListToolbar
        state={state}
        searchPlaceholder="Buscar por número ou placa"
        filters={
          <FilterSelect
            label="Situação"
            value={state.filters.status}
            allLabel="Todas"
            options={STATUS_CARGA.map((s) => ({ value: s, label: statusCargaLabels[s] }))}
            onChange={(v) => state.setFilter('status', v)}
          />
        }
      />
      <DataTable
        caption="Cargas"
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        totalIsLowerBound={list.data?.totalIsLowerBound}
        loading={list.isFetching}
        error={erroDaLista(list, 'Não foi possível carregar as cargas.')}
        state={state}
        emptyText="Nenhuma carga encontrada."
        onRowClick={(r) => navigate(`/expedicao/cargas/${r.id}`)}
        rowActions={(r) => (
          <Button size="sm" variant="outline" asChild>
            <Link to={`/expedicao/cargas/${r.id}`} aria-label={`Abrir a carga nº ${r.numero}`}>
              <FilePen aria-hidden />
              Abrir
            </Link>
          </Button>
        )}
      />
      {nova ? (
        <NovaCargaDialog
          onClose={() => setNova(false)}
          onCreated={(id) => navigate(`/expedicao/cargas/${id}`)}
        />
      ) : null}
    </div>
  );
}

function NovaCargaDialog({ onClose, onCreated }: { onClose(): void; onCreated(id: string): void }) {
  const opcoes = useQuery({ queryKey: ['expedicao', 'opcoes'], queryFn: cargasApi.opcoes });
  const { roles } = useAuth();
  const [valor, setValor] = useState<CargaCampos>({
    data_saida_prevista: addDays(businessToday(), 1),
    veiculo_id: null,
    motorista_id: null,
    ajudantes: [],
    regioes: [],
  });
  const [enviando, setEnviando] = useState(false);
  const [recusa, setRecusa] = useState<string | null>(null);
  const cria = async (justificativa: string | null = null): Promise<string | null> => {
    setEnviando(true);
    try {
      const c = await cargasApi.create({ ...valor, justificativa });
      toast.success(`Carga nº ${c.numero} criada.`);
      onCreated(c.id);
      return null;
    } catch (err) {
      const msg = err instanceof ApiError ? err.message : 'Não foi possível criar a carga.';
      if (err instanceof ApiError && err.status === 422 && !justificativa && roles.includes('admin'))
        setRecusa(msg);
      else if (!justificativa) toast.error(msg);
      return msg;
    } finally {
      setEnviando(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Nova carga</DialogTitle>
          <DialogDescription>
            Escolha o veículo e a equipe; os pedidos entram na tela de montagem.
          </DialogDescription>
        </DialogHeader>
        <CargaCamposForm valor={valor} opcoes={opcoes.data} onChange={setValor} />
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={() => void cria()} disabled={enviando || !valor.data_saida_prevista}>
            {enviando ? <Spinner /> : null}
            Criar carga
          </Button>
        </DialogFooter>
        {recusa ? (
          <JustificativaDialog
            titulo="Liberar o motorista"
            motivo={recusa}
            acao="Criar com justificativa"
            onConfirm={(j) => cria(j)}
            onClose={() => setRecusa(null)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
