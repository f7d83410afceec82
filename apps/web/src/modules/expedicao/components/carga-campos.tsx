import { formatDateBR, podeDirigir } from '@erp/shared';
import { useId } from 'react';
import { DateInput } from '@/components/ui/date-input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import type { CargaCampos, OpcoesCarga } from '../api/expedicao-api.ts';

// The header of a load: departure day, vehicle (its capacities and the CNH it requires), driver
// (with the driver rule checked as it is chosen: the same podeDirigir the server enforces),
// helpers and regiões. Used by "Nova carga" and by the assembly screen.

export function CargaCamposForm({
  valor,
  opcoes,
  onChange,
  desabilitado,
}: {
  valor: CargaCampos;
  opcoes: OpcoesCarga | undefined;
  onChange(v: CargaCampos): void;
  desabilitado?: boolean;
}) {
  const id = useId();
  const veiculo = opcoes?.veiculos.find((v) => v.id === valor.veiculo_id) ?? null;
  const motorista = opcoes?.motoristas.find((m) => m.id === valor.motorista_id) ?? null;
  const habilitacao =
    veiculo && motorista && valor.data_saida_prevista
      ? podeDirigir(motorista, veiculo, valor.data_saida_prevista)
      : null;
  const alterna = (lista: string[], item: string) =>
    lista.includes(item) ? lista.filter((x) => x !== item) : [...lista, item];
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <div className="grid content-start gap-1">
        <label htmlFor={`${id}-saida`} className="text-sm font-medium">
          Saída prevista
        </label>
        <DateInput
          id={`${id}-saida`}
          value={valor.data_saida_prevista}
          disabled={desabilitado}
          onChange={(v) => onChange({ ...valor, data_saida_prevista: v })}
        />
      </div>
      <div className="grid content-start gap-1">
        <label htmlFor={`${id}-veiculo`} className="text-sm font-medium">
          Veículo
        </label>
        <NativeSelect
          id={`${id}-veiculo`}
          value={valor.veiculo_id ?? ''}
          disabled={desabilitado}
          onChange={(e) => {
            const v = opcoes?.veiculos.find((x) => x.id === e.target.value);
            onChange({
              ...valor,
              veiculo_id: e.target.value || null,
              motorista_id: valor.motorista_id ?? v?.motorista_padrao_id ?? null,
            });
          }}
        >
          <option value="">Escolha o veículo</option>
          {opcoes?.veiculos.map((v) => (
            <option key={v.id} value={v.id}>
              {v.descricao} · {v.capacidade.toLocaleString('pt-BR')} kg
            </option>
          ))}
        </NativeSelect>
        {veiculo ? (
          <span className="text-xs text-muted-foreground">
            Capacidade {veiculo.capacidade.toLocaleString('pt-BR')} kg
            {veiculo.volume ? ` · ${veiculo.volume.replace('.', ',')} m³` : ''} · exige CNH{' '}
            {veiculo.categoria_exigida}
          </span>
        ) : null}
      </div>
      <div className="grid content-start gap-1">
        <label htmlFor={`${id}-motorista`} className="text-sm font-medium">
          Motorista
        </label>
        <NativeSelect
          id={`${id}-motorista`}
          value={valor.motorista_id ?? ''}
          disabled={desabilitado}
          onChange={(e) => onChange({ ...valor, motorista_id: e.target.value || null })}
          aria-describedby={habilitacao && !habilitacao.pode ? `${id}-cnh` : undefined}
        >
          <option value="">Escolha o motorista</option>
          {opcoes?.motoristas.map((m) => (
            <option key={m.id} value={m.id}>
              {m.nome} · CNH {m.cnh_categoria ?? '—'}
              {m.cnh_validade ? ` até ${formatDateBR(m.cnh_validade)}` : ''}
            </option>
          ))}
        </NativeSelect>
        {habilitacao && !habilitacao.pode ? (
          <span id={`${id}-cnh`} className="text-xs text-red-700 dark:text-red-300">
            {habilitacao.motivos.join(' ')} Só o Administrador libera, com justificativa.
          </span>
        ) : null}
      </div>
      <fieldset className="grid content-start gap-1" disabled={desabilitado}>
        <legend className="mb-1 text-sm font-medium">Ajudantes</legend>
        <div className="flex flex-wrap gap-x-3 gap-y-1">
          {opcoes?.ajudantes.length ? null : (
            <span className="text-xs text-muted-foreground">Nenhum ajudante ativo</span>
          )}
          {opcoes?.ajudantes.map((a) => (
            <label key={a.id} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={valor.ajudantes.includes(a.id)}
                onChange={() => onChange({ ...valor, ajudantes: alterna(valor.ajudantes, a.id) })}
              />
              {a.nome}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="grid content-start gap-1 sm:col-span-2 lg:col-span-4" disabled={desabilitado}>
        <legend className="mb-1 text-sm font-medium">Regiões de entrega</legend>
        <div className="flex flex-wrap gap-x-3 gap-y-1">
          {opcoes?.regioes.map((r) => (
            <label key={r.id} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={valor.regioes.includes(r.id)}
                onChange={() => onChange({ ...valor, regioes: alterna(valor.regioes, r.id) })}
              />
              {r.nome}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
