import type { ContaBancariaRow, ListPage } from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FilterPeriodo } from '@/components/data-table/filter-select.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { contasBancariasApi } from '../api/financeiro-api.ts';
import { financeiroKeys } from '../api/keys.ts';

// The bank account + period header shared by the Extrato Bancário and Conciliação Bancária pages:
// the accounts (the first non-caixa one chosen when the page opens) and the De / Até dates.

export type ContaPeriodoEstado = {
  contas: ContaBancariaRow[];
  conta: string;
  setConta(id: string): void;
  de: string;
  setDe(d: string): void;
  ate: string;
  setAte(d: string): void;
};

/** The header's state; `inicio` / `fim` are the page's default period ('' = open). */
export function useContaPeriodo(inicio = '', fim = ''): ContaPeriodoEstado {
  const [conta, setConta] = useState('');
  const [de, setDe] = useState(inicio);
  const [ate, setAte] = useState(fim);
  const q = useQuery({
    queryKey: [...financeiroKeys.registro('contas-bancarias'), 'list', 'conta-periodo'],
    queryFn: () => contasBancariasApi.list({ per_page: '100' }) as Promise<ListPage<ContaBancariaRow>>,
  });
  const contas = q.data?.items ?? [];
  useEffect(() => {
    const primeira = q.data?.items.find((x) => x.tipo !== 'caixa') ?? q.data?.items[0];
    if (!conta && primeira) setConta(primeira.id);
  }, [q.data, conta]);
  return { contas, conta, setConta, de, setDe, ate, setAte };
}

export function ContaPeriodo({ id, estado }: { id: string; estado: ContaPeriodoEstado }) {
  const { contas, conta, setConta, de, setDe, ate, setAte } = estado;
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <label htmlFor={id} className="flex flex-col gap-1 text-sm">
        <span className="text-muted-foreground">Conta bancária</span>
        <NativeSelect
          id={id}
          value={conta}
          onChange={(ev) => setConta(ev.target.value)}
          aria-label="Conta bancária"
        >
          {contas.map((c) => (
            <option key={c.id} value={c.id}>
              {c.nome}
            </option>
          ))}
        </NativeSelect>
      </label>
      <FilterPeriodo de={de} ate={ate} onDe={setDe} onAte={setAte} />
    </div>
  );
}
