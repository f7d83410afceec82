import {
  formatBRL,
  formatDateTimeBR,
  formatDecimalBR,
  formatDocumento,
  type StatusDevolucao,
  statusDevolucaoLabels,
  tipoEventoNotaLabels,
} from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { NotaCabecalho } from '@/components/nfe/nota-cabecalho.tsx';
import { Bloco, Campo, chaveEmGrupos } from '@/components/nfe/nota-campos.tsx';
import { type ColunaItem, NotaItens } from '@/components/nfe/nota-itens.tsx';
import { NotaDuplicatas, NotaTotais } from '@/components/nfe/nota-totais.tsx';
import { Button } from '@/components/ui/button.tsx';
import { RecordLoader } from '@/components/ui/record-loader.tsx';
import {
  abreDanfeSaida,
  baixaXmlSaida,
  type NotaSaidaDetalhe,
  notasSaidaApi,
  notasSaidaKeys,
} from '../api/notas-saida-api.ts';
import { AcoesSefaz } from '../components/acoes-sefaz.tsx';
import { StatusNotaBadge } from '../components/status-nota-badge.tsx';

// An outgoing NF-e (/notasfiscais/saida/:id): status (with SEFAZ's message), identification, the
// items and totals as the XML says, duplicatas, the events (signature, SEFAZ's answers), the XML
// itself; downloads of the XML and the DANFE.

const tiposEvento: Record<string, string> = {
  ...tipoEventoNotaLabels,
  assinatura: 'Assinatura',
  autorizacao: 'Autorização',
  rejeicao: 'Rejeição',
  denegacao: 'Denegação',
  cancelamento: 'Cancelamento',
  inutilizacao: 'Inutilização',
  cce: 'Carta de correção',
};

export function NotaSaidaPage() {
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: notasSaidaKeys.get(id), queryFn: () => notasSaidaApi.get(id) });
  return (
    <RecordLoader query={q} title="Nota fiscal de saída">
      {(n) => <Nota n={n} />}
    </RecordLoader>
  );
}

type Item = NotaSaidaDetalhe['itens'][number];
const dinheiro = (v: (i: Item) => string) => (i: Item) => formatDecimalBR(v(i), 2);
const colunasItens: ColunaItem<Item>[] = [
  { titulo: '#', valor: (i) => i.n_item },
  { titulo: 'Código', valor: (i) => i.c_prod, className: 'font-mono' },
  { titulo: 'Descrição', valor: (i) => i.x_prod, className: 'min-w-48' },
  { titulo: 'NCM', valor: (i) => i.ncm },
  { titulo: 'CST', valor: (i) => i.cst },
  { titulo: 'CFOP', valor: (i) => i.cfop },
  { titulo: 'Un', valor: (i) => i.u_com },
  { titulo: 'Quant.', valor: (i) => formatDecimalBR(i.q_com, 3), numero: true },
  { titulo: 'Valor unit.', valor: dinheiro((i) => i.v_un_com), numero: true },
  { titulo: 'Valor total', valor: dinheiro((i) => i.v_prod), numero: true },
  { titulo: 'ICMS', valor: dinheiro((i) => i.v_icms), numero: true },
  { titulo: 'ICMS ST', valor: dinheiro((i) => i.v_st), numero: true },
  { titulo: 'IPI', valor: dinheiro((i) => i.v_ipi), numero: true },
];

