import {
  businessToday,
  categoriaExigida,
  formatDateBR,
  formatDocumento,
  formatoPlaca,
  formatPlaca,
  maskCnpj,
  maskCpf,
  maskPlaca,
  onlyDocumentChars,
  pesoBrutoTotal,
  placaMercosul,
  podeDirigir,
  TIPOS_CARROCERIA,
  TIPOS_PROPRIETARIO,
  TIPOS_RODADO,
  TIPOS_VEICULO,
  type TipoVeiculo,
  tipoCarroceriaLabels,
  tipoProprietarioLabels,
  tipoRodadoLabels,
  tipoRodadoPadrao,
  tipoVeiculoLabels,
  UFS,
  type VeiculoRow,
  veiculoCreateSchema,
  veiculoUpdateSchema,
} from '@erp/shared';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ativoColumn, type Column } from '@/components/data-table/data-table.tsx';
import { AtivoFilter, FilterSelect } from '@/components/data-table/filter-select.tsx';
import { type RegisterApi, RegisterPage } from '@/components/data-table/register-page.tsx';
import {
  DateField,
  DecimalField,
  decimalText,
  FieldGroup,
  MaskedField,
  PickerField,
  SelectField,
  SwitchField,
  TextField,
} from '@/components/forms/fields.tsx';
import { RegisterFormDialog } from '@/components/forms/register-form-dialog.tsx';
import { useRecordForm } from '@/components/forms/use-record-form.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { useListState } from '@/lib/list-state.ts';
import { funcionariosApi, veiculosApi } from '../api/frota-api.ts';
import { LicenciamentoBadge } from '../components/documento-badge.tsx';
import { filtroLicenciamentoOptions } from '../components/filtros.ts';

// Placas (/frota/placas): the vehicles, each with its plate (and the Mercosul equivalent of an
// old one), type, capacities, the CNH category it requires (CTB art. 143, shared rule),
// motorista padrão, own or third-party (with the owner's RNTRC) and the licenciamento badge; and
// what the MDF-e carries of it (tipo de rodado, carroceria, the third-party owner's prop group).

const queryKey = ['frota', 'veiculos'] as const;
const api = veiculosApi as unknown as RegisterApi<VeiculoRow> & typeof veiculosApi;
const tipoOptions = TIPOS_VEICULO.map((t) => ({ value: t, label: tipoVeiculoLabels[t] }));
const codigoOptions = <C extends string>(codigos: readonly C[], labels: Record<C, string>) =>
  codigos.map((c) => ({ value: c, label: `${c} - ${labels[c]}` }));
const rodadoOptions = codigoOptions(TIPOS_RODADO, tipoRodadoLabels);
const carroceriaOptions = codigoOptions(TIPOS_CARROCERIA, tipoCarroceriaLabels);
const proprietarioTipoOptions = codigoOptions(TIPOS_PROPRIETARIO, tipoProprietarioLabels);
const ufOptions = UFS.map((u) => ({ value: u, label: u }));
const kg = (n: number) => `${n.toLocaleString('pt-BR')} kg`;

