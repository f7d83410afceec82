import { FILTROS_VENCIMENTO, type FiltroVencimento } from '@erp/shared';
import type { FilterOption } from '@/components/data-table/filter-select.tsx';

const cnhLabels: Record<FiltroVencimento, string> = {
  vencidos: 'CNH vencida',
  '30': 'Vence em até 30 dias',
  '60': 'Vence em até 60 dias',
  '90': 'Vence em até 90 dias',
};
const licenciamentoLabels: Record<FiltroVencimento, string> = {
  vencidos: 'Licenciamento vencido',
  '30': 'Vence em até 30 dias',
  '60': 'Vence em até 60 dias',
  '90': 'Vence em até 90 dias',
};

/** The "CNH" filter of the Funcionários list (vencidos, 30/60/90 dias). */
export const filtroCnhOptions: FilterOption[] = FILTROS_VENCIMENTO.map((f) => ({
  value: f,
  label: cnhLabels[f],
}));

/** The "Licenciamento" filter of the Placas list. */
export const filtroLicenciamentoOptions: FilterOption[] = FILTROS_VENCIMENTO.map((f) => ({
  value: f,
  label: licenciamentoLabels[f],
}));