function Nota({ n }: { n: NotaSaidaDetalhe }) {
  const t = n.totais;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <NotaCabecalho
        numero={n.numero}
        serie={n.serie}
        nome={n.cliente_nome}
        emissao={n.emissao}
        voltar={{ to: '/notasfiscais/saida', rotulo: 'Notas de saída' }}
        baixarXml={() => baixaXmlSaida(n.id, `${n.chave}.xml`)}
        abrirDanfe={() => abreDanfeSaida(n.id, `${n.chave}-danfe.pdf`)}
        acoes={<AcoesSefaz nota={n} />}
      />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <StatusNotaBadge status={n.status} />
        {n.ambiente === '2' ? (
          <span className="text-muted-foreground">Homologação — sem valor fiscal</span>
        ) : null}
        {n.x_motivo ? (
          <span className={n.status === 'rejeitada' || n.status === 'denegada' ? 'text-destructive' : ''}>
            SEFAZ: {n.c_stat ? `${n.c_stat} - ` : ''}
            {n.x_motivo}
          </span>
        ) : null}
        {n.pedido_id ? (
          <Link to={`/comercial/pedidos/${n.pedido_id}`} className="underline-offset-4 hover:underline">
            Pedido nº {n.pedido_numero}
          </Link>
        ) : null}
        {n.fin_nfe === '4' ? (
          <span className="font-medium">
            NF-e de devolução{n.tp_nf === '0' ? ' (entrada)' : ''}
            {n.devolucao_id ? (
              <>
                {' · '}
                <Link
                  to={`/comercial/devolucoes/${n.devolucao_id}`}
                  className="underline-offset-4 hover:underline"
                >
                  ver devolução
                </Link>
              </>
            ) : null}
          </span>
        ) : null}
        {n.fin_nfe !== '4'
          ? n.devolucoes.map((d) => (
              <Link
                key={d.id}
                to={`/comercial/devolucoes/${d.id}`}
                className="underline-offset-4 hover:underline"
              >
                Devolução nº {d.numero} ({statusDevolucaoLabels[d.status as StatusDevolucao] ?? d.status}) ·{' '}
                {formatBRL(d.valor_total)}
              </Link>
            ))
          : null}
        {n.status === 'autorizada' && n.pedido_id && n.fin_nfe !== '4' ? (
          <Button asChild size="sm" variant="outline">
            <Link to={`/comercial/devolucoes/nova?nota_id=${n.id}`}>
              <Undo2 aria-hidden />
              Nova devolução
            </Link>
          </Button>
        ) : null}
      </div>
      <article aria-label="Nota fiscal" className="grid gap-3 rounded-lg border border-border bg-card p-3">
        <div className="grid sm:grid-cols-[2fr_1fr_1fr]">
          <Campo rotulo="Chave de acesso">
            <span className="font-mono text-xs">{chaveEmGrupos(n.chave)}</span>
          </Campo>
          <Campo rotulo="Natureza da operação">{n.natureza}</Campo>
          <Campo rotulo="Protocolo de autorização">{n.protocolo ?? 'Sem protocolo'}</Campo>
        </div>
        <Bloco titulo="Destinatário">
          <div className="grid sm:grid-cols-[3fr_1fr]">
            <Campo rotulo="Nome / razão social">{n.cliente_nome}</Campo>
            <Campo rotulo="CNPJ / CPF">{formatDocumento(n.cliente_documento)}</Campo>
          </div>
        </Bloco>
        <NotaDuplicatas duplicatas={n.duplicatas} />
        <NotaTotais
          titulo="Totais"
          valores={[
            ['Produtos', t.v_prod],
            ['Desconto', t.v_desc],
            ['Frete', t.v_frete],
            ['Base do ICMS', t.v_bc],
            ['ICMS', t.v_icms],
            ['ICMS ST', t.v_st],
            ['IPI', t.v_ipi],
            ['PIS', t.v_pis],
            ['COFINS', t.v_cofins],
            ['IBS', t.v_ibs],
            ['CBS', t.v_cbs],
          ]}
          total={t.v_nf}
        />
        <NotaItens titulo="Itens" itens={n.itens} chave={(i) => i.n_item} colunas={colunasItens} />
        <Bloco titulo="Eventos">
          <ul className="grid gap-1 text-sm">
            {n.eventos.map((e) => (
              <li key={e.id} className="border border-border px-2 py-1">
                <span className="font-medium">{tiposEvento[e.tipo] ?? e.tipo}</span>
                {e.sequencia ? ` nº ${e.sequencia}` : ''} · {formatDateTimeBR(e.created_at)}
                {e.usuario ? ` · ${e.usuario}` : ''}
                {e.c_stat || e.x_motivo ? (
                  <div className="text-muted-foreground">
                    {e.c_stat ? `${e.c_stat} - ` : ''}
                    {e.x_motivo}
                    {e.protocolo ? ` · protocolo ${e.protocolo}` : ''}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </Bloco>
        <details className="rounded border border-border">
          <summary className="cursor-pointer px-2 py-1 text-sm font-medium">
            XML {n.autorizada_xml ? '(nfeProc autorizado)' : '(NF-e assinada)'}
          </summary>
          <pre className="max-h-96 overflow-auto whitespace-pre-wrap break-all p-2 font-mono text-xs">
            {n.xml}
          </pre>
        </details>
      </article>
    </div>
  );
}
