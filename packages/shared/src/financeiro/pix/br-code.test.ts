import { describe, expect, it } from 'vitest';
import { crc16, gerarBrCode, lerBrCode, type PixCobranca } from './br-code.ts';

// The strings of ../shared/fixtures/pix.md (pix-utils tests, the BCB example pair, the manual's
// examples), rebuilt from their fields bit for bit; the malformed one refused by the strict reader.

const thales = { nome: 'Thales Ogliari', cidade: 'SÃO MIGUÉL DO O' };
const url = 'payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e87';
const casos: Array<[string, PixCobranca, string]> = [
  [
    'STATIC_TEST_EMV',
    { ...thales, nome: 'THALES OGLIARI', chave: 'thalesog@me.com', infoAdicional: 'Pedido 123', valor: '10' },
    '00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***63040DC6',
  ],
  [
    'STATIC_TEST_NO_VALUE_EMV',
    { ...thales, nome: 'THALES OGLIARI', chave: 'thalesog@me.com', infoAdicional: 'Pedido 123', valor: '0' },
    '00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 1235204000053039865802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***630462CA',
  ],
  [
    'STATIC_TEST_NO_VALUE_WITHFSS_EMV',
    {
      ...thales,
      nome: 'THALES OGLIARI',
      chave: 'thalesog@me.com',
      infoAdicional: 'Pedido 123',
      fss: '12341234',
    },
    '00020126630014br.gov.bcb.pix0115thalesog@me.com0210Pedido 1230308123412345204000053039865802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***6304901C',
  ],
  [
    'STATIC_TEST_WITH_FSS',
    {
      chave: '4004901d-bd85-4769-8e52-cb4c42c506dc',
      infoAdicional: 'Jornada pagador 43107',
      fss: '99999008',
      valor: '577.57',
      nome: 'Pix',
      cidade: 'BRASILIA',
      txid: '99ed983ea570413d8d336301d',
    },
    '00020126950014br.gov.bcb.pix01364004901d-bd85-4769-8e52-cb4c42c506dc0221Jornada pagador 431070308999990085204000053039865406577.575802BR5903Pix6008BRASILIA6229052599ed983ea570413d8d336301d630418B7',
  ],
  [
    'DYNAMIC_TEST_EMV',
    { ...thales, nome: 'THALES OGLIARI', url },
    `00020126740014br.gov.bcb.pix2552${url}5204000053039865802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***630442C5`,
  ],
  [
    'DYNAMIC_ONE_TIME_TEST_EMV',
    { ...thales, nome: 'THALES OGLIARI', url, unico: true },
    `00020101021226740014br.gov.bcb.pix2552${url}5204000053039865802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***63042895`,
  ],
  [
    'DYNAMIC_TEST_NORMALIZED_NAME',
    { nome: 'BÁRBARA PELÉ', cidade: 'SAO MIGUEL DO O', url },
    `00020126740014br.gov.bcb.pix2552${url}5204000053039865802BR5912BARBARA PELE6015SAO MIGUEL DO O62070503***63040433`,
  ],
  [
    'BCB static 1D3D',
    { chave: '123e4567-e12b-12d1-a456-426655440000', nome: 'Fulano de Tal', cidade: 'BRASILIA' },
    '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
  ],
  [
    'BCB dynamic 64E4',
    {
      url: 'pix.example.com/8b3da2f39a4140d1a91abd93113bd441',
      nome: 'Fulano de Tal',
      cidade: 'BRASILIA',
      unico: true,
    },
    '00020101021226700014br.gov.bcb.pix2548pix.example.com/8b3da2f39a4140d1a91abd93113bd4415204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***630464E4',
  ],
  [
    'Manual dynamic EEAB (uppercase GUI)',
    {
      gui: 'BR.GOV.BCB.PIX',
      url: 'pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a99',
      nome: 'EMPRESA',
      cidade: 'SAO PAULO',
      unico: true,
    },
    '00020101021226770014BR.GOV.BCB.PIX2555pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a995204000053039865802BR5907EMPRESA6009SAO PAULO62070503***6304EEAB',
  ],
];

describe('PIX BR Code', () => {
  it('CRC-16/CCITT-FALSE check value', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it.each(casos)('%s reproduced bit for bit and read back', (_nome, campos, esperado) => {
    expect(gerarBrCode(campos)).toBe(esperado);
    expect(lerBrCode(esperado)).toMatchObject({ ok: true });
  });

  it('reads a string with the recurrence tag 80 (CRC B6DE)', () => {
    const r = lerBrCode(
      '00020126370014br.gov.bcb.pix0115thalesog@me.com520400005303986540510.005802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***80780014br.gov.bcb.pix2556payload.psp.com/rec/3ec9d2f9-5f03-4e0e-820d-63a81e769e876304B6DE',
    );
    expect(r).toMatchObject({ ok: true, chave: 'thalesog@me.com', valor: '10.00', txid: '***' });
  });

  it('negative case: tag 62 declares 08 but holds 7 characters — the CRC is right, the structure is refused', () => {
    const malformado =
      '00020126360014BR.GOV.BCB.PIX0114+5511943214321520400005303986540566.665802BR5907EMPRESA6008BRASILIA62080503***6304170E';
    expect(crc16(malformado.slice(0, -4))).toBe('170E');
    expect(lerBrCode(malformado)).toEqual({
      ok: false,
      motivo: 'Estrutura do BR Code inválida (tamanhos dos campos).',
    });
  });

  it('a changed character fails the CRC', () => {
    const s = casos[0]?.[2] ?? '';
    expect(lerBrCode(s.replace('10.00', '11.00'))).toEqual({
      ok: false,
      motivo: 'CRC do BR Code não confere.',
    });
  });

  it('txid from the título: letters and digits only, at most 25', () => {
    const s = gerarBrCode({
      chave: 'a@b.com',
      nome: 'Loja',
      cidade: 'Curitiba',
      valor: '1.5',
      txid: 'REC-000123/2',
    });
    expect(lerBrCode(s)).toMatchObject({ ok: true, txid: 'REC0001232', valor: '1.50' });
  });
});
