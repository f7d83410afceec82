import { dashboardQuerySchema, type PeriodoDashboard } from '@erp/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { PeriodoQuery } from '../api/dashboard-api.ts';

/**
 * The commercial block's period from the URL (?periodo=30d, ?periodo=personalizado&de=…&ate=…), so a
 * period can be bookmarked or shared. Absent or invalid: este mês, the spec's default.
 */
export function usePeriodoDashboard(): [PeriodoQuery, (p: PeriodoQuery) => void] {
  const [params, setParams] = useSearchParams();
  const periodo = useMemo<PeriodoQuery>(() => {
    const parsed = dashboardQuerySchema.safeParse({
      periodo: params.get('periodo') ?? undefined,
      de: params.get('de') ?? undefined,
      ate: params.get('ate') ?? undefined,
    });
    if (!parsed.success) return { periodo: 'mes' };
    const { periodo: p, de, ate } = parsed.data;
    return p === 'personalizado' ? { periodo: p, de: de!, ate: ate! } : { periodo: p };
  }, [params]);
  const mudar = useCallback(
    (p: PeriodoQuery) => {
      setParams(
        (atual) => {
          const novo = new URLSearchParams(atual);
          novo.delete('de');
          novo.delete('ate');
          if (p.periodo === 'mes') novo.delete('periodo');
          else novo.set('periodo', p.periodo);
          if (p.periodo === 'personalizado' && p.de && p.ate) {
            novo.set('de', p.de);
            novo.set('ate', p.ate);
          }
          return novo;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [periodo, mudar];
}

export const ehPeriodo = (v: string): v is PeriodoDashboard =>
  ['mes', 'mes_anterior', '30d', '90d', 'ano', 'personalizado'].includes(v);
