import {
  businessMonthStart,
  businessToday,
  formatBRL,
  formatDateBR,
  type LinhaConciliacaoRow,
  type PeriodoConciliacaoResposta,
  plural,
  type TituloAbertoRow,
} from '@erp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { ApiError, api, unwrap } from '@/lib/api-client.ts';
import { financeiroKeys } from '../api/keys.ts';
import { ContaPeriodo, useContaPeriodo } from '../components/conta-periodo.tsx';
import { CriarDaLinhaDialog } from '../components/criar-da-linha-dialog.tsx';

// /financeiro/conciliacao-bancaria: the statement lines of one account and period beside the
// system's movements and the open títulos; each pending line shows its ranked suggestions (accept),
// a manual match with an open título, «Criar título» (a dialog pre-filled from the line: the
// customer/supplier the memo names, classe, description; a bank fee → Despesas bancárias); a matched
// line can be undone. The badge says whether the period is conciliado.

const c = api.financeiro['conciliacao-bancaria'];
const num = 'text-right whitespace-nowrap tabular-nums';
const valorClasse = (v: string) => (v.startsWith('-') ? 'text-destructive' : 'text-success');

const conciliacaoApi = {
  periodo: (query: Record<string, string>) =>
    unwrap(c.$get({ query: query as never })) as Promise<PeriodoConciliacaoResposta>,
  conciliar: (id: string, json: { titulo_ids?: string[]; movimento_ids?: number[] }) =>
    unwrap(c.linhas[':id'].conciliar.$post({ param: { id }, json: json as never })),
  desfazer: (id: string) => unwrap(c.linhas[':id'].desfazer.$post({ param: { id } })),
};

