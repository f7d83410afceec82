import {
  AGRUPAMENTOS_FLUXO,
  type AgingResposta,
  addDays,
  agrupamentoFluxoLabels,
  businessToday,
  type FluxoCaixaResposta,
  faixaAgingLabels,
  formatBRL,
  formatDateBR,
  type LinhaFluxo,
  plural,
  type ResumoClasseRow,
  type ResumoClassesResposta,
} from '@erp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowDownCircle, ArrowUpCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FilterPeriodo, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { LoadErrorAlert } from '@/components/data-table/list-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table.tsx';
import { useIsPhone } from '@/components/ui/use-media-query.ts';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { relatoriosApi, type TipoTituloApi } from '../api/financeiro-api.ts';
import { financeiroKeys } from '../api/keys.ts';
import { useContasOpcoes } from '../api/queries.ts';
import { linkDaFaixa } from '../components/aging-link.ts';
import { FluxoChart } from '../components/fluxo-chart.tsx';

// The finance area (/financeiro): fluxo de caixa (realizado and previsto by dia, semana or mês,
// chart and table, one bank account or all), the aging of receivables and payables (each faixa
// opens the list filtered by its due dates) and the month's receipts and payments by classe.
// The period, grouping, account and month live in the URL.

const num = 'text-right whitespace-nowrap tabular-nums';
const erroDe = (e: unknown, padrao: string) => (e instanceof ApiError ? e.message : padrao);

export function AreaFinanceiraPage() {
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Financeiro"
        description="Fluxo de caixa realizado e previsto, vencimentos em aberto por faixa de atraso e o resultado do mês por classe financeira."
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/financeiro/receber">
                <ArrowDownCircle aria-hidden />
                Contas a Receber
              </Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to="/financeiro/pagar">
                <ArrowUpCircle aria-hidden />
                Contas a Pagar
              </Link>
            </Button>
          </>
        }
      />
      <FluxoDeCaixa />
      <section aria-label="Aging" className="grid gap-4 lg:grid-cols-2">
        <Aging tipo="receber" />
        <Aging tipo="pagar" />
      </section>
      <ResumoClasses />
    </div>
  );
}

