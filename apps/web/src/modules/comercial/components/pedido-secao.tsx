import type { ReactNode } from 'react';
import { FormField } from '@/components/ui/form-field.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
export function Secao({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <section
      aria-label={titulo}
      className="grid min-w-0 grid-cols-1 content-start gap-3 rounded-lg border border-border bg-card p-3 sm:p-4"
    >
      <h2 className="text-sm font-semibold">{titulo}</h2>
      {children}
    </section>
  );
}

export function SelectOpcoes({
  label,
  erro,
  value,
  opcoes,
  vazio,
  disabled,
  onChange,
}: {
  label: string;
  erro: string | undefined;
  value: string;
  opcoes: { id: string; nome: string; ativo?: boolean }[];
  vazio: string;
  disabled: boolean;
  onChange(v: string): void;
}) {
  return (
    <FormField label={label} error={erro}>
      <NativeSelect disabled={disabled} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{vazio}</option>
        {opcoes
          .filter((o) => o.ativo !== false || o.id === value)
          .map((o) => (
            <option key={o.id} value={o.id}>
              {o.nome}
            </option>
          ))}
      </NativeSelect>
    </FormField>
  );
}
