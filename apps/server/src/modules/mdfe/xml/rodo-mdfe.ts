import {
  dinheiro,
  documento,
  el,
  elOpc,
  elTexto,
  grupo,
  soDigitos,
} from '../../notasfiscais/xml/xml-texto.ts';
import type { ReboqueMdfe, RodoMdfe, VeiculoMdfe } from './tipos.ts';

// The modal part under infModal (mdfeModalRodoviario_v3.00.xsd, element rodo), in schema order:
// infANTT (RNTRC, infCIOT, valePed, infContratante), veicTracao, veicReboque. The root schema skips
// it (xs:any): xsd-mdfe.ts validates it against its own schema, as SEFAZ does.

/** <CPF> for 11 characters, <CNPJ> otherwise (the choice every rodo group has). */
function cpfOuCnpj(doc: string, tagCpf = 'CPF', tagCnpj = 'CNPJ'): string {
  const d = documento(doc);
  return d.length === 11 ? el(tagCpf, d) : el(tagCnpj, d.padStart(14, '0'));
}

function prop(v: VeiculoMdfe | ReboqueMdfe): string {
  const p = v.proprietario;
  if (!p) return '';
  const ieUf =
    p.ie && p.uf
      ? el('IE', p.ie.toUpperCase() === 'ISENTO' ? 'ISENTO' : soDigitos(p.ie)) + el('UF', p.uf)
      : '';
  return grupo('prop', [
    cpfOuCnpj(p.documento),
    el('RNTRC', soDigitos(p.rntrc)),
    elTexto('xNome', p.nome, 60),
    ieUf,
    el('tpProp', p.tpProp),
  ]);
}

const inteiro = (n: number | null | undefined) =>
  n === null || n === undefined ? null : String(Math.trunc(n));

function veicTracao(v: VeiculoMdfe, condutores: RodoMdfe['condutores']): string {
  return grupo('veicTracao', [
    elTexto('cInt', v.codigoInterno, 10),
    el('placa', v.placa.toUpperCase().replace(/[^0-9A-Z]/g, '')),
    elOpc('RENAVAM', soDigitos(v.renavam)),
    el('tara', inteiro(v.taraKg)!),
    elOpc('capKG', inteiro(v.capacidadeKg)),
    elOpc('capM3', inteiro(v.capacidadeM3)),
    prop(v),
    ...condutores.map((c) => grupo('condutor', [elTexto('xNome', c.nome, 60), el('CPF', soDigitos(c.cpf))])),
    el('tpRod', v.tpRod),
    el('tpCar', v.tpCar),
    elOpc('UF', v.uf),
  ]);
}

function veicReboque(r: ReboqueMdfe): string {
  return grupo('veicReboque', [
    elTexto('cInt', r.codigoInterno, 10),
    el('placa', r.placa.toUpperCase().replace(/[^0-9A-Z]/g, '')),
    elOpc('RENAVAM', soDigitos(r.renavam)),
    el('tara', inteiro(r.taraKg)!),
    el('capKG', inteiro(r.capacidadeKg)!),
    elOpc('capM3', inteiro(r.capacidadeM3)),
    prop(r),
    el('tpCar', r.tpCar),
    elOpc('UF', r.uf),
  ]);
}

export function rodoXml(r: RodoMdfe): string {
  const antt = grupo(
    'infANTT',
    [
      elOpc('RNTRC', soDigitos(r.rntrc)),
      ...(r.ciot ?? []).map((c) => grupo('infCIOT', [el('CIOT', soDigitos(c.ciot)), cpfOuCnpj(c.documento)])),
      (r.valePedagio ?? []).length
        ? grupo('valePed', [
            ...(r.valePedagio ?? []).map((v) =>
              grupo('disp', [
                el('CNPJForn', documento(v.cnpjFornecedor)),
                v.documentoPagador ? cpfOuCnpj(v.documentoPagador, 'CPFPg', 'CNPJPg') : '',
                elOpc('nCompra', soDigitos(v.nCompra)),
                el('vValePed', dinheiro(v.valor)),
                elOpc('tpValePed', v.tpValePed),
              ]),
            ),
          ])
        : '',
      ...(r.contratantes ?? []).map((c) =>
        grupo('infContratante', [elTexto('xNome', c.nome, 60), cpfOuCnpj(c.documento)]),
      ),
    ],
    true,
  );
  return `<rodo>${antt}${veicTracao(r.veiculo, r.condutores)}${(r.reboques ?? []).map(veicReboque).join('')}</rodo>`;
}
