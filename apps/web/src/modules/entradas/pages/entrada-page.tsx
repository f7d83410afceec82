import { formatDateBR, formatDateTimeBR, formatDocumento } from '@erp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AlertTriangle,
  ArrowLeft,
  Download,
  PackageCheck,
  ShieldAlert,
  Trash2,
  Undo2,
  UserPlus,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RecordLoader } from '@/components/ui/record-loader.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { baixaXml, type Entrada, entradasApi, entradasKeys, type ItemEntrada } from '../api/entradas-api.ts';
import { Conferencia } from '../components/conferencia.tsx';
import { Aviso, CondicaoPagamento, Financeiro, LocalPadrao, Totais } from '../components/entrada-blocos.tsx';
import {
  AssinaturaDialog,
  Confirmacao,
  EstornarDialog,
  LancarDialog,
} from '../components/entrada-dialogs.tsx';
import { Itens } from '../components/entrada-itens.tsx';
import { MapearItemDialog } from '../components/mapear-item-dialog.tsx';
import { PedidoCompraEntrada } from '../components/pedido-compra-entrada.tsx';
import { numeroNota, StatusEntradaBadge } from '../components/status-entrada.tsx';
import { erroDe, useAcao } from '../components/use-acao-entrada.ts';

// One receipt (/estoque/entradas/:id): the NF-e header (fornecedor — created from <emit> when
// unknown —, the signature flag with its explicit confirmation, the alerts), the items with their
// mapping, conversion and unit cost, the blind count, the payables (from <dup> before posting, the
// títulos after), and Lançar / Estornar.

export function EntradaPage() {
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: entradasKeys.get(id), queryFn: () => entradasApi.get(id) });
  return (
    <RecordLoader query={q} title="Entrada de mercadorias">
      {(e) => <Detalhe e={e} />}
    </RecordLoader>
  );
}

