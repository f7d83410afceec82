import { formatDateBR, formatDateTimeBR, formatDecimalBR, formatDocumento } from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { NotaCabecalho } from '@/components/nfe/nota-cabecalho.tsx';
import { Bloco, Campo, chaveEmGrupos } from '@/components/nfe/nota-campos.tsx';
import { type ColunaItem, NotaItens } from '@/components/nfe/nota-itens.tsx';
import { NotaDuplicatas, NotaTotais } from '@/components/nfe/nota-totais.tsx';
import { RecordLoader } from '@/components/ui/record-loader.tsx';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { abreDanfe, baixaXml, entradasKeys, type NotaEntrada, notasEntradaApi } from '../api/entradas-api.ts';
import { StatusEntradaBadge } from '../components/status-entrada.tsx';

// An incoming NF-e (/notasfiscais/entrada/:id) laid out like a DANFE from the stored XML's data:
// emitente and identification, natureza and protocolo, destinatário, fatura/duplicatas, cálculo do
// imposto, transportador, the products, and the dados adicionais; "Baixar XML" gives the file
// exactly as received.

type Nota = NotaEntrada['nota'];

const modFrete: Record<string, string> = {
  '0': 'Remetente (CIF)',
  '1': 'Destinatário (FOB)',
  '2': 'Terceiros',
  '3': 'Próprio por conta do remetente',
  '4': 'Próprio por conta do destinatário',
  '9': 'Sem frete',
};