const columns: Column<VeiculoRow>[] = [
  {
    key: 'placa',
    header: 'Placa',
    sortKey: 'placa',
    card: 'title',
    className: 'whitespace-nowrap',
    cell: (r) => (
      <div>
        <div className="font-mono font-medium">{formatPlaca(r.placa)}</div>
        {r.placa !== r.placa_mercosul ? (
          <div className="text-xs text-muted-foreground">Mercosul: {r.placa_mercosul}</div>
        ) : null}
      </div>
    ),
  },
  {
    key: 'tipo',
    header: 'Tipo e CNH exigida',
    sortKey: 'tipo',
    className: 'min-w-36',
    cell: (r) => (
      <div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {tipoVeiculoLabels[r.tipo]}
          <Badge variant="outline" title="Categoria de CNH exigida (CTB art. 143)">
            CNH {r.categoria_exigida}
          </Badge>
        </div>
        <div className="text-xs text-muted-foreground">
          {[r.marca, r.modelo, r.ano].filter(Boolean).join(' · ') || '—'}
        </div>
        <div className="text-xs text-muted-foreground" title="Tipo de rodado e de carroceria (MDF-e)">
          Rodado {tipoRodadoLabels[r.tipo_rodado].toLowerCase()} · carroceria{' '}
          {tipoCarroceriaLabels[r.tipo_carroceria].toLowerCase()}
        </div>
      </div>
    ),
  },
  {
    key: 'capacidade',
    header: 'Capacidade',
    sortKey: 'capacidade',
    className: 'text-right whitespace-nowrap tabular-nums',
    cell: (r) => (
      <div>
        <div>{kg(r.capacidade)}</div>
        {r.volume ? (
          <div className="text-xs text-muted-foreground">{Number(r.volume).toLocaleString('pt-BR')} m³</div>
        ) : null}
      </div>
    ),
  },
  { key: 'motorista', header: 'Motorista padrão', cell: (r) => r.motorista_padrao_nome ?? '—' },
  {
    key: 'proprio',
    header: 'Propriedade',
    cell: (r) =>
      r.proprio ? (
        'Próprio'
      ) : (
        <div>
          <div>Terceiro</div>
          {r.proprietario_nome ? <div className="text-xs">{r.proprietario_nome}</div> : null}
          <div className="text-xs text-muted-foreground">
            {r.proprietario_documento ? (
              <>
                <span className="whitespace-nowrap">{formatDocumento(r.proprietario_documento)}</span> ·{' '}
              </>
            ) : null}
            <span className="whitespace-nowrap">RNTRC {r.rntrc}</span>
          </div>
        </div>
      ),
  },
  {
    key: 'licenciamento',
    header: 'Licenciamento',
    sortKey: 'licenciamento_vencimento',
    className: 'min-w-36',
    cell: (r) => <Licenciamento row={r} />,
  },
  ativoColumn<VeiculoRow>(),
];

function Licenciamento({ row }: { row: VeiculoRow }) {
  return (
    <div className="grid justify-items-start gap-1">
      <span>{row.licenciamento_vencimento ? formatDateBR(row.licenciamento_vencimento) : '—'}</span>
      <LicenciamentoBadge vencimento={row.licenciamento_vencimento} />
    </div>
  );
}

export function PlacasPage() {
  const state = useListState({
    defaultSort: 'placa',
    filterKeys: ['tipo', 'proprio', 'licenciamento', 'ativo'],
    defaultFilters: { ativo: 'true' },
  });
  return (
    <RegisterPage
      title="Placas"
      description="Veículos da frota e de terceiros: placa, capacidades, categoria de CNH exigida e documentos."
      queryKey={queryKey}
      api={api}
      state={state}
      columns={columns}
      searchPlaceholder="Buscar por placa, RENAVAM, marca ou modelo"
      newLabel="Novo veículo"
      rowLabel={(r) => `o veículo ${formatPlaca(r.placa)}`}
      exportBase="veiculos"
      filters={
        <>
          <FilterSelect
            label="Tipo"
            value={state.filters.tipo}
            options={tipoOptions}
            onChange={(v) => state.setFilter('tipo', v)}
          />
          <FilterSelect
            label="Propriedade"
            value={state.filters.proprio}
            options={[
              { value: 'true', label: 'Próprios' },
              { value: 'false', label: 'Terceiros' },
            ]}
            onChange={(v) => state.setFilter('proprio', v)}
          />
          <FilterSelect
            label="Licenciamento"
            value={state.filters.licenciamento}
            options={filtroLicenciamentoOptions}
            onChange={(v) => state.setFilter('licenciamento', v)}
          />
          <AtivoFilter state={state} />
        </>
      }
      renderForm={(id, close) => <VeiculoForm id={id} onClose={close} />}
    />
  );
}

function toValues(row: VeiculoRow | null) {
  return {
    placa: row ? formatPlaca(row.placa) : '',
    renavam: row?.renavam ?? '',
    uf: row?.uf ?? 'SP',
    tipo: row?.tipo ?? 'toco',
    marca: row?.marca ?? '',
    modelo: row?.modelo ?? '',
    ano: row?.ano ? String(row.ano) : '',
    tara: row ? decimalText(String(row.tara), 'quantity') : '',
    capacidade: row ? decimalText(String(row.capacidade), 'quantity') : '',
    volume: row?.volume ? decimalText(row.volume, 'quantity') : '',
    valor_maximo_carga: row?.valor_maximo_carga ? decimalText(row.valor_maximo_carga, 'money') : '',
    motorista_padrao_id: row?.motorista_padrao_id ?? '',
    tipo_rodado: row?.tipo_rodado ?? tipoRodadoPadrao.toco,
    tipo_carroceria: row?.tipo_carroceria ?? '02',
    proprio: row?.proprio ?? true,
    proprietario_nome: row?.proprietario_nome ?? '',
    proprietario_documento: formatDocumento(row?.proprietario_documento),
    proprietario_tipo: row?.proprietario_tipo ?? '2',
    proprietario_ie: row?.proprietario_ie ?? '',
    proprietario_uf: row?.proprietario_uf ?? '',
    rntrc: row?.rntrc ?? '',
    licenciamento_vencimento: row?.licenciamento_vencimento ?? '',
    ativo: row?.ativo ?? true,
    ...(row ? { versao: row.versao } : {}),
  };
}

