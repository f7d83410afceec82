import { describe, expect, it } from 'vitest';
import { UFS } from '../cadastros/brasil.ts';
import { geraCMdf, montaChaveMdfe } from './chave-mdfe.ts';
import {
  cancelamentoMdfeSchema,
  emissaoMdfeSchema,
  encerramentoMdfeSchema,
  inclusaoCondutorSchema,
  inclusaoDfeSchema,
} from './mdfe-api.schema.ts';
import {
  type EntradaPendenciasMdfe,
  pendenciasMdfe,
  pendenciaMdfeMensagens as pm,
} from './pendencias-mdfe.ts';
import { FRONTEIRAS_UF, percursoMensagens, percursoPadrao, validaPercurso } from './percurso-uf.ts';
import { ErroPlanoMdfe, planejaMdfes, planoMdfeMensagens } from './plano-mdfe.ts';
import {
  podeCancelarMdfe,
  podeEncerrarMdfe,
  podeTransicionarMdfe,
  statusMdfeMensagens,
} from './status-mdfe.ts';

describe('UF borders and percurso', () => {
  it('the border table is symmetric, covers the 27 UFs, and never lists a UF as its own neighbour', () => {
    expect(Object.keys(FRONTEIRAS_UF).sort()).toEqual([...UFS].sort());
    for (const [uf, vizinhas] of Object.entries(FRONTEIRAS_UF)) {
      expect(vizinhas).not.toContain(uf);
      expect([...vizinhas]).toEqual([...vizinhas].sort());
      for (const v of vizinhas) expect(FRONTEIRAS_UF[v]).toContain(uf);
    }
  });

  it.each([
    ['SP', 'SP', ''],
    ['SP', 'MG', ''],
    ['PR', 'RJ', 'SP'],
    ['SP', 'BA', 'MG'],
    ['DF', 'SP', 'MG'],
    ['AC', 'AP', 'AM,PA'],
    // SP MG BA then PE or PI to CE: PE first alphabetically
    ['SP', 'CE', 'MG,BA,PE'],
    // MT then AM or PA to RR: AM first
    ['RS', 'RR', 'SC,PR,MS,MT,AM'],
    ['RS', 'RN', 'SC,PR,MS,GO,BA,PE,CE'],
  ] as const)('percursoPadrao(%s, %s) = %s', (ini, fim, esperado) => {
    const p = percursoPadrao(ini, fim);
    expect(p.join(',')).toBe(esperado);
    expect(validaPercurso(ini, fim, p)).toEqual([]);
  });

  it('validaPercurso names each problem in pt-BR', () => {
    expect(validaPercurso('SP', 'BA', [])).toEqual([percursoMensagens.naoFaz('SP', 'BA')]);
    expect(validaPercurso('SP', 'RS', ['SC', 'PR'])).toEqual([
      percursoMensagens.naoFaz('SP', 'SC'),
      percursoMensagens.naoFaz('PR', 'RS'),
    ]);
    expect(validaPercurso('SP', 'MG', ['SP'])).toEqual([percursoMensagens.repeteInicioFim('SP')]);
    expect(validaPercurso('SP', 'BA', ['MG', 'MG'])).toEqual([percursoMensagens.repetida('MG')]);
    // a detour is fine when every step borders
    expect(validaPercurso('SP', 'BA', ['RJ', 'ES'])).toEqual([]);
    expect(validaPercurso('SP', 'SP', [])).toEqual([]);
    expect(validaPercurso('SP', 'SP', ['MG'])).toEqual([]);
  });
});