/** One URL parameter with its default (the default is left out of the URL). */
function useParam(key: string, padrao: string): [string, (v: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = (v: string) =>
    setParams(
      () => {
        const next = new URLSearchParams(window.location.search);
        if (v === padrao) next.delete(key);
        else next.set(key, v);
        return next;
      },
      { replace: true },
    );
  return [params.get(key) ?? padrao, set];
}

function FluxoDeCaixa() {
  const hoje = businessToday();
  const [de, setDe] = useParam('de', addDays(hoje, -30));
  const [ate, setAte] = useParam('ate', addDays(hoje, 60));
  const [agrupamento, setAgrupamento] = useParam('agrupamento', 'semana');
  const [conta, setConta] = useParam('conta_bancaria_id', '');
  const contas = useContasOpcoes();
  const query: Record<string, string> = {
    de,
    ate,
    agrupamento,
    ...(conta ? { conta_bancaria_id: conta } : {}),
  };
  const fluxo = useQuery({
    queryKey: [...financeiroKeys.all, 'fluxo-caixa', query],
    queryFn: () => relatoriosApi.fluxoCaixa(query) as Promise<FluxoCaixaResposta>,
    placeholderData: keepPreviousData,
    enabled: Boolean(de && ate),
  });
  const linhas = fluxo.data?.linhas ?? [];
  const phone = useIsPhone();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Fluxo de caixa</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-start gap-3">
          <FilterPeriodo de={de} ate={ate} onDe={setDe} onAte={setAte} />
          <FilterSelect
            label="Agrupamento"
            value={agrupamento}
            allLabel="Dia"
            options={AGRUPAMENTOS_FLUXO.filter((a) => a !== 'dia').map((a) => ({
              value: a,
              label: agrupamentoFluxoLabels[a],
            }))}
            onChange={(v) => setAgrupamento(v || 'dia')}
          />
          <FilterSelect
            label="Conta"
            value={conta}
            allLabel="Todas as contas"
            options={contas}
            onChange={setConta}
          />
        </div>
        {fluxo.isError ? (
          <LoadErrorAlert
            message={erroDe(fluxo.error, 'Não foi possível carregar o fluxo de caixa.')}
            onRetry={() => void fluxo.refetch()}
          />
        ) : !fluxo.data ? (
          <Skeleton className="h-48 w-full" />
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              Saldo inicial em {formatDateBR(de)}:{' '}
              <span className="font-medium text-foreground tabular-nums" data-testid="fluxo-saldo-inicial">
                {formatBRL(fluxo.data.saldo_inicial)}
              </span>
            </p>
            <FluxoChart linhas={linhas} />
            {phone ? <FluxoCartoes linhas={linhas} /> : <FluxoTabela linhas={linhas} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function FluxoTabela({ linhas }: { linhas: LinhaFluxo[] }) {
  return (
    <div className="max-h-[28rem] overflow-auto rounded-md border border-border">
      <Table aria-label="Fluxo de caixa por período">
        <TableHeader className="sticky top-0 bg-card">
          <TableRow>
            <TableHead>Período</TableHead>
            {COLUNAS_FLUXO.map(([k, rotulo]) => (
              <TableHead key={k} className="text-right">
                {rotulo}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {linhas.map((l) => (
            <TableRow key={l.periodo} data-testid="fluxo-linha">
              <TableCell className="whitespace-nowrap">{l.rotulo}</TableCell>
              {COLUNAS_FLUXO.map(([k]) => (
                <TableCell key={k} className={cn(num, estilo(k, l[k]))}>
                  {formatBRL(l[k])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** A phone: one card per period with its figures that are not zero and both balances. */
function FluxoCartoes({ linhas }: { linhas: LinhaFluxo[] }) {
  return (
    <ul
      aria-label="Fluxo de caixa por período"
      className="divide-y divide-border rounded-md border border-border"
    >
      {linhas.map((l) => (
        <li key={l.periodo} className="grid gap-1 p-3 text-sm" data-testid="fluxo-linha">
          <span className="font-medium">{l.rotulo}</span>
          <dl className="grid grid-cols-[1fr_auto] gap-x-3">
            {COLUNAS_FLUXO.filter(([k]) => k.startsWith('saldo') || !zero(l[k])).map(([k, rotulo]) => (
              <div key={k} className="contents">
                <dt className="text-muted-foreground">{rotulo}</dt>
                <dd className={cn('text-right tabular-nums', estilo(k, l[k]))}>{formatBRL(l[k])}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

const COLUNAS_FLUXO = [
  ['entradas_realizadas', 'Entradas realizadas'],
  ['saidas_realizadas', 'Saídas realizadas'],
  ['entradas_previstas', 'Entradas previstas'],
  ['saidas_previstas', 'Saídas previstas'],
  ['saldo_realizado', 'Saldo realizado'],
  ['saldo_previsto', 'Saldo previsto'],
] as const satisfies readonly (readonly [keyof LinhaFluxo, string])[];

const estilo = (k: string, v: string) =>
  k.startsWith('saldo') ? cn(k === 'saldo_realizado' && 'font-medium', negativo(v)) : zero(v);

const zero = (v: string) => (/^-?0(\.0+)?$/.test(v) ? 'text-muted-foreground' : undefined);
const negativo = (v: string) => (v.startsWith('-') ? 'text-destructive' : undefined);

function Aging({ tipo }: { tipo: TipoTituloApi }) {
  const aging = useQuery({
    queryKey: [...financeiroKeys.all, 'aging', tipo],
    queryFn: () => relatoriosApi.aging(tipo) as Promise<AgingResposta>,
  });
  const titulo = tipo === 'receber' ? 'Contas a receber por vencimento' : 'Contas a pagar por vencimento';
  return (
    <Card>
      <CardHeader>
        <CardTitle>{titulo}</CardTitle>
      </CardHeader>
      <CardContent>
        {aging.isError ? (
          <LoadErrorAlert
            message={erroDe(aging.error, 'Não foi possível carregar os vencimentos.')}
            onRetry={() => void aging.refetch()}
          />
        ) : !aging.data ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <ul aria-label={titulo} className="divide-y divide-border">
            {aging.data.faixas.map((f) => (
              <li key={f.faixa}>
                <Link
                  to={linkDaFaixa(tipo, f.faixa, aging.data.hoje)}
                  className="flex items-center justify-between gap-3 rounded px-2 py-2 hover:bg-muted/50"
                  data-testid={`aging-${tipo}-${f.faixa}`}
                >
                  <span>
                    <span className={cn(f.faixa !== 'a_vencer' && f.quantidade > 0 && 'text-destructive')}>
                      {faixaAgingLabels[f.faixa]}
                    </span>
                    <span className="ml-2 text-xs text-muted-foreground">
                      {plural(f.quantidade, 'título', 'títulos')}
                    </span>
                  </span>
                  <span className="font-medium tabular-nums">{formatBRL(f.saldo)}</span>
                </Link>
              </li>
            ))}
            <li className="flex items-center justify-between gap-3 px-2 py-2 font-semibold">
              <span>Total em aberto</span>
              <span className="tabular-nums">{formatBRL(aging.data.total.saldo)}</span>
            </li>
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const MESES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** The last 12 months, newest first ("2027-02" → "fevereiro de 2027"). */
function ultimosMeses(hoje: string) {
  let ano = Number(hoje.slice(0, 4));
  let mes = Number(hoje.slice(5, 7));
  const out: { value: string; label: string }[] = [];
  for (let i = 0; i < 12; i++) {
    out.push({ value: `${ano}-${String(mes).padStart(2, '0')}`, label: `${MESES[mes - 1]} de ${ano}` });
    mes -= 1;
    if (mes === 0) {
      mes = 12;
      ano -= 1;
    }
  }
  return out;
}

function ResumoClasses() {
  const meses = ultimosMeses(businessToday());
  const [mes, setMes] = useParam('mes', meses[0]!.value);
  const resumo = useQuery({
    queryKey: [...financeiroKeys.all, 'resumo-classes', mes],
    queryFn: () => relatoriosApi.resumoClasses(mes) as Promise<ResumoClassesResposta>,
    placeholderData: keepPreviousData,
  });
  const r = resumo.data;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <CardTitle>Recebimentos e pagamentos do mês por classe</CardTitle>
        <FilterSelect
          label="Mês"
          value={mes}
          allLabel={meses[0]!.label}
          options={meses.slice(1)}
          onChange={(v) => setMes(v || meses[0]!.value)}
        />
      </CardHeader>
      <CardContent>
        {resumo.isError ? (
          <LoadErrorAlert
            message={erroDe(resumo.error, 'Não foi possível carregar o resumo.')}
            onRetry={() => void resumo.refetch()}
          />
        ) : !r ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            <TabelaClasses titulo="Recebimentos" linhas={r.receitas} total={r.total_receitas} />
            <TabelaClasses titulo="Pagamentos" linhas={r.despesas} total={r.total_despesas} />
            <p className="text-sm lg:col-span-2">
              Resultado do mês:{' '}
              <span className={cn('font-semibold tabular-nums', negativo(r.resultado) ?? 'text-success')}>
                {formatBRL(r.resultado)}
              </span>
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function TabelaClasses({
  titulo,
  linhas,
  total,
}: {
  titulo: string;
  linhas: ResumoClasseRow[];
  total: string;
}) {
  return (
    <div className="rounded-md border border-border">
      <Table aria-label={titulo}>
        <TableHeader>
          <TableRow>
            <TableHead>{titulo}</TableHead>
            <TableHead className="text-right">Valor</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {linhas.length === 0 ? (
            <Vazio>Nada no mês.</Vazio>
          ) : (
            linhas.map((l) => (
              <TableRow key={l.classe_financeira_id ?? 'sem-classe'}>
                <TableCell>
                  {l.codigo ? (
                    <span className="mr-2 font-mono text-xs text-muted-foreground">{l.codigo}</span>
                  ) : null}
                  {l.nome}
                </TableCell>
                <TableCell className={num}>{formatBRL(l.valor)}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell className="font-semibold">Total</TableCell>
            <TableCell className={cn(num, 'font-semibold')}>{formatBRL(total)}</TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </div>
  );
}

function Vazio({ children }: { children: ReactNode }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={2} className="py-6 text-center text-muted-foreground">
        {children}
      </TableCell>
    </TableRow>
  );
}
