import { formatBRL, formatDateBR } from '@erp/shared';
import { cn } from '@/lib/cn.ts';
import { Bloco, Campo } from './nota-campos.tsx';

// Money blocks of an NF-e's page: the totals (each value as the XML says, the note's total last and
// bold) and the fatura's duplicatas.

const colunasLg = { 6: 'lg:grid-cols-6', 7: 'lg:grid-cols-7' } as const;

export function NotaTotais({
  titulo,
  valores,
  total,
  colunas = 6,
  totalLargo = false,
}: {
  titulo: string;
  /** [rótulo, valor decimal] in the order shown (a value the XML lacks shows as zero). */
  valores: readonly (readonly [string, string | null])[];
  total: string | null;
  colunas?: keyof typeof colunasLg;
  /** The total spans two columns (to close the last row). */
  totalLargo?: boolean;
}) {
  return (
    <Bloco titulo={titulo}>
      <div className={cn('grid grid-cols-2 sm:grid-cols-4', colunasLg[colunas])}>
        {valores.map(([rotulo, valor]) => (
          <Campo key={rotulo} rotulo={rotulo}>
            {formatBRL(valor)}
          </Campo>
        ))}
        <Campo rotulo="Valor total da nota" className={cn('font-semibold', totalLargo && 'sm:col-span-2')}>
          {formatBRL(total)}
        </Campo>
      </div>
    </Bloco>
  );
}

/** The fatura's duplicatas; nothing when the note has none. */
export function NotaDuplicatas({
  duplicatas,
}: {
  duplicatas: readonly { numero: string; vencimento: string | null; valor: string | null }[];
}) {
  if (!duplicatas.length) return null;
  return (
    <Bloco titulo="Fatura / duplicatas">
      <div className="grid grid-cols-2 sm:grid-cols-4 lg:grid-cols-6">
        {duplicatas.map((d) => (
          <Campo key={d.numero} rotulo={`Dup. ${d.numero}`}>
            {formatDateBR(d.vencimento)} · {formatBRL(d.valor)}
          </Campo>
        ))}
      </div>
    </Bloco>
  );
}