describe('planejaMdfes: refusals', () => {
  const base = {
    ufCarregamento: 'SP' as const,
    municipioCarregamento: { codigo: '3550308', nome: 'São Paulo' },
  };
  const nota = {
    chave: 'X',
    uf: 'SP' as const,
    codigoMunicipio: '3550308',
    nomeMunicipio: 'São Paulo',
    pesoBrutoKg: '1',
    valorTotal: '1',
  };
  it('no notes, a repeated chave, a município of another UF', () => {
    expect(() => planejaMdfes({ ...base, notas: [] })).toThrow(planoMdfeMensagens.semNotas);
    expect(() => planejaMdfes({ ...base, notas: [nota, nota] })).toThrow(
      planoMdfeMensagens.chaveRepetida('X'),
    );
    expect(() => planejaMdfes({ ...base, notas: [{ ...nota, uf: 'MG' }] })).toThrow(ErroPlanoMdfe);
    expect(() => planejaMdfes({ ...base, notas: [{ ...nota, uf: 'MG' }] })).toThrow(
      planoMdfeMensagens.municipioForaDaUf('3550308', 'São Paulo', 'MG'),
    );
    expect(() => planejaMdfes({ ...base, notas: [{ ...nota, codigoMunicipio: '' }] })).toThrow(
      planoMdfeMensagens.municipioInvalido(''),
    );
  });

  it('weights with up to 4 decimals sum exactly (no float): 0.1 + 0.2 = 0.3000', () => {
    const [m] = planejaMdfes({
      ...base,
      notas: [
        { ...nota, chave: 'A', pesoBrutoKg: '0.1', valorTotal: '0.1' },
        { ...nota, chave: 'B', pesoBrutoKg: '0.2', valorTotal: '0.2' },
      ],
    });
    expect(m).toMatchObject({ qCarga: '0.3000', vCarga: '0.30', qNFe: 2 });
  });
});

describe('chave and cMDF', () => {
  it('cMDF is never the number, nor trivial', () => {
    const seq = [123, 11111111, 12345678, 40718253];
    let i = 0;
    expect(geraCMdf(123, () => seq[i++]!)).toBe('40718253');
    expect(geraCMdf(5)).toMatch(/^\d{8}$/);
  });
  it('mod 58 in positions 21-22, tpEmis in 35', () => {
    const { chave } = montaChaveMdfe({
      cUF: '35',
      dhEmi: '2026-01-05T10:00:00-03:00',
      cnpj: '12.345.678/0001-95',
      serie: 2,
      nMDF: 7,
      tpEmis: '2',
      cMDF: '1',
    });
    expect(chave.slice(0, 43)).toBe('3526011234567800019558002000000007200000001');
  });
});

