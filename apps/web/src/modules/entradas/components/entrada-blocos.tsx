import { formatBRL, formatDateBR, type StatusTitulo, statusTituloLabels } from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useOpcoesEstoque } from '@/modules/estoque/api/queries.ts';
import { type Entrada, entradasApi } from '../api/entradas-api.ts';
export function Aviso({
  tom,
  icone,
  children,
}: {
  tom: 'erro' | 'alerta';
  icone: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div
      role={tom === 'erro' ? 'alert' : 'status'}
      className={
        tom === 'erro'
          ? 'flex items-start gap-2 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm'
          : 'flex items-start gap-2 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm'
      }
    >
      {icone}
      <div className="min-w-0 [overflow-wrap:anywhere]">{children}</div>
    </div>
  );
}

import { useAcao } from './use-acao-entrada.ts';

// Blocks of a goods receipt's page: warnings, totals, default location, condição and the payables.

export function Totais({ e }: { e: Entrada }) {
  const t = e.totais;
  const figuras: [string, string][] = [
    ['Produtos', t.produtos],
    ['Desconto', t.desconto],
    ['Frete', t.frete],
    ['IPI', t.ipi],
    ['ICMS-ST', t.icms_st],
    ['Total da nota', t.nota],
  ];
  return (
    <dl
      aria-label="Totais da nota"
      className="grid grid-cols-2 gap-3 rounded-lg border border-border bg-card p-3 sm:grid-cols-3 lg:grid-cols-6"
    >
      {figuras.map(([label, v]) => (
        <div key={label} className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatBRL(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function LocalPadrao({ e }: { e: Entrada }) {
  const locais = useOpcoesEstoque('locais');
  const salvar = useAcao(
    (local: string) => entradasApi.atualizar(e.id, { versao: e.versao, local_id: local || null } as never),
    'Local padrão salvo.',
  );
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <Label htmlFor="local-padrao">Local de entrada</Label>
      <NativeSelect
        id="local-padrao"
        className="w-auto min-w-48"
        value={e.local_id ?? ''}
        disabled={salvar.isPending}
        onChange={(ev) => salvar.mutate([ev.target.value])}
      >
        <option value="">Selecione</option>
        {locais
          .filter((l) => l.ativo || l.id === e.local_id)
          .map((l) => (
            <option key={l.id} value={l.id}>
              {l.nome}
            </option>
          ))}
      </NativeSelect>
      <span className="text-muted-foreground">(cada item pode ter o seu)</span>
    </div>
  );
}

export function CondicaoPagamento({ e }: { e: Entrada }) {
  const condicoes =
    useQuery({
      queryKey: ['entradas', 'condicoes-pagamento'],
      queryFn: async () => (await entradasApi.condicoes()).items,
      staleTime: 60_000,
    }).data ?? [];
  const salvar = useAcao(
    (c: string) =>
      entradasApi.atualizar(e.id, { versao: e.versao, condicao_pagamento_id: c || null } as never),
    'Condição de pagamento salva.',
  );
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <Label htmlFor="condicao-pagamento">Condição de pagamento</Label>
      <NativeSelect
        id="condicao-pagamento"
        className="w-auto min-w-48"
        value={e.condicao_pagamento_id ?? ''}
        disabled={salvar.isPending}
        onChange={(ev) => salvar.mutate([ev.target.value])}
      >
        <option value="">Selecione</option>
        {condicoes.map((c) => (
          <option key={c.id} value={c.id}>
            {c.nome}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

export function Financeiro({ e }: { e: Entrada }) {
  const titulos = e.titulos;
  if (titulos.length)
    return (
      <section aria-label="Contas a pagar" className="grid gap-2">
        <h2 className="text-base font-semibold">
          Contas a pagar{' '}
          <Link to="/financeiro/pagar" className="text-sm font-normal underline-offset-4 hover:underline">
            (abrir Contas a Pagar)
          </Link>
        </h2>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Parcela</TableHead>
              <TableHead>Vencimento</TableHead>
              <TableHead className="text-right">Valor</TableHead>
              <TableHead>Situação</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {titulos.map((t) => (
              <TableRow key={t.id}>
                <TableCell>{t.parcela}</TableCell>
                <TableCell>{formatDateBR(t.vencimento)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatBRL(t.valor)}</TableCell>
                <TableCell>{statusTituloLabels[t.status as StatusTitulo] ?? t.status}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
    );
  return (
    <section aria-label="Duplicatas" className="grid gap-2">
      <h2 className="text-base font-semibold">Contas a pagar previstas (duplicatas da nota)</h2>
      {e.duplicatas.length ? (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Duplicata</TableHead>
              <TableHead>Vencimento</TableHead>
              <TableHead className="text-right">Valor</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {e.duplicatas.map((d) => (
              <TableRow key={d.numero}>
                <TableCell>{d.numero}</TableCell>
                <TableCell>{formatDateBR(d.vencimento)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatBRL(d.valor)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <p className="text-sm text-muted-foreground">
          A nota não traz duplicatas: as contas a pagar seguem a condição de pagamento da entrada.
        </p>
      )}
    </section>
  );
}
