import { documento } from '../../nfe/danfe/formato.ts';
import { ALTURA_LINHA, caixaTexto, type Damdfe, linhaDeCaixas, quadro, tituloBloco } from './caixa.ts';
import { dinheiro, peso, responsavelSeguro, tipoCarga, unidadePeso } from './formato.ts';

// The body of the first sheet for the modal rodoviário: totals (CIOT, quantities, weight, value),
// vehicles and drivers side by side, vale-pedágio, percurso and municípios de carregamento, seguro
// and observações. Each block returns the y below it.

const MODAIS: Record<string, string> = {
  '1': 'MODAL RODOVIÁRIO DE CARGA',
  '2': 'MODAL AÉREO DE CARGA',
  '3': 'MODAL AQUAVIÁRIO DE CARGA',
  '4': 'MODAL FERROVIÁRIO DE CARGA',
};

export function totais(d: Damdfe, y: number): number {
  const { m } = d;
  y = tituloBloco(d, y, MODAIS[m.ide.modal] ?? 'MODAL DE CARGA');
  const c = { alinhamento: 'center', fonte: 9 } as const;
  const r = { alinhamento: 'right', negrito: true, fonte: 9 } as const;
  y = linhaDeCaixas(d, y, ALTURA_LINHA, [
    ['CIOT', m.rodo?.CIOT.join(', ') ?? '', 150, c],
    ['Qtd. CT-e', m.tot.qCTe ?? '0', 58, c],
    ['Qtd. NF-e', m.tot.qNFe ?? '0', 58, c],
    ...(m.tot.qMDFe ? [['Qtd. MDF-e', m.tot.qMDFe, 58, c] as [string, string, number, typeof c]] : []),
    [`Peso total (${unidadePeso(m.tot.cUnid)})`, peso(m.tot.qCarga), 120, r],
    ['Valor total da carga', dinheiro(m.tot.vCarga), 0, r],
  ]);
  const p = m.prodPred;
  if (p)
    y = linhaDeCaixas(d, y, ALTURA_LINHA, [
      ['Produto predominante', p.xProd, 300],
      ['Tipo de carga', tipoCarga[p.tpCarga] ?? p.tpCarga, 150],
      ['NCM', p.NCM ?? '', 0],
    ]);
  return y;
}

/** Vehicles (tração and reboques) and drivers, side by side. */
export function veiculosECondutores(d: Damdfe, y: number): number {
  const rodo = d.m.rodo;
  const veiculos = rodo?.veiculos ?? [];
  const condutores = rodo?.condutores ?? [];
  const wV = 250;
  const wC = d.w - wV;
  const xC = d.x + wV;
  tituloBloco(d, y, 'VEÍCULO', d.x, wV);
  tituloBloco(d, y, 'CONDUTOR', xC, wC);
  y += 12;
  const linhas = Math.max(veiculos.length, condutores.length, 1);
  const fim = quadro(
    d,
    d.x,
    y,
    wV,
    [
      { titulo: 'Placa', largura: 62 },
      { titulo: 'RNTRC', largura: 62 },
      { titulo: 'UF', largura: 28, alinhamento: 'center' },
      { titulo: 'RENAVAM', largura: 0 },
    ],
    veiculos.map((v) => [v.placa, v.RNTRCProprietario ?? rodo?.RNTRC ?? '', v.UF ?? '', v.RENAVAM ?? '']),
    linhas,
  );
  quadro(
    d,
    xC,
    y,
    wC,
    [
      { titulo: 'CPF', largura: 80 },
      { titulo: 'Nome', largura: 0 },
    ],
    condutores.map((c) => [documento(c.CPF), c.xNome]),
    linhas,
  );
  return fim;
}

export function valePedagio(d: Damdfe, y: number): number {
  const vales = d.m.rodo?.valePedagio ?? [];
  const emitente = documento(d.m.emit.documento);
  y = tituloBloco(d, y, 'VALE-PEDÁGIO');
  return quadro(
    d,
    d.x,
    y,
    d.w,
    [
      { titulo: 'Responsável pelo pagamento (CNPJ/CPF)', largura: 170 },
      { titulo: 'Fornecedora (CNPJ)', largura: 150 },
      { titulo: 'Nº do comprovante', largura: 140 },
      { titulo: 'Valor', largura: 0, alinhamento: 'right' },
    ],
    vales.length
      ? vales.map((v) => [
          documento(v.responsavel) || emitente,
          documento(v.CNPJForn),
          v.nCompra ?? '',
          v.vValePed ? dinheiro(v.vValePed) : '',
        ])
      : [['Sem vale-pedágio', '', '', '']],
  );
}

export function percurso(d: Damdfe, y: number): number {
  const { ide, municipiosCarrega } = d.m;
  // an intrastate trip is "SP", not "SP > SP"
  const ufs = [ide.UFIni, ...d.m.percurso, ide.UFFim].filter((uf, i, l) => uf !== l[i - 1]);
  const carrega = municipiosCarrega.map((c) => `${c.cMun} - ${c.xMun}`).join('; ');
  return linhaDeCaixas(d, y, ALTURA_LINHA, [
    ['Percurso (UF de carregamento, UFs de passagem, UF de descarregamento)', ufs.join(' > '), 250],
    ['Municípios de carregamento', carrega, 0],
  ]);
}

export function seguro(d: Damdfe, y: number): number {
  const seguros = d.m.seguros;
  y = tituloBloco(d, y, 'SEGURO DA CARGA');
  return quadro(
    d,
    d.x,
    y,
    d.w,
    [
      { titulo: 'Responsável', largura: 170 },
      { titulo: 'Seguradora', largura: 150 },
      { titulo: 'Nº da apólice', largura: 90 },
      { titulo: 'Nº da averbação', largura: 0 },
    ],
    seguros.length
      ? seguros.map((s) => [
          [responsavelSeguro[s.respSeg] ?? s.respSeg, documento(s.responsavel)].filter(Boolean).join(' - '),
          [s.xSeg, documento(s.CNPJSeguradora)].filter(Boolean).join(' - '),
          s.nApol ?? '',
          s.nAver.join(', '),
        ])
      : [['Sem seguro informado', '', '', '']],
  );
}

export function observacoes(d: Damdfe, y: number): number {
  const { infAdic, lacres } = d.m;
  const partes = [
    infAdic.infCpl ?? '',
    infAdic.infAdFisco ? `Informações de interesse do fisco: ${infAdic.infAdFisco}` : '',
    lacres.length ? `Lacres: ${lacres.join(', ')}` : '',
  ].filter(Boolean);
  // leave the first sheet room for the documents' title and a few lines of chaves
  return caixaTexto(d, y, 'Observações', partes.join('\n'), d.fundo - y - 60);
}