describe('pendenciasMdfe', () => {
  const ok: EntradaPendenciasMdfe = {
    carga: { id: 'c1' },
    empresa: {
      cnpj: '12345678000195',
      codigoMunicipio: '3550308',
      certificadoValidoAte: '2027-01-01T00:00:00Z',
    },
    veiculo: {
      id: 'v1',
      placa: 'ABC1D23',
      renavam: '00123456789',
      taraKg: 4500,
      capacidadeKg: 8000,
      uf: 'SP',
      proprio: true,
      rntrc: null,
      proprietarioNome: null,
      proprietarioDocumento: null,
    },
    motoristas: [{ id: 'f1', nome: 'José', cpf: '52998224725' }],
    notas: [{ chave: 'k', cliente: { id: 'cl1', nome: 'Mercado Bom', codigoMunicipio: '3550308' } }],
    agora: new Date('2026-11-29T12:00:00Z'),
  };

  it('nothing missing', () => {
    expect(pendenciasMdfe(ok)).toEqual([]);
  });

  it('the exact list, each with where to fix it', () => {
    expect(
      pendenciasMdfe({
        ...ok,
        empresa: { cnpj: null, codigoMunicipio: null, certificadoValidoAte: '2026-11-01T00:00:00Z' },
        veiculo: { ...ok.veiculo!, renavam: null, taraKg: 0, capacidadeKg: null, uf: null, proprio: false },
        motoristas: [{ id: 'f2', nome: 'Ana', cpf: '123' }],
        notas: [
          { chave: 'a', cliente: { id: 'cl2', nome: 'Padaria Sol', codigoMunicipio: null } },
          { chave: 'b', cliente: { id: 'cl2', nome: 'Padaria Sol', codigoMunicipio: null } },
        ],
      }),
    ).toEqual([
      { mensagem: pm.semCnpj, onde: { tipo: 'configuracao' } },
      { mensagem: pm.semMunicipioEmpresa, onde: { tipo: 'configuracao' } },
      { mensagem: pm.certificadoVencido, onde: { tipo: 'certificado' } },
      { mensagem: pm.veiculoSemRenavam('ABC1D23'), onde: { tipo: 'veiculo', id: 'v1' } },
      { mensagem: pm.veiculoSemTara('ABC1D23'), onde: { tipo: 'veiculo', id: 'v1' } },
      { mensagem: pm.veiculoSemCapacidade('ABC1D23'), onde: { tipo: 'veiculo', id: 'v1' } },
      { mensagem: pm.veiculoSemUf('ABC1D23'), onde: { tipo: 'veiculo', id: 'v1' } },
      { mensagem: pm.terceiroSemRntrc('ABC1D23'), onde: { tipo: 'veiculo', id: 'v1' } },
      { mensagem: pm.terceiroSemProprietario('ABC1D23'), onde: { tipo: 'veiculo', id: 'v1' } },
      { mensagem: pm.motoristaSemCpf('Ana'), onde: { tipo: 'funcionario', id: 'f2' } },
      // the customer once, though two notes
      { mensagem: pm.clienteSemMunicipio('Padaria Sol'), onde: { tipo: 'cliente', id: 'cl2' } },
    ]);
  });

  it('no vehicle, no driver, no notes, no certificate, an alphanumeric CNPJ', () => {
    expect(
      pendenciasMdfe({
        ...ok,
        empresa: { ...ok.empresa, cnpj: '12ABC34501DE35', certificadoValidoAte: null },
        veiculo: null,
        motoristas: [],
        notas: [],
      }),
    ).toEqual([
      { mensagem: pm.cnpjAlfanumerico, onde: { tipo: 'configuracao' } },
      { mensagem: pm.semCertificado, onde: { tipo: 'certificado' } },
      { mensagem: pm.semVeiculo, onde: { tipo: 'carga', id: 'c1' } },
      { mensagem: pm.semMotorista, onde: { tipo: 'carga', id: 'c1' } },
      { mensagem: pm.semNotas, onde: { tipo: 'carga', id: 'c1' } },
    ]);
  });

  it('a third-party vehicle with RNTRC and owner is fine', () => {
    const v = {
      ...ok.veiculo!,
      proprio: false,
      rntrc: '12345678',
      proprietarioNome: 'João',
      proprietarioDocumento: '529.982.247-25',
    };
    expect(pendenciasMdfe({ ...ok, veiculo: v })).toEqual([]);
  });
});

describe('status machine', () => {
  const agora = new Date('2026-11-29T12:00:00Z');
  it('transitions', () => {
    expect(podeTransicionarMdfe('assinado', 'autorizado')).toBe(true);
    expect(podeTransicionarMdfe('assinado', 'rejeitado')).toBe(true);
    expect(podeTransicionarMdfe('rejeitado', 'assinado')).toBe(true);
    expect(podeTransicionarMdfe('autorizado', 'encerrado')).toBe(true);
    expect(podeTransicionarMdfe('autorizado', 'cancelado')).toBe(true);
    expect(podeTransicionarMdfe('encerrado', 'cancelado')).toBe(false);
    expect(podeTransicionarMdfe('cancelado', 'autorizado')).toBe(false);
    expect(podeTransicionarMdfe('rejeitado', 'autorizado')).toBe(false);
  });
  it('cancel: authorised, within 24 h, trip not started', () => {
    const aut = { status: 'autorizado' as const, viagemIniciada: false, agora };
    expect(podeCancelarMdfe({ ...aut, autorizadoEm: '2026-11-28T12:00:00Z' })).toEqual({ permitido: true });
    expect(podeCancelarMdfe({ ...aut, autorizadoEm: '2026-11-28T11:59:59Z' })).toEqual({
      permitido: false,
      motivo: statusMdfeMensagens.prazoCancelamento,
    });
    expect(podeCancelarMdfe({ ...aut, autorizadoEm: '2026-11-29T11:00:00Z', viagemIniciada: true })).toEqual({
      permitido: false,
      motivo: statusMdfeMensagens.viagemIniciada,
    });
    expect(podeCancelarMdfe({ ...aut, status: 'encerrado', autorizadoEm: '2026-11-29T11:00:00Z' })).toEqual({
      permitido: false,
      motivo: statusMdfeMensagens.cancelarNaoAutorizado('encerrado'),
    });
  });
  it('encerrar: only authorised', () => {
    expect(podeEncerrarMdfe({ status: 'autorizado' })).toEqual({ permitido: true });
    expect(podeEncerrarMdfe({ status: 'assinado' })).toEqual({
      permitido: false,
      motivo: statusMdfeMensagens.encerrarNaoAutorizado('assinado'),
    });
  });
});

