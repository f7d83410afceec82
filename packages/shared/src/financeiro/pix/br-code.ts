// PIX BR Code (EMV QR "copia e cola"), static and dynamic, per the BCB Manual de Padrões: TLV fields
// (ID 2 digits + length 2 digits + value), CRC-16/CCITT-FALSE over the payload including "6304".
// Written here (≈100 lines, no dependency) rather than adding pix-utils: the strings of
// ../shared/fixtures/pix.md are reproduced bit for bit by the tests, and the strict reader refuses a
// string whose TLV lengths do not add up even when its CRC is right.
import { Decimal } from '../../decimal.ts';

export function crc16(payload: string): string {
  let crc = 0xffff;
  for (let i = 0; i < payload.length; i++) {
    crc ^= payload.charCodeAt(i) << 8;
    for (let b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const tlv = (id: string, valor: string) => {
  if (valor.length > 99) throw new Error(`Campo ${id} do PIX longo demais`);
  return `${id}${String(valor.length).padStart(2, '0')}${valor}`;
};

/** Name/city as the BR Code takes them: no accents, ASCII, trimmed to the field's size. */
export const textoPix = (s: string, max: number) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, max);

export type PixCobranca = {
  /** Chave PIX (static) — or `url` for a dynamic charge. */
  chave?: string | null;
  url?: string | null;
  /** Amount "10.00"; null/zero omits tag 54. */
  valor?: string | null;
  nome: string;
  cidade: string;
  /** Up to 25 letters/digits; empty → "***". */
  txid?: string | null;
  infoAdicional?: string | null;
  fss?: string | null;
  /** Tag 01 = "12" (may be paid once). */
  unico?: boolean;
  /** The GUI as written (default lowercase `br.gov.bcb.pix`; the manual's examples use uppercase). */
  gui?: string;
};

export function gerarBrCode(p: PixCobranca): string {
  const gui = tlv('00', p.gui ?? 'br.gov.bcb.pix');
  const conta =
    gui +
    (p.url ? tlv('25', p.url) : tlv('01', p.chave ?? '')) +
    (p.infoAdicional ? tlv('02', p.infoAdicional) : '') +
    (p.fss ? tlv('03', p.fss) : '');
  const valor = p.valor && !Decimal.of(p.valor).isZero() ? tlv('54', Decimal.of(p.valor).toFixed(2)) : '';
  const txid = (p.txid ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***';
  const corpo =
    tlv('00', '01') +
    (p.unico ? tlv('01', '12') : '') +
    tlv('26', conta) +
    tlv('52', '0000') +
    tlv('53', '986') +
    valor +
    tlv('58', 'BR') +
    tlv('59', textoPix(p.nome, 25)) +
    tlv('60', textoPix(p.cidade, 15)) +
    tlv('62', tlv('05', txid)) +
    '6304';
  return corpo + crc16(corpo);
}

export type BrCodeLido =
  | {
      ok: true;
      campos: Record<string, string>;
      chave: string | null;
      url: string | null;
      valor: string | null;
      nome: string;
      cidade: string;
      txid: string | null;
    }
  | { ok: false; motivo: string };

function tlvs(s: string): Record<string, string> | null {
  const out: Record<string, string> = {};
  let i = 0;
  while (i < s.length) {
    const id = s.slice(i, i + 2);
    const len = s.slice(i + 2, i + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(len)) return null;
    const n = Number(len);
    if (i + 4 + n > s.length) return null;
    out[id] = s.slice(i + 4, i + 4 + n);
    i += 4 + n;
  }
  return out;
}

/** Strict reading: TLV structure, CRC, the mandatory fields and the PIX GUI (any case). */
export function lerBrCode(s: string): BrCodeLido {
  const texto = s.trim();
  if (!/6304[0-9A-Fa-f]{4}$/.test(texto))
    return { ok: false, motivo: 'BR Code sem CRC (campo 63) no final.' };
  if (crc16(texto.slice(0, -4)) !== texto.slice(-4).toUpperCase())
    return { ok: false, motivo: 'CRC do BR Code não confere.' };
  const c = tlvs(texto);
  if (!c || c['63'] === undefined)
    return { ok: false, motivo: 'Estrutura do BR Code inválida (tamanhos dos campos).' };
  if (c['00'] !== '01') return { ok: false, motivo: 'Versão do payload (campo 00) inválida.' };
  const contaId = Object.keys(c).find(
    (k) => Number(k) >= 26 && Number(k) <= 51 && /^0014br\.gov\.bcb\.pix/i.test(c[k] ?? ''),
  );
  if (!contaId) return { ok: false, motivo: 'BR Code sem a conta PIX (br.gov.bcb.pix).' };
  const conta = tlvs(c[contaId] ?? '');
  if (!conta || (!conta['01'] && !conta['25'])) return { ok: false, motivo: 'BR Code sem chave nem URL.' };
  for (const k of ['52', '53', '58', '59', '60'])
    if (!c[k]) return { ok: false, motivo: `BR Code sem o campo ${k}.` };
  const adicional = c['62'] === undefined ? null : tlvs(c['62']);
  if (c['62'] !== undefined && !adicional) return { ok: false, motivo: 'Campo 62 do BR Code inválido.' };
  return {
    ok: true,
    campos: c,
    chave: conta['01'] ?? null,
    url: conta['25'] ?? null,
    valor: c['54'] ?? null,
    nome: c['59'] as string,
    cidade: c['60'] as string,
    txid: adicional?.['05'] ?? null,
  };
}
