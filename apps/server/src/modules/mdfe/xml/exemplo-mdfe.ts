import { type CargaParaMdfe, dvChave, type NotaParaMdfe, planejaMdfes } from '@erp/shared';
import type { DadosMdfe } from './tipos.ts';

// A complete, schema-valid MDF-e for tests and the benchmark: a distributor in São Paulo (own
// fleet, tpEmit 2) taking `notas` NF-e to SP municípios (and MG's when `interestadual`), a truck of
// its own, one driver, insurance, produto predominante. Figures are fixed so tests can assert them.

export const CNPJ_EXEMPLO_MDFE = '12345678000195';

/** The chave of the example's i-th NF-e (valid DV; series 1, number i). */
export function chaveNfeExemplo(i: number, cnpj = CNPJ_EXEMPLO_MDFE): string {
  const base = `352611${cnpj}55001${String(i).padStart(9, '0')}1${String(10_000_000 + i).slice(-8)}`;
  return `${base}${dvChave(base)}`;
}

const MUNICIPIOS_SP = [
  { codigo: '3550308', nome: 'São Paulo' },
  { codigo: '3509502', nome: 'Campinas' },
  { codigo: '3548708', nome: 'São Bernardo do Campo' },
];

/** `notas` notes spread over the three SP municípios (and Belo Horizonte-MG every 4th when interestadual). */
export function cargaExemplo(notas: number, interestadual = false): CargaParaMdfe {
  const lista: NotaParaMdfe[] = [];
  for (let i = 1; i <= notas; i++) {
    const mg = interestadual && i % 4 === 0;
    const m = mg ? { codigo: '3106200', nome: 'Belo Horizonte' } : MUNICIPIOS_SP[i % 3]!;
    lista.push({
      chave: chaveNfeExemplo(i),
      uf: mg ? 'MG' : 'SP',
      codigoMunicipio: m.codigo,
      nomeMunicipio: m.nome,
      pesoBrutoKg: `${10 + (i % 7)}.125`,
      valorTotal: `${100 + i}.35`,
    });
  }
  return {
    ufCarregamento: 'SP',
    municipioCarregamento: { codigo: '3550308', nome: 'São Paulo' },
    notas: lista,
  };
}

export function exemploDadosMdfe(
  opts: { notas?: number; nMDF?: number; dhEmi?: Date; cnpj?: string } = {},
): DadosMdfe {
  const plano = planejaMdfes(cargaExemplo(opts.notas ?? 3))[0]!;
  return {
    tpAmb: '2',
    tpEmit: '2',
    serie: 1,
    nMDF: opts.nMDF ?? 1,
    cMDF: '40718253',
    dhEmi: opts.dhEmi ?? new Date('2026-11-29T11:00:00Z'),
    tpEmis: '1',
    verProc: 'Plataforma ERP 1.0',
    ufIni: plano.ufIni,
    ufFim: plano.ufFim,
    municipiosCarregamento: plano.municipiosCarregamento,
    percurso: plano.percurso,
    dhIniViagem: new Date('2026-11-29T12:00:00Z'),
    emitente: {
      cnpj: opts.cnpj ?? CNPJ_EXEMPLO_MDFE,
      ie: '110042490114',
      razaoSocial: 'Distribuidora Exemplo Ltda',
      fantasia: 'Exemplo',
      endereco: {
        logradouro: 'Rua das Flores',
        numero: '100',
        bairro: 'Centro',
        codigoMunicipio: '3550308',
        municipio: 'São Paulo',
        uf: 'SP',
        cep: '01001000',
        telefone: '1133334444',
      },
    },
    rodo: {
      veiculo: {
        codigoInterno: 'V01',
        placa: 'ABC1D23',
        renavam: '00123456789',
        taraKg: 4500,
        capacidadeKg: 8000,
        capacidadeM3: 40,
        tpRod: '01',
        tpCar: '02',
        uf: 'SP',
      },
      condutores: [{ nome: 'José da Silva & Filhos', cpf: '52998224725' }],
    },
    descargas: plano.descargas,
    seguros: [
      {
        respSeg: '1',
        seguradora: { nome: 'Seguradora Exemplo SA', cnpj: '11222333000181' },
        nApol: 'AP-12345',
        nAver: ['AV0001'],
      },
    ],
    produtoPredominante: { tpCarga: '05', xProd: 'Alimentos diversos', NCM: '21069090' },
    totais: { qNFe: plano.qNFe, vCarga: plano.vCarga, qCarga: plano.qCarga },
    infAdic: { infCpl: 'Carga 123 <teste>' },
  };
}