describe('API bodies', () => {
  it('cancel: 15 to 255 characters', () => {
    expect(cancelamentoMdfeSchema.safeParse({ xJust: 'curto' }).success).toBe(false);
    expect(cancelamentoMdfeSchema.parse({ xJust: '  Viagem cancelada pelo cliente ' })).toEqual({
      xJust: 'Viagem cancelada pelo cliente',
    });
    expect(cancelamentoMdfeSchema.safeParse({ xJust: 'x'.repeat(256) }).success).toBe(false);
  });
  it('encerramento: date, município code, UF', () => {
    expect(
      encerramentoMdfeSchema.parse({ dtEnc: '2026-11-30', codigoMunicipio: '3170107', uf: 'MG' }),
    ).toEqual({
      dtEnc: '2026-11-30',
      codigoMunicipio: '3170107',
      uf: 'MG',
    });
    expect(
      encerramentoMdfeSchema.safeParse({ dtEnc: '30/11/2026', codigoMunicipio: '317010', uf: 'XX' }).error
        ?.issues.length,
    ).toBe(3);
  });
  it('inclusão de condutor: the CPF is checked and kept as digits', () => {
    expect(inclusaoCondutorSchema.parse({ xNome: 'Maria', cpf: '111.444.777-35' })).toEqual({
      xNome: 'Maria',
      cpf: '11144477735',
    });
    expect(inclusaoCondutorSchema.safeParse({ xNome: 'Maria', cpf: '111.444.777-36' }).success).toBe(false);
  });
  it('inclusão de DF-e: NF-e chaves with a valid DV', () => {
    const chave = '35261112345678000195550010000000011100000017';
    expect(
      inclusaoDfeSchema.parse({
        codigoMunicipioCarregamento: '3550308',
        documentos: [{ codigoMunicipioDescarga: '3509502', chNFe: chave }],
      }),
    ).toEqual({
      codigoMunicipioCarregamento: '3550308',
      documentos: [{ codigoMunicipioDescarga: '3509502', chNFe: chave }],
    });
    expect(
      inclusaoDfeSchema.safeParse({
        codigoMunicipioCarregamento: '3550308',
        documentos: [{ codigoMunicipioDescarga: '3509502', chNFe: `${chave.slice(0, 43)}9` }],
      }).success,
    ).toBe(false);
  });
  it('emission options: all optional; percurso of UFs, produto predominante, dhIniViagem with offset', () => {
    expect(emissaoMdfeSchema.parse({})).toEqual({});
    const r = emissaoMdfeSchema.parse({
      percursos: [{ ufFim: 'CE', percurso: ['MG', 'BA', 'PE'] }],
      produtoPredominante: { tpCarga: '05', xProd: 'Alimentos', NCM: '21069090' },
      seguro: { respSeg: '1', nApol: '123' },
      dhIniViagem: '2026-11-29T08:00:00-03:00',
    });
    expect(r.seguro).toEqual({ respSeg: '1', nApol: '123', nAver: [] });
    expect(emissaoMdfeSchema.safeParse({ percursos: [{ ufFim: 'CE', percurso: ['XX'] }] }).success).toBe(
      false,
    );
    expect(emissaoMdfeSchema.safeParse({ dhIniViagem: '2026-11-29 08:00' }).success).toBe(false);
  });
});