export function ConciliacaoBancariaPage() {
  const qc = useQueryClient();
  const cp = useContaPeriodo(businessMonthStart(), businessToday());
  const { conta, de, ate } = cp;
  const [erro, setErro] = useState<string | null>(null);
  const periodo = useQuery({
    queryKey: [...financeiroKeys.all, 'conciliacao', conta, de, ate],
    queryFn: () => conciliacaoApi.periodo({ conta_bancaria_id: conta, de, ate }),
    enabled: !!conta,
  });
  const acao = useMutation({
    mutationFn: (f: () => Promise<unknown>) => f(),
    onMutate: () => setErro(null),
    onError: (e) => setErro(e instanceof ApiError ? e.message : 'Não foi possível concluir a operação.'),
    onSettled: () => qc.invalidateQueries({ queryKey: financeiroKeys.all }),
  });
  const p = periodo.data;
  const s = p?.situacao;

  return (
    <div>
      <PageHeader
        title="Conciliação Bancária"
        description="Linhas do extrato ao lado dos movimentos do sistema e dos títulos em aberto da conta."
        actions={
          s ? (
            <Badge variant={s.status === 'conciliado' ? 'success' : 'warning'} data-testid="status-periodo">
              {s.status === 'conciliado' ? 'Conciliado' : 'Pendente'}
            </Badge>
          ) : null
        }
      />
      <ContaPeriodo id="conciliacao-conta" estado={cp} />
      {s ? (
        <dl className="mb-4 grid grid-cols-2 gap-3 rounded-md border p-3 text-sm sm:grid-cols-4">
          <Resumo titulo="Linhas conciliadas" valor={`${s.conciliadas} de ${s.total_linhas}`} />
          <Resumo titulo="Saldo do extrato" valor={formatBRL(s.saldo_extrato)} />
          <Resumo titulo="Saldo conciliado" valor={formatBRL(s.saldo_conciliado)} />
          <Resumo
            titulo="Diferença"
            valor={formatBRL(s.diferenca)}
            destaque={s.diferenca !== '0.00'}
            testId="diferenca"
          />
        </dl>
      ) : null}
      {erro ? (
        <p role="alert" className="mb-4 text-sm text-destructive">
          {erro}
        </p>
      ) : null}
      {periodo.isError ? (
        <p role="alert" className="mb-4 text-sm text-destructive">
          {periodo.error instanceof ApiError
            ? periodo.error.message
            : 'Não foi possível carregar a conciliação.'}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="linhas-extrato">
          <h2 id="linhas-extrato" className="mb-2 font-semibold">
            Linhas do extrato
          </h2>
          {p && p.linhas.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nenhuma linha do extrato neste período.</p>
          ) : null}
          <ul className="space-y-2">
            {(p?.linhas ?? []).map((l) => (
              <LinhaCard
                key={l.id}
                linha={l}
                titulos={p?.titulos ?? []}
                ocupado={acao.isPending}
                executar={(f) => acao.mutate(f)}
              />
            ))}
          </ul>
        </section>
        <div className="space-y-4">
          <section aria-labelledby="movimentos-sistema">
            <h2 id="movimentos-sistema" className="mb-2 font-semibold">
              Movimentos do sistema
            </h2>
            <table className="w-full text-sm">
              <tbody>
                {(p?.movimentos ?? []).map((m) => (
                  <tr key={m.id} className="border-b">
                    <td className="py-1 pr-2 whitespace-nowrap">{formatDateBR(m.data)}</td>
                    <td className="py-1 pr-2">
                      {m.historico}
                      {m.conciliado ? (
                        <Badge variant="outline" className="ml-2">
                          Conciliado
                        </Badge>
                      ) : null}
                    </td>
                    <td className={`${num} py-1 ${valorClasse(m.valor)}`}>{formatBRL(m.valor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {p && p.movimentos.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nenhum movimento no período.</p>
            ) : null}
          </section>
          <section aria-labelledby="titulos-abertos">
            <h2 id="titulos-abertos" className="mb-2 font-semibold">
              Títulos em aberto
            </h2>
            <table className="w-full text-sm">
              <tbody>
                {(p?.titulos ?? []).map((t) => (
                  <tr key={t.id} className="border-b">
                    <td className="py-1 pr-2 whitespace-nowrap">{formatDateBR(t.vencimento)}</td>
                    <td className="py-1 pr-2">
                      {t.pessoa_nome}
                      {t.documento ? <span className="text-muted-foreground"> · {t.documento}</span> : null}
                      <span className="text-muted-foreground">
                        {' '}
                        · {t.tipo === 'receber' ? 'A receber' : 'A pagar'}
                      </span>
                    </td>
                    <td className={`${num} py-1`}>{formatBRL(t.saldo)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {p && p.titulos.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                Nenhum título em aberto com vencimento no período.
              </p>
            ) : null}
          </section>
        </div>
      </div>
    </div>
  );
}

function Resumo({
  titulo,
  valor,
  destaque,
  testId,
}: {
  titulo: string;
  valor: string;
  destaque?: boolean;
  testId?: string;
}) {
  return (
    <div>
      <dt className="text-muted-foreground">{titulo}</dt>
      <dd className={`font-medium tabular-nums ${destaque ? 'text-destructive' : ''}`} data-testid={testId}>
        {valor}
      </dd>
    </div>
  );
}

function LinhaCard({
  linha: l,
  titulos,
  ocupado,
  executar,
}: {
  linha: LinhaConciliacaoRow;
  titulos: TituloAbertoRow[];
  ocupado: boolean;
  executar(f: () => Promise<unknown>): void;
}) {
  const [manual, setManual] = useState('');
  const [criando, setCriando] = useState(false);
  const credito = !l.valor.startsWith('-');
  const doLado = titulos.filter((t) => t.tipo === (credito ? 'receber' : 'pagar'));
  return (
    <li className="rounded-md border p-3" data-testid="linha-extrato">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="text-sm text-muted-foreground">
            {formatDateBR(l.data)}
            {l.documento ? ` · Doc. ${l.documento}` : ''}
          </div>
          <div className="break-words font-medium">{l.memo || '(sem histórico)'}</div>
        </div>
        <div className="ml-auto text-right">
          <div className={`${num} font-semibold ${valorClasse(l.valor)}`}>{formatBRL(l.valor)}</div>
          <Badge variant={l.conciliada ? 'success' : 'secondary'}>
            {l.conciliada ? 'Conciliada' : 'Pendente'}
          </Badge>
        </div>
      </div>
      {l.conciliada ? (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="text-muted-foreground">{l.vinculos.map((v) => v.historico).join('; ')}</span>
          <Button
            size="sm"
            variant="outline"
            disabled={ocupado}
            onClick={() => executar(() => conciliacaoApi.desfazer(l.id))}
          >
            Desfazer
          </Button>
        </div>
      ) : (
        <div className="mt-2 space-y-2">
          {l.sugestoes.map((s) => (
            <div
              key={s.ids.join()}
              className="flex flex-wrap items-center justify-between gap-2 rounded bg-muted/50 p-2 text-sm"
            >
              <div className="min-w-0">
                <div className="font-medium">
                  {s.tipo === 'movimento'
                    ? 'Movimento do sistema'
                    : s.tipo === 'titulo'
                      ? 'Título em aberto'
                      : plural(s.ids.length, 'título', 'títulos')}{' '}
                  · {formatBRL(s.valor)} · {plural(s.pontos, 'ponto', 'pontos')}
                </div>
                <div className="text-muted-foreground">{s.motivos.join(' · ')}</div>
              </div>
              <Button
                size="sm"
                disabled={ocupado}
                onClick={() =>
                  executar(() =>
                    conciliacaoApi.conciliar(
                      l.id,
                      s.tipo === 'movimento' ? { movimento_ids: s.ids.map(Number) } : { titulo_ids: s.ids },
                    ),
                  )
                }
              >
                Aceitar
              </Button>
            </div>
          ))}
          <div className="flex flex-wrap items-center gap-2">
            <NativeSelect
              className="min-w-0 flex-1"
              value={manual}
              onChange={(e) => setManual(e.target.value)}
              aria-label="Conciliar com o título"
            >
              <option value="">Conciliar com o título…</option>
              {doLado.map((t) => (
                <option key={t.id} value={t.id}>
                  {formatDateBR(t.vencimento)} · {t.pessoa_nome} · {formatBRL(t.saldo)}
                </option>
              ))}
            </NativeSelect>
            <Button
              size="sm"
              variant="outline"
              disabled={ocupado || !manual}
              onClick={() => executar(() => conciliacaoApi.conciliar(l.id, { titulo_ids: [manual] }))}
            >
              Conciliar
            </Button>
            <Button size="sm" variant="outline" disabled={ocupado} onClick={() => setCriando(true)}>
              {l.tarifa ? 'Criar tarifa' : credito ? 'Criar título a receber' : 'Criar título a pagar'}
            </Button>
          </div>
          {criando ? <CriarDaLinhaDialog linha={l} onClose={() => setCriando(false)} /> : null}
        </div>
      )}
    </li>
  );
}
