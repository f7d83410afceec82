import { ALTURA_LINHA, type Danfe, linhaDeCaixas, tituloBloco } from './caixa.ts';
import { cep, data, documento, fone, hora, logradouro } from './formato.ts';

// Destinatário / remetente: name, CNPJ/CPF, emission date; address, bairro, CEP, exit date;
// município, fone, UF, IE, exit time.

export function destinatario(d: Danfe, y: number): number {
  const n = d.nota;
  const p = n.dest;
  const e = p?.endereco ?? null;
  y = tituloBloco(d, y, 'DESTINATÁRIO / REMETENTE');
  const wData = 80;
  y = linhaDeCaixas(d, y, ALTURA_LINHA, [
    ['Nome / razão social', p?.xNome ?? '', d.w - 130 - wData],
    [p?.tipoDocumento === 'CPF' ? 'CPF' : 'CNPJ / CPF', documento(p?.documento), 130],
    ['Data da emissão', data(n.ide.dhEmi), 0, { alinhamento: 'center' }],
  ]);
  y = linhaDeCaixas(d, y, ALTURA_LINHA, [
    ['Endereço', logradouro(e), d.w - 150 - 70 - wData],
    ['Bairro / distrito', e?.xBairro ?? '', 150],
    ['CEP', cep(e?.CEP), 70],
    ['Data da saída / entrada', data(n.ide.dhSaiEnt), 0, { alinhamento: 'center' }],
  ]);
  return linhaDeCaixas(d, y, ALTURA_LINHA, [
    ['Município', e?.xMun ?? '', d.w - 100 - 30 - 130 - wData],
    ['Fone / fax', fone(e?.fone), 100],
    ['UF', e?.UF ?? '', 30, { alinhamento: 'center' }],
    ['Inscrição estadual', p?.IE ?? '', 130],
    ['Hora da saída / entrada', hora(n.ide.dhSaiEnt), 0, { alinhamento: 'center' }],
  ]);
}
