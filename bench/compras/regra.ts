// The pure rule's cost alone (issue 34): sugereCompra on 5,000 synthetic products shaped like the
// bench's (bench/compras/run.ts), warm, median of the rounds, and the JSON answer's size.
//   npx tsx bench/compras/regra.ts [--produtos 5000] [--rounds 15]

import os from 'node:os';
import {
  type ProdutoSugestaoEntrada,
  sugereCompra,
} from '../../packages/shared/src/compras/sugestao-compra.ts';
import { argValue } from '../lib/pg.ts';

const P = Number(argValue('produtos') ?? '5000');
const ROUNDS = Number(argValue('rounds') ?? '15');
const hoje = '2026-11-29';
const produtos: ProdutoSugestaoEntrada[] = Array.from({ length: P }, (_, i) => {
  const g = i + 1;
  const s = 1 + (g % 5);
  return {
    produtoId: `00000000-0000-4000-8000-${String(g).padStart(12, '0')}`,
    unidade: 'UN',
    atual: {
      dias: 90,
      diasSemEstoque: g % 10 === 0 ? 22 : 0,
      vendidoComEstoque: `${(s * 235).toFixed(3)}`,
      valorVendido: `${(s * 1235.5).toFixed(2)}`,
    },
    anterior: {
      dias: 90,
      diasSemEstoque: 0,
      vendidoComEstoque: `${(s * 220).toFixed(3)}`,
      valorVendido: `${(s * 1100).toFixed(2)}`,
    },
    saldo: `${40 + (g % 30)}.000`,
    reservado: `${g % 5}.000`,
    emPedido: g % 5 === 0 ? '24.000' : '0.000',
    pendentes: '0.000',
    estoqueMinimo: g % 7 === 0 ? '50.000' : null,
    estoqueMaximo: g % 11 === 0 ? '500.000' : null,
    embalagemCompra: g % 2 === 0 ? { unidade: 'CX', fator: '12' } : null,
    prazoEntregaDias: g % 4 === 0 ? 7 : null,
    custoUnitario: '5.0000',
    ultimaCompra: { preco: '4.8000', data: '2026-11-09' },
    lotes:
      g % 10 === 3
        ? [
            { quantidade: '10.000', validade: '2026-11-27' },
            { quantidade: '20.000', validade: '2026-12-09' },
            { quantidade: '30.000', validade: '2027-06-17' },
          ]
        : [],
    pesoBruto: '0.500',
    volume: '0.001000',
  };
});
const entrada = {
  fornecedor: { prazoEntregaDias: 10, pedidoMinimo: '5000.00' },
  produtos,
  parametros: { hoje, prazoPadraoDias: 7, diasCobertura: 30, diasSeguranca: 5, horizonteVencimentoDias: 45 },
};
// Wall time and this process's CPU time (less sensitive to a shared machine's load), then the JSON.
const tempos: number[] = [];
const cpu: number[] = [];
const json: number[] = [];
let tamanho = 0;
for (let r = 0; r < ROUNDS + 3; r++) {
  const t = performance.now();
  const c = process.cpuUsage();
  const out = sugereCompra(entrada);
  const dc = process.cpuUsage(c);
  const dt = performance.now() - t;
  const tj = performance.now();
  tamanho = JSON.stringify(out).length;
  if (r < 3) continue;
  json.push(performance.now() - tj);
  tempos.push(dt);
  cpu.push((dc.user + dc.system) / 1000);
}
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(1);
console.log(
  `${P} products: rule wall p50 ${p50(tempos)} ms (min ${Math.min(...tempos).toFixed(1)}), CPU p50 ${p50(cpu)} ms; JSON ${(tamanho / 1e6).toFixed(2)} MB, stringify p50 ${p50(json)} ms; load ${os.loadavg()[0]!.toFixed(1)}`,
);