function VeiculoForm({ id, onClose }: { id: string | null; onClose(): void }) {
  const form = useRecordForm({ queryKey, id, api, toValues });
  const motoristas = useQuery({
    queryKey: ['frota', 'funcionarios', 'motoristas'],
    queryFn: funcionariosApi.motoristas,
  });
  return (
    <RegisterFormDialog
      title={id ? 'Editar veículo' : 'Novo veículo'}
      schema={id ? veiculoUpdateSchema : veiculoCreateSchema}
      record={form}
      onClose={onClose}
      size="lg"
      successMessage={id ? 'Veículo atualizado com sucesso!' : 'Veículo cadastrado com sucesso!'}
    >
      <FieldGroup title="Identificação">
        <PlacaField />
        <MaskedField
          name="renavam"
          label="RENAVAM"
          mask={(v) => v.replace(/\D/g, '').slice(0, 11)}
          inputMode="numeric"
          hint="11 dígitos"
        />
        <SelectField name="uf" label="UF" required options={ufOptions} />
        <TipoField />
        <TextField name="marca" label="Marca" maxLength={60} />
        <TextField name="modelo" label="Modelo" maxLength={60} />
        <TextField name="ano" label="Ano" inputMode="numeric" maxLength={4} />
        <SwitchField name="ativo" label="Ativo" />
      </FieldGroup>
      <FieldGroup title="MDF-e">
        <SelectField
          name="tipo_rodado"
          label="Tipo de rodado"
          required
          options={rodadoOptions}
          hint="Proposto pelo tipo do veículo; altere se for outro"
        />
        <SelectField name="tipo_carroceria" label="Tipo de carroceria" required options={carroceriaOptions} />
      </FieldGroup>
      <FieldGroup title="Capacidade">
        <DecimalField name="tara" label="Tara" required kind="quantity" unit="kg" places={0} />
        <DecimalField
          name="capacidade"
          label="Capacidade de carga"
          required
          kind="quantity"
          unit="kg"
          places={0}
        />
        <DecimalField name="volume" label="Volume" kind="quantity" unit="m³" />
        <DecimalField
          name="valor_maximo_carga"
          label="Valor máximo de carga"
          kind="money"
          hint="Limite do seguro da carga"
        />
        <CategoriaExigida />
      </FieldGroup>
      <FieldGroup title="Uso e documentos">
        <PickerField
          name="motorista_padrao_id"
          label="Motorista padrão"
          placeholder="Nenhum"
          className="sm:col-span-2"
          options={(motoristas.data ?? [])
            .filter((m) => m.ativo)
            .map((m) => ({ value: m.id, label: `${m.nome} (CNH ${m.cnh_categoria ?? '—'})` }))}
        />
        <AvisoMotorista motoristas={motoristas.data ?? []} />
        <DateField
          name="licenciamento_vencimento"
          label="Vencimento do licenciamento"
          className="sm:col-span-2"
        />
        <SwitchField name="proprio" label="Veículo próprio" />
        <TerceiroFields />
      </FieldGroup>
    </RegisterFormDialog>
  );
}

type Motorista = Awaited<ReturnType<typeof funcionariosApi.motoristas>>[number];

/**
 * Whether the chosen motorista padrão may drive this vehicle today (shared podeDirigir: CNH
 * valid and of a category that covers the one the vehicle requires). A warning, not a refusal:
 * dispatch decides per load.
 */
