import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatarLinhaDigitavel } from '@erp/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { paginasPdf, temPoppler } from '../../../test/pdf-texto.ts';
import { gerarBoletosPdf } from './boleto-pdf.ts';
import { barrasI25, LARGURA_BARRAS, MM } from './boleto-pdf-barras.ts';
import { boletoExemplo, CARTEIRA_BB, CARTEIRA_ITAU, PIX_EXEMPLO } from './boleto-pdf-exemplo.ts';
import { codigoBancoComDv, dataBR, dinheiro, documentoRotulado } from './boleto-pdf-formato.ts';

// The boleto PDF read back: text with pdftotext, pages with pdfinfo, and the printed symbols decoded
// from a 300 dpi rendering (pdftoppm) with zbarimg — the interleaved 2 of 5 must give back the
// 44-digit barcode exactly, the PIX QR code its copia e cola. Barcodes are real ones (gerarBoleto,
// Itaú carteira 109 and Banco do Brasil convênio 7).

const temZbar = (() => {
  try {
    execFileSync('zbarimg', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!temPoppler)
  console.warn('boleto-pdf.test: pdftotext (poppler-utils) ausente — boleto não lido de volta');
if (!temZbar && !process.env.CI)
  console.warn(
    'boleto-pdf.test: zbarimg ausente (apt-get install zbar-tools) — código de barras não decodificado',
  );

const dir = mkdtempSync(join(tmpdir(), 'boleto-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function salva(pdf: Buffer): string {
  const f = join(dir, `b${++n}.pdf`);
  writeFileSync(f, pdf);
  return f;
}

function paginas(arquivo: string): number {
  const info = execFileSync('pdfinfo', [arquivo], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
}

/** What zbarimg reads on each page rendered at 300 dpi: ["I2/5:…", "QR-Code:…"]. */
function simbolos(arquivo: string): string[][] {
  const prefixo = arquivo.replace(/\.pdf$/, '-p');
  execFileSync('pdftoppm', ['-r', '300', '-png', arquivo, prefixo]);
  const pngs = readdirSync(dir)
    .filter((f) => join(dir, f).startsWith(prefixo) && f.endsWith('.png'))
    .sort();
  return pngs.map((png) => {
    try {
      const saida = execFileSync(
        'zbarimg',
        ['-q', '-Sdisable', '-Si25.enable', '-Sqrcode.enable', join(dir, png)],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
      );
      return saida.split('\n').filter(Boolean).sort();
    } catch {
      return []; // exit status 4: nothing decoded
    }
  });
}

const itau = boletoExemplo(CARTEIRA_ITAU);
const bb = boletoExemplo(CARTEIRA_BB, { sequencial: 777, valor: '98765.43', vencimento: '2027-03-10' });
const itau2 = boletoExemplo(CARTEIRA_ITAU, { sequencial: 12346, valor: '0.99', vencimento: '2026-12-31' });
const hibrido = boletoExemplo(CARTEIRA_ITAU, { sequencial: 12347, pix: true });

it.runIf(process.env.CI)('CI reads the boleto back: poppler-utils and zbar-tools are installed', () => {
  expect(temPoppler, 'pdftotext ausente: instale poppler-utils').toBe(true);
  expect(temZbar, 'zbarimg ausente: instale zbar-tools').toBe(true);
});

describe('formats', () => {
  it('bank codes with the DVs the banks print', () => {
    expect(['001', '341', '237', '104', '033', '756', '748'].map(codigoBancoComDv)).toEqual([
      '001-9',
      '341-7',
      '237-2',
      '104-0',
      '033-7',
      '756-0',
      '748-X',
    ]);
    // Others by the rule: 077 → 7·2 + 7·3 + 0·4 = 35, resto 2, 11 − 2 = 9; 006 → 12, resto 1,
    // 10 → X; 112 → 2·2 + 1·3 + 1·4 = 11, resto 0, 11 → 0.
    expect(['077', '006', '112'].map(codigoBancoComDv)).toEqual(['077-9', '006-X', '112-0']);
  });

  it('money, dates and documents in pt-BR', () => {
    expect(dinheiro('1234.5')).toBe('R$ 1.234,50');
    expect(dinheiro('98765432.10')).toBe('R$ 98.765.432,10');
    expect(dataBR('2026-12-15')).toBe('15/12/2026');
    expect(documentoRotulado('06117473000150')).toBe('CNPJ 06.117.473/0001-50');
    expect(documentoRotulado('12345678909')).toBe('CPF 123.456.789-09');
    expect(documentoRotulado('12ABC34501DE35')).toBe('CNPJ 12.ABC.345/01DE-35');
  });

  it('the barcode at the FEBRABAN size: 103 mm wide, narrow bar 0.254 mm', () => {
    const barras = barrasI25(itau.codigoBarras);
    const larguras = barras.map(([, w]) => w / MM);
    expect(Math.min(...larguras)).toBeGreaterThanOrEqual(0.25);
    expect(Math.min(...larguras)).toBeCloseTo(0.254, 3);
    const [x, w] = barras.at(-1)!;
    expect((x + w) / MM).toBeCloseTo(LARGURA_BARRAS / MM, 6);
    expect(LARGURA_BARRAS / MM).toBeCloseTo(103, 6);
    // start (2 bars) + 22 pairs × 5 bars + stop (2 bars)
    expect(barras).toHaveLength(2 + 22 * 5 + 2);
  });
});

describe('refusals (pt-BR)', () => {
  it('no boleto, a wrong barcode, a linha of another boleto', async () => {
    await expect(gerarBoletosPdf([])).rejects.toThrow('Nenhum boleto para imprimir.');
    const errado = `${itau.codigoBarras.slice(0, 4)}${(Number(itau.codigoBarras[4]) + 1) % 10}${itau.codigoBarras.slice(5)}`;
    await expect(gerarBoletosPdf([{ ...itau, codigoBarras: errado }])).rejects.toThrow(
      /^Boleto 1: Dígito verificador do código de barras inválido/,
    );
    await expect(gerarBoletosPdf([itau, { ...bb, linhaDigitavel: itau.linhaDigitavel }])).rejects.toThrow(
      'Boleto 2: a linha digitável não corresponde ao código de barras.',
    );
    await expect(gerarBoletosPdf([{ ...itau, valor: '12,50' }])).rejects.toThrow(
      'Valor do boleto inválido: 12,50.',
    );
  });
});

describe.skipIf(!temPoppler)('the PDF read back', () => {
  it('one boleto: one page with the FEBRABAN texts, numbers and names', async () => {
    const pdf = await gerarBoletosPdf([itau]);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const f = salva(pdf);
    expect(paginas(f)).toBe(1);
    const [texto] = paginasPdf(pdf);
    const linha = formatarLinhaDigitavel(itau.linhaDigitavel);
    expect(linha).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    expect(texto!.split(linha).length - 1).toBe(2); // recibo and ficha
    for (const t of [
      'Recibo do Pagador',
      'Corte na linha pontilhada',
      'Autenticação mecânica - Ficha de Compensação',
      'Itaú',
      '341-7',
      'Local de pagamento',
      'Pagável em qualquer banco até o vencimento',
      'Agência / Código do beneficiário',
      itau.agenciaCodigoBeneficiario,
      'Nosso número',
      itau.nossoNumero,
      'Espécie doc.',
      'Data processamento',
      'Uso do banco',
      '(=) Valor do documento',
      '(-) Desconto / Abatimento',
      '(+) Mora / Multa',
      '(=) Valor cobrado',
      'Instruções (texto de responsabilidade do beneficiário)',
      'Juros de mora de 1,00% ao mês (R$ 0,41 por dia de atraso).',
      'R$ 1.234,50',
      '15/12/2026',
      '29/11/2026',
      'NF 4632/12345',
      'Distribuidora São João Ltda - CNPJ 06.117.473/0001-50',
      'Rua das Acácias, 1200 - Jardim América',
      'Mercearia Pão de Açúcar do Zé Ltda - CNPJ 34.128.745/0001-52',
      'CEP 13015-904 - Campinas/SP',
    ])
      expect(texto, t).toContain(t);
    expect(texto).not.toContain('Pague com PIX');
  });

  it.skipIf(!temZbar && !process.env.CI)('one boleto: the barcode decodes to its 44 digits', async () => {
    expect(temZbar, 'zbarimg ausente: instale zbar-tools').toBe(true);
    const f = salva(await gerarBoletosPdf([itau]));
    expect(simbolos(f)).toEqual([[`I2/5:${itau.codigoBarras}`]]);
  });

  it('three boletos: three pages, each with its own numbers', async () => {
    const boletos = [itau, bb, itau2];
    const pdf = await gerarBoletosPdf(boletos);
    const f = salva(pdf);
    expect(paginas(f)).toBe(3);
    const textos = paginasPdf(pdf);
    expect(textos).toHaveLength(3);
    boletos.forEach((b, i) => {
      expect(textos[i]).toContain(formatarLinhaDigitavel(b.linhaDigitavel));
      expect(textos[i]).toContain(dinheiro(b.valor));
      expect(textos[i]).toContain(dataBR(b.vencimento));
    });
    expect(textos[1]).toContain('Banco do Brasil');
    expect(textos[1]).toContain('001-9');
    expect(textos[1]).toContain('R$ 98.765,43');
    expect(textos[1]).toContain('10/03/2027');
    expect(textos[2]).toContain('R$ 0,99');

    if (!temZbar && !process.env.CI) return;
    expect(temZbar, 'zbarimg ausente: instale zbar-tools').toBe(true);
    expect(simbolos(f)).toEqual(boletos.map((b) => [`I2/5:${b.codigoBarras}`]));
  });

  it('boleto híbrido: "Pague com PIX" and a QR code that decodes to the copia e cola', async () => {
    const pdf = await gerarBoletosPdf([hibrido]);
    const f = salva(pdf);
    const [texto] = paginasPdf(pdf);
    expect(texto).toContain('Pague com PIX');
    expect(texto).toContain('Pix Copia e Cola:');

    if (!temZbar && !process.env.CI) return;
    expect(temZbar, 'zbarimg ausente: instale zbar-tools').toBe(true);
    expect(simbolos(f)).toEqual([[`I2/5:${hibrido.codigoBarras}`, `QR-Code:${PIX_EXEMPLO}`]]);
  });
});