function Detalhe({ e }: { e: Entrada }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [mapeando, setMapeando] = useState<ItemEntrada | null>(null);
  const [dialogo, setDialogo] = useState<'lancar' | 'estornar' | 'excluir' | 'assinatura' | null>(null);
  const editavel = e.status === 'rascunho' || e.status === 'conferida';
  const criaFornecedor = useAcao(entradasApi.criarFornecedor, 'Fornecedor cadastrado a partir da nota.');
  const excluir = useMutation({
    mutationFn: () => entradasApi.excluir(e.id),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: entradasKeys.all });
      toast.success('Entrada excluída.');
      navigate('/estoque/entradas');
    },
    onError: (err) => toast.error(erroDe(err)),
  });
  const nomeXml = `${e.chave ?? e.id}.xml`;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title={`Entrada ${e.origem === 'manual' ? 'manual' : `NF-e ${numeroNota(e)}`}`}
        description={[
          e.fornecedor_nome ?? e.emitente_nome,
          e.emissao ? `emitida em ${formatDateBR(e.emissao)}` : null,
          e.natureza_operacao,
          e.lancada_em ? `lançada em ${formatDateTimeBR(e.lancada_em)}` : null,
          e.estornada_em ? `estornada em ${formatDateTimeBR(e.estornada_em)}` : null,
        ]
          .filter(Boolean)
          .join(' · ')}
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/estoque/entradas">
                <ArrowLeft aria-hidden />
                Entradas
              </Link>
            </Button>
            {e.origem === 'xml' ? (
              <Button
                variant="outline"
                onClick={() =>
                  void baixaXml('estoque', e.id, nomeXml).catch((err) => toast.error(erroDe(err)))
                }
              >
                <Download aria-hidden />
                Baixar XML
              </Button>
            ) : null}
            {editavel ? (
              <>
                <Button variant="outline" onClick={() => setDialogo('excluir')}>
                  <Trash2 aria-hidden />
                  Excluir
                </Button>
                <Button onClick={() => setDialogo('lancar')} disabled={e.pendencias.length > 0}>
                  <PackageCheck aria-hidden />
                  Lançar
                </Button>
              </>
            ) : null}
            {e.status === 'lancada' ? (
              <Button variant="outline" onClick={() => setDialogo('estornar')}>
                <Undo2 aria-hidden />
                Estornar
              </Button>
            ) : null}
          </>
        }
      />
      <div className="flex flex-wrap items-center gap-2">
        <StatusEntradaBadge status={e.status} />
        {e.assinatura === 'valida' ? <Badge variant="outline">Assinatura válida</Badge> : null}
        {e.assinatura === 'ausente' ? <Badge variant="outline">Sem assinatura</Badge> : null}
        {e.assinatura === 'invalida' ? (
          <Badge variant="destructive">
            Assinatura inválida{e.assinatura_confirmada ? ' (confirmada)' : ''}
          </Badge>
        ) : null}
        {e.chave ? (
          <span className="break-all font-mono text-xs text-muted-foreground">Chave {e.chave}</span>
        ) : null}
      </div>
      {e.assinatura === 'invalida' && !e.assinatura_confirmada && editavel ? (
        <Aviso tom="erro" icone={<ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0" />}>
          <p className="font-medium">Assinatura inválida</p>
          <p>
            A assinatura digital desta NF-e não confere
            {e.assinatura_motivo ? ` (${e.assinatura_motivo})` : ''}: o conteúdo pode ter sido alterado depois
            de assinado. Confira a nota com o fornecedor antes de lançar.
          </p>
          <Button size="sm" variant="destructive" className="mt-2" onClick={() => setDialogo('assinatura')}>
            Confirmar e continuar
          </Button>
        </Aviso>
      ) : null}
      {e.assinatura === 'ausente' && !e.assinatura_confirmada && editavel ? (
        <Aviso tom="alerta" icone={<ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0" />}>
          <p className="font-medium">Sem assinatura</p>
          <p>Esta NF-e não tem assinatura digital: confirme o recebimento explicitamente.</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => setDialogo('assinatura')}>
            Confirmar recebimento
          </Button>
        </Aviso>
      ) : null}
      {!e.fornecedor_id && e.origem === 'xml' ? (
        <Aviso tom="alerta" icone={<UserPlus aria-hidden className="mt-0.5 size-4 shrink-0" />}>
          <p>
            O emitente {e.emitente_nome} ({formatDocumento(e.emitente_documento ?? '')}) não está cadastrado
            como fornecedor.
          </p>
          {editavel ? (
            <Button
              size="sm"
              className="mt-2"
              disabled={criaFornecedor.isPending}
              onClick={() => criaFornecedor.mutate([e.id])}
            >
              {criaFornecedor.isPending ? <Spinner /> : <UserPlus aria-hidden />}
              Cadastrar fornecedor
            </Button>
          ) : null}
        </Aviso>
      ) : null}
      {e.alertas.length || e.xsd_erros.length ? (
        <Aviso tom="alerta" icone={<AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />}>
          <ul className="list-disc pl-4">
            {e.alertas.map((a) => (
              <li key={a}>{a}</li>
            ))}
            {e.xsd_erros.map((a) => (
              <li key={a}>Schema: {a}</li>
            ))}
          </ul>
        </Aviso>
      ) : null}
      {editavel && e.pendencias.length ? (
        <section aria-label="Pendências" className="rounded-md border border-border p-3 text-sm">
          <p className="font-medium">Para lançar, resolva:</p>
          <ul className="list-disc pl-4 text-muted-foreground">
            {e.pendencias.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <Totais e={e} />
      {editavel ? (
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <LocalPadrao e={e} />
          {e.duplicatas.length ? null : <CondicaoPagamento e={e} />}
        </div>
      ) : null}
      <PedidoCompraEntrada e={e} editavel={editavel} />
      <Itens e={e} onMapear={editavel ? setMapeando : null} />
      {editavel && e.itens.some((i) => i.produto_id) ? <Conferencia entrada={e} /> : null}
      <Financeiro e={e} />
      {e.motivo_estorno ? (
        <p className="text-sm text-muted-foreground">Motivo do estorno: {e.motivo_estorno}</p>
      ) : null}
      {mapeando ? <MapearItemDialog entrada={e} item={mapeando} onClose={() => setMapeando(null)} /> : null}
      {dialogo === 'lancar' ? <LancarDialog e={e} onClose={() => setDialogo(null)} /> : null}
      {dialogo === 'estornar' ? <EstornarDialog e={e} onClose={() => setDialogo(null)} /> : null}
      {dialogo === 'assinatura' ? <AssinaturaDialog e={e} onClose={() => setDialogo(null)} /> : null}
      {dialogo === 'excluir' ? (
        <Confirmacao
          titulo="Excluir esta entrada?"
          texto="A nota importada e os itens identificados são descartados; o XML pode ser importado de novo."
          acao="Excluir"
          destrutiva
          pendente={excluir.isPending}
          onConfirmar={() => excluir.mutate()}
          onClose={() => setDialogo(null)}
        />
      ) : null}
    </div>
  );
}