function AvisoMotorista({ motoristas }: { motoristas: Motorista[] }) {
  const [id, tipo, tara, capacidade] = useWatch({
    name: ['motorista_padrao_id', 'tipo', 'tara', 'capacidade'],
  }) as [string, TipoVeiculo, string, string];
  const m = motoristas.find((x) => x.id === id);
  const t = kgDe(tara);
  const c = kgDe(capacidade);
  if (!m || !t || !c) return null;
  const r = podeDirigir(
    {
      ativo: m.ativo,
      cnh_numero: m.cnh_categoria ? 'cadastrada' : null,
      cnh_categoria: m.cnh_categoria,
      cnh_validade: m.cnh_validade,
    },
    { tipo, tara: t, capacidade: c },
    businessToday(),
  );
  if (r.pode) return null;
  return (
    <div
      role="note"
      className="flex gap-2 rounded-md border border-warning/50 bg-warning/10 p-2 text-sm col-span-full"
    >
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
      <div>
        <p className="font-medium">{m.nome} não pode dirigir este veículo:</p>
        <ul>
          {r.motivos.map((motivo) => (
            <li key={motivo}>{motivo}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The tipo; choosing one proposes its usual tipo de rodado (shared tipoRodadoPadrao), still editable. */
function TipoField() {
  const { setValue } = useFormContext();
  return (
    <SelectField
      name="tipo"
      label="Tipo"
      required
      options={tipoOptions}
      onValueChange={(tipo) =>
        setValue('tipo_rodado', tipoRodadoPadrao[tipo as TipoVeiculo], { shouldDirty: true })
      }
    />
  );
}

/** The plate, with the Mercosul equivalent of an old one under it. */
function PlacaField() {
  const placa = useWatch({ name: 'placa' }) as string;
  const antiga = formatoPlaca(placa) === 'antiga';
  return (
    <MaskedField
      name="placa"
      label="Placa"
      required
      mask={maskPlaca}
      placeholder="ABC1D23 ou ABC-1234"
      autoCapitalize="characters"
      hint={
        antiga ? `Equivalente Mercosul: ${placaMercosul(placa)}` : 'Mercosul (ABC1D23) ou antiga (ABC-1234)'
      }
    />
  );
}

const kgDe = (text: string) => {
  const n = Number(String(text ?? '').replace(/\./g, ''));
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The CNH category the vehicle requires, from its type and peso bruto total (shared rule). */
function CategoriaExigida() {
  const [tipo, tara, capacidade] = useWatch({ name: ['tipo', 'tara', 'capacidade'] }) as [
    TipoVeiculo,
    string,
    string,
  ];
  const t = kgDe(tara);
  const c = kgDe(capacidade);
  if (!t || !c) return null;
  const v = { tipo, tara: t, capacidade: c };
  return (
    <div className="grid content-end gap-1 text-sm sm:col-span-2" data-testid="categoria-exigida">
      <span>
        Peso bruto total: <span className="font-medium tabular-nums">{kg(pesoBrutoTotal(v))}</span>
      </span>
      <span>
        CNH exigida: <Badge variant="outline">Categoria {categoriaExigida(v)}</Badge>
      </span>
    </div>
  );
}

/** CPF while it fits one (11 digits), CNPJ (numeric or alphanumeric) beyond. */
function maskCpfCnpj(value: string): string {
  const c = onlyDocumentChars(value);
  return c.length <= 11 && /^\d*$/.test(c) ? maskCpf(c) : maskCnpj(c);
}

/** A third-party vehicle: its owner as the MDF-e's prop group carries it, with the ANTT RNTRC. */
function TerceiroFields() {
  const proprio = useWatch({ name: 'proprio' }) as boolean;
  if (proprio) return null;
  return (
    <>
      <TextField
        name="proprietario_nome"
        label="Proprietário"
        required
        className="sm:col-span-2"
        maxLength={100}
      />
      <MaskedField
        name="proprietario_documento"
        label="CPF/CNPJ do proprietário"
        required
        mask={maskCpfCnpj}
        autoCapitalize="characters"
      />
      <MaskedField
        name="rntrc"
        label="RNTRC (ANTT)"
        required
        mask={(v) => v.replace(/\D/g, '').slice(0, 8)}
        inputMode="numeric"
        hint="8 dígitos"
      />
      <SelectField
        name="proprietario_tipo"
        label="Tipo de proprietário"
        required
        options={proprietarioTipoOptions}
        hint="TAC: transportador autônomo de cargas"
      />
      <TextField name="proprietario_ie" label="IE do proprietário" maxLength={20} hint="Opcional; com a UF" />
      <SelectField name="proprietario_uf" label="UF da IE" options={ufOptions} emptyLabel="—" />
    </>
  );
}