const endereco = (p: Nota['emit']) => {
  const e = p.endereco;
  if (!e) return '';
  return [
    [e.xLgr, e.nro].filter(Boolean).join(', '),
    e.xCpl,
    e.xBairro,
    [e.xMun, e.UF].filter(Boolean).join(' - '),
    e.CEP ? `CEP ${e.CEP}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
};

export function NotaEntradaPage() {
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: entradasKeys.nota(id), queryFn: () => notasEntradaApi.get(id) });
  return (
    <RecordLoader query={q} title="Nota fiscal de entrada">
      {(dados) => <Danfe dados={dados} />}
    </RecordLoader>
  );
}

type Item = Nota['itens'][number];
const colunasItens: ColunaItem<Item>[] = [
  { titulo: 'Código', valor: (i) => i.cProd, className: 'font-mono' },
  {
    titulo: 'Descrição',
    className: 'min-w-48',
    valor: (i) => (
      <>
        {i.xProd}
        {i.rastro.map((r) => (
          <div key={r.nLote} className="text-muted-foreground">
            Lote {r.nLote} · qtd {formatDecimalBR(r.qLote, 0)}
            {r.dVal ? ` · val. ${formatDateBR(r.dVal)}` : ''}
          </div>
        ))}
      </>
    ),
  },
  { titulo: 'NCM', valor: (i) => i.NCM },
  { titulo: 'CST', valor: (i) => i.imposto.cst },
  { titulo: 'CFOP', valor: (i) => i.CFOP },
  { titulo: 'Un', valor: (i) => i.uCom },
  { titulo: 'Quant.', valor: (i) => formatDecimalBR(i.qCom, 0), numero: true },
  { titulo: 'Valor unit.', valor: (i) => formatDecimalBR(i.vUnCom, 2), numero: true },
  { titulo: 'Valor total', valor: (i) => formatDecimalBR(i.vProd, 2), numero: true },
  { titulo: 'ICMS', valor: (i) => formatDecimalBR(i.imposto.vICMS ?? '0', 2), numero: true },
  { titulo: 'IPI', valor: (i) => formatDecimalBR(i.imposto.vIPI ?? '0', 2), numero: true },
];

function Danfe({ dados }: { dados: NotaEntrada }) {
  const { nota: n, entrada } = dados;
  const { roles } = useAuth();
  const podeEstoque = roles.some((r) => r === 'admin' || r === 'estoque');
  const t = n.total;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <NotaCabecalho
        numero={n.ide.nNF}
        serie={n.ide.serie}
        nome={n.emit.xNome}
        emissao={n.ide.dhEmi}
        voltar={{ to: '/notasfiscais/entrada', rotulo: 'Notas de entrada' }}
        baixarXml={() => baixaXml('notas', entrada.id, `${n.chave}.xml`)}
        abrirDanfe={() => abreDanfe('notas', entrada.id, `${n.chave}-danfe.pdf`)}
      />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span>Entrada de mercadorias:</span>
        <StatusEntradaBadge status={entrada.status} />
        {podeEstoque ? (
          <Link to={`/estoque/entradas/${entrada.id}`} className="underline-offset-4 hover:underline">
            Abrir a entrada
          </Link>
        ) : null}
      </div>
      <article aria-label="DANFE" className="grid gap-3 rounded-lg border border-border bg-card p-3">
        <div className="grid gap-0 sm:grid-cols-[2fr_1fr_2fr]">
          <Campo rotulo="Emitente">
            <div className="font-semibold">{n.emit.xNome}</div>
            <div className="text-xs">{endereco(n.emit)}</div>
          </Campo>
          <Campo rotulo="DANFE" className="text-center">
            <div className="text-xs">Documento Auxiliar da Nota Fiscal Eletrônica</div>
            <div className="text-xs">{n.ide.tpNF === '0' ? '0 - Entrada' : '1 - Saída'}</div>
            <div className="font-semibold">Nº {n.ide.nNF}</div>
            <div className="text-xs">Série {n.ide.serie}</div>
          </Campo>
          <Campo rotulo="Chave de acesso">
            <span className="font-mono text-xs">{chaveEmGrupos(n.chave)}</span>
          </Campo>
        </div>
        <div className="grid sm:grid-cols-[2fr_2fr]">
          <Campo rotulo="Natureza da operação">{n.ide.natOp}</Campo>
          <Campo rotulo="Protocolo de autorização de uso">
            {n.protNFe?.nProt
              ? `${n.protNFe.nProt} ${n.protNFe.dhRecbto ? formatDateTimeBR(n.protNFe.dhRecbto) : ''}`
              : 'Sem protocolo'}
          </Campo>
        </div>
        <div className="grid sm:grid-cols-3">
          <Campo rotulo="Inscrição estadual">{n.emit.IE}</Campo>
          <Campo rotulo="CNPJ / CPF">{formatDocumento(n.emit.documento)}</Campo>
          <Campo rotulo="Ambiente">{n.ide.tpAmb === '1' ? 'Produção' : 'Homologação'}</Campo>
        </div>
        {n.dest ? (
          <Bloco titulo="Destinatário / remetente">
            <div className="grid sm:grid-cols-[3fr_1fr_1fr]">
              <Campo rotulo="Nome / razão social">{n.dest.xNome}</Campo>
              <Campo rotulo="CNPJ / CPF">{formatDocumento(n.dest.documento)}</Campo>
              <Campo rotulo="Data da emissão">{formatDateBR(n.ide.dhEmi)}</Campo>
              <Campo rotulo="Endereço" className="sm:col-span-2">
                {endereco(n.dest)}
              </Campo>
              <Campo rotulo="Inscrição estadual">{n.dest.IE}</Campo>
            </div>
          </Bloco>
        ) : null}
        <NotaDuplicatas
          duplicatas={n.cobr.dup.map((d) => ({ numero: d.nDup, vencimento: d.dVenc, valor: d.vDup }))}
        />
        <NotaTotais
          titulo="Cálculo do imposto"
          colunas={7}
          totalLargo
          valores={[
            ['Base de cálculo do ICMS', t.vBC],
            ['Valor do ICMS', t.vICMS],
            ['Base de cálculo ICMS ST', t.vBCST],
            ['Valor do ICMS ST', t.vST],
            ['Valor total dos produtos', t.vProd],
            ['Valor do frete', t.vFrete],
            ['Valor do seguro', t.vSeg],
            ['Desconto', t.vDesc],
            ['Outras despesas', t.vOutro],
            ['Valor do IPI', t.vIPI],
            ['Valor do PIS', t.vPIS],
            ['Valor da COFINS', t.vCOFINS],
          ]}
          total={t.vNF}
        />
        <Bloco titulo="Transportador / volumes transportados">
          <div className="grid sm:grid-cols-[1fr_3fr]">
            <Campo rotulo="Frete por conta">
              {n.transp.modFrete ? `${n.transp.modFrete} - ${modFrete[n.transp.modFrete] ?? ''}` : ''}
            </Campo>
            <Campo rotulo="Razão social">{n.transp.transportadora}</Campo>
          </div>
        </Bloco>
        <NotaItens
          titulo="Dados dos produtos / serviços"
          itens={n.itens}
          chave={(i) => i.nItem}
          colunas={colunasItens}
        />
        <Bloco titulo="Dados adicionais">
          <div className="grid sm:grid-cols-2">
            <Campo rotulo="Informações complementares">{n.infAdic.infCpl}</Campo>
            <Campo rotulo="Reservado ao fisco">{n.infAdic.infAdFisco}</Campo>
          </div>
        </Bloco>
      </article>
    </div>
  );
}
