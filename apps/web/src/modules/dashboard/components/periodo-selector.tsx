import {
  addDays,
  businessToday,
  formatDateBR,
  PERIODO_DASHBOARD_LABEL,
  PERIODOS_DASHBOARD,
  resolverPeriodo,
} from '@erp/shared';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { DateInput } from '@/components/ui/date-input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import type { PeriodoQuery } from '../api/dashboard-api.ts';
import { ehPeriodo } from './use-periodo.ts';

const intervaloBR = (inicio: string, fim: string) =>
  `${formatDateBR(inicio)} a ${formatDateBR(addDays(fim, -1))}`;

/**
 * The commercial block's period: a preset (este mês by default) or «Personalizado» with two dates
 * applied together; under it, the range shown and the one it is compared with.
 */
export function PeriodoSelector({
  valor,
  onChange,
}: {
  valor: PeriodoQuery;
  onChange(p: PeriodoQuery): void;
}) {
  const id = useId();
  const hoje = businessToday();
  const [escolha, setEscolha] = useState(valor.periodo);
  const [de, setDe] = useState(valor.de ?? addDays(hoje, -29));
  const [ate, setAte] = useState(valor.ate ?? hoje);
  useEffect(() => {
    setEscolha(valor.periodo);
    if (valor.de) setDe(valor.de);
    if (valor.ate) setAte(valor.ate);
  }, [valor]);
  const valido = valor.periodo !== 'personalizado' || (valor.de && valor.ate);
  const r = valido ? resolverPeriodo(valor.periodo, hoje, valor.de, valor.ate) : null;
  const erro =
    escolha === 'personalizado' && de && ate && ate < de
      ? 'A data final deve ser igual ou posterior à inicial'
      : null;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end">
      <div className="grid gap-1">
        <Label htmlFor={`${id}-p`} className="text-xs">
          Período
        </Label>
        <NativeSelect
          id={`${id}-p`}
          value={escolha}
          className="sm:w-48"
          onChange={(e) => {
            const v = e.target.value;
            if (!ehPeriodo(v)) return;
            setEscolha(v);
            if (v !== 'personalizado') onChange({ periodo: v });
          }}
        >
          {PERIODOS_DASHBOARD.map((p) => (
            <option key={p} value={p}>
              {PERIODO_DASHBOARD_LABEL[p]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {escolha === 'personalizado' ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (de && ate && !erro) onChange({ periodo: 'personalizado', de, ate });
          }}
        >
          <div className="grid gap-1">
            <Label htmlFor={`${id}-de`} className="text-xs">
              De
            </Label>
            <DateInput id={`${id}-de`} value={de} onChange={setDe} max={ate || undefined} className="w-36" />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-ate`} className="text-xs">
              Até
            </Label>
            <DateInput
              id={`${id}-ate`}
              value={ate}
              onChange={setAte}
              min={de || undefined}
              className="w-36"
            />
          </div>
          <Button type="submit" size="sm" disabled={!de || !ate || Boolean(erro)}>
            Aplicar
          </Button>
          {erro ? (
            <p role="alert" className="w-full text-xs text-destructive">
              {erro}
            </p>
          ) : null}
        </form>
      ) : null}
      {r ? (
        <p className="text-xs text-muted-foreground sm:ml-auto sm:text-right" data-testid="periodo-intervalo">
          {intervaloBR(r.atual.inicio, r.atual.fim)}
          <span className="block">comparado com {intervaloBR(r.anterior.inicio, r.anterior.fim)}</span>
        </p>
      ) : null}
    </div>
  );
}
