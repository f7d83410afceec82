import { municipioPorCodigo } from '../cadastros/brasil.ts';
import { diaSemanaLabels } from '../cadastros/classificacoes.schema.ts';
import { formatDocumento, maskCep, maskTelefone } from '../cadastros/mascaras.ts';
import { formatDateBR, formatDateTimeBR } from '../dates.ts';
import { formatBRL, formatQuantity } from '../money.ts';
import { isRole, roleLabels } from '../permissions.ts';
import { type AuditCampo, auditCampo, auditCampoLabel, auditEntidades } from './auditoria-campos.ts';

// Values of the audit JSON as text for a person: the detail dialog, the list and the CSV export
// all read them through auditValueText, driven by the one field map (auditoria-campos.ts).

/** A record an audit row names: its own record, or one a field links to. */
export type AuditRef = { tabela: string; id: string };

/** Names of records, resolved when the log is read (key: auditRefKey). */
export type AuditNomes = ReadonlyMap<string, string>;

export function auditRefKey(tabela: string, id: string): string {
  return `${tabela}\u0000${id}`;
}

export type AuditValueContext = {
  /** the audited table the value belongs to (for `tabela.campo` entries) */
  tabela?: string | null;
  /** names of the linked records */
  nomes?: AuditNomes;
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const CENTS = /^-?\d+(\.\d{1,2})?$/;

const isDecimal = (v: unknown, text = DECIMAL): v is string | number =>
  (typeof v === 'number' && Math.abs(v) < 1e15) || (typeof v === 'string' && text.test(v));

const list = (v: unknown): unknown[] | null => (Array.isArray(v) ? v : null);

/** A value with no field-specific format: booleans Sim/Não, ISO dates in pt-BR, lists joined. */
function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    if (ISO_DAY.test(value)) return formatDateBR(value);
    if (ISO_INSTANT.test(value)) return formatDateTimeBR(value);
    return value;
  }
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) {
    return value.map(plainText).join(', ');
  }
  return JSON.stringify(value);
}

/** Each item of a list value (or the single value) through `one`, joined with `sep`. */
function each(value: unknown, one: (v: unknown) => string, sep = ', '): string {
  return (list(value) ?? [value]).map(one).join(sep);
}

function formatted(def: AuditCampo, value: unknown, nomes: AuditNomes | undefined): string {
  switch (def.formato) {
    case 'dinheiro':
      return isDecimal(value, CENTS) ? formatBRL(value) : plainText(value);
    case 'quantidade':
      return isDecimal(value) ? formatQuantity(value) : plainText(value);
    case 'percentual':
      return isDecimal(value) ? `${formatQuantity(value)}%` : plainText(value);
    case 'data':
      return typeof value === 'string' ? formatDateBR(value) : plainText(value);
    case 'instante':
      return typeof value === 'string' && ISO_INSTANT.test(value)
        ? formatDateTimeBR(value)
        : plainText(value);
    case 'registro':
      return each(value, (id) =>
        typeof id === 'string' && def.tabela
          ? (nomes?.get(auditRefKey(def.tabela, id)) ?? id)
          : plainText(id),
      );
    case 'municipio':
    case 'municipios':
      return each(value, (codigo) => {
        const m = typeof codigo === 'string' ? municipioPorCodigo(codigo) : null;
        return m ? `${m.nome}/${m.uf}` : plainText(codigo);
      });
    case 'dias_semana':
      return each(value, (d) =>
        typeof d === 'number' && d >= 0 && d <= 6 ? diaSemanaLabels[d]! : plainText(d),
      );
    case 'faixas_cep':
      return each(
        value,
        (f) => {
          const faixa = f as { inicio?: unknown; fim?: unknown } | null;
          return typeof faixa?.inicio === 'string' && typeof faixa.fim === 'string'
            ? `${maskCep(faixa.inicio)} a ${maskCep(faixa.fim)}`
            : plainText(f);
        },
        '; ',
      );
    case 'documento':
      return typeof value === 'string' ? formatDocumento(value) : plainText(value);
    case 'cep':
      return typeof value === 'string' ? maskCep(value) : plainText(value);
    case 'telefone':
      return typeof value === 'string' ? maskTelefone(value) : plainText(value);
    case 'codigo':
      return each(value, (c) =>
        typeof c === 'string' && def.codigos && Object.hasOwn(def.codigos, c)
          ? def.codigos[c]!
          : plainText(c),
      );
    case 'papeis':
      return each(value, (r) => (isRole(r) ? roleLabels[r] : plainText(r)));
    default:
      return plainText(value);
  }
}

/**
 * A value of field `campo` of the audit JSON as text for a person: "R$ 15.000,50", "21/11/2026",
 * "Sim", "São Paulo/SP", the linked record's name… Empty (null, an empty list): ''.
 */
export function auditValueText(campo: string, value: unknown, ctx: AuditValueContext = {}): string {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return '';
  const def = auditCampo(campo, ctx.tabela);
  return def ? formatted(def, value, ctx.nomes) : plainText(value);
}

/** The record an audit row is about, when its table names its records. */
export function auditRecordRef(tabela: string | null, registroId: string | null): AuditRef | null {
  return tabela && registroId && Object.hasOwn(auditEntidades, tabela) ? { tabela, id: registroId } : null;
}

/** The records the `registro` fields of an audit row link to (to resolve their names at once). */
export function auditLinkedRefs(
  tabela: string | null,
  antes: Record<string, unknown> | null,
  depois: Record<string, unknown> | null,
): AuditRef[] {
  const refs: AuditRef[] = [];
  for (const values of [antes, depois]) {
    for (const [campo, value] of Object.entries(values ?? {})) {
      const def = auditCampo(campo, tabela);
      if (def?.formato !== 'registro' || !def.tabela) continue;
      for (const id of list(value) ?? [value]) {
        if (typeof id === 'string') refs.push({ tabela: def.tabela, id });
      }
    }
  }
  return refs;
}

/** One changed field, before → after, named and formatted for a person. */
export type AuditFieldChange = {
  campo: string;
  rotulo: string;
  antes: unknown;
  depois: unknown;
  antes_texto: string;
  depois_texto: string;
};

/**
 * The changed fields of an audit row, before → after: for an update only the columns that changed
 * (the trigger stores only those), for a creation every field (before empty), for a deletion every
 * field (after empty). In the alphabetical order of their pt-BR names.
 */
export function auditChanges(
  tabela: string | null,
  antes: Record<string, unknown> | null,
  depois: Record<string, unknown> | null,
  nomes?: AuditNomes,
): AuditFieldChange[] {
  const keys = new Set([...Object.keys(antes ?? {}), ...Object.keys(depois ?? {})]);
  const ctx = { tabela, nomes };
  return [...keys]
    .map((campo) => {
      const a = antes && Object.hasOwn(antes, campo) ? antes[campo] : null;
      const d = depois && Object.hasOwn(depois, campo) ? depois[campo] : null;
      return {
        campo,
        rotulo: auditCampoLabel(campo, tabela),
        antes: a,
        depois: d,
        antes_texto: auditValueText(campo, a, ctx),
        depois_texto: auditValueText(campo, d, ctx),
      };
    })
    .sort((x, y) => x.rotulo.localeCompare(y.rotulo, 'pt-BR') || x.campo.localeCompare(y.campo));
}
