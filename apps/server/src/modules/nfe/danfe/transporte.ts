import { Decimal } from '@erp/shared';
import { ALTURA_LINHA, type Danfe, direita, linhaDeCaixas, tituloBloco } from './caixa.ts';
import { documento, modalidadeFrete, quantidade } from './formato.ts';

// Transportador / volumes transportados: carrier, freight mode, ANTT code, plate, UF, CNPJ;
// address, município, UF, IE; and the volumes (several vol groups summed; especies and marcas joined).

const soma = (vs: Array<string | null>) =>
  vs.some((v) => v !== null) ? Decimal.sum(vs.filter((v): v is string => v !== null)).toString() : '';
const junta = (vs: Array<string | null>) => [...new Set(vs.filter(Boolean))].join(', ');

export function transporte(d: Danfe, y: number): number {
  const t = d.nota.transp;
  const tr = t.transporta;
  const v = t.veiculo;
  y = tituloBloco(d, y, 'TRANSPORTADOR / VOLUMES TRANSPORTADOS');
  y = linhaDeCaixas(d, y, ALTURA_LINHA, [
    ['Nome / razão social', t.transportadora ?? '', d.w - 140 - 70 - 65 - 25 - 115],
    ['Frete por conta', modalidadeFrete[t.modFrete ?? ''] ?? t.modFrete ?? '', 140],
    ['Código ANTT', v?.RNTC ?? '', 70],
    ['Placa do veículo', v?.placa ?? '', 65],
    ['UF', v?.UF ?? '', 25, { alinhamento: 'center' }],
    ['CNPJ / CPF', documento(tr?.documento), 0],
  ]);
  y = linhaDeCaixas(d, y, ALTURA_LINHA, [
    ['Endereço', tr?.xEnder ?? '', d.w - 160 - 25 - 115],
    ['Município', tr?.xMun ?? '', 160],
    ['UF', tr?.UF ?? '', 25, { alinhamento: 'center' }],
    ['Inscrição estadual', tr?.IE ?? '', 0],
  ]);
  const vol = t.vol;
  const w = d.w / 6;
  const qVol = soma(vol.map((x) => x.qVol));
  const pesoB = soma(vol.map((x) => x.pesoB));
  const pesoL = soma(vol.map((x) => x.pesoL));
  return linhaDeCaixas(d, y, ALTURA_LINHA, [
    ['Quantidade', qVol, w, direita],
    ['Espécie', junta(vol.map((x) => x.esp)), w],
    ['Marca', junta(vol.map((x) => x.marca)), w],
    ['Numeração', junta(vol.map((x) => x.nVol)), w],
    ['Peso bruto', pesoB ? quantidade(pesoB, 3) : '', w, direita],
    ['Peso líquido', pesoL ? quantidade(pesoL, 3) : '', 0, direita],
  ]);
}
