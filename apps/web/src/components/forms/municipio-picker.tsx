import { listarMunicipios, type Municipio, municipioPorCodigo, normalizaBusca } from '@erp/shared';
import { useCallback } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SearchSelect } from '@/components/ui/combobox.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { useFieldError } from './fields.tsx';

const MAX_OPTIONS = 50;
let index: { m: Municipio; key: string }[] | null = null;
/** The IBGE municipalities whose name contains the text (accents and case ignored), best first. */
export function searchMunicipios(text: string, uf = ''): Municipio[] {
  index ??= listarMunicipios().map((m) => ({ m, key: normalizaBusca(m.nome) }));
  const q = normalizaBusca(text.trim().replace(/\s*[-/]\s*[a-z]{2}$/i, ''));
  const matches = index.filter((e) => e.key.includes(q));
  // names starting with the text first, then the chosen UF, then alphabetical (already sorted)
  const rank = (e: { m: Municipio; key: string }) =>
    (e.key.startsWith(q) ? 0 : 2) + (uf && e.m.uf === uf ? 0 : 1);
  return matches
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, MAX_OPTIONS)
    .map((e) => e.m);
}

/** The municipalities for a combobox: none until something is typed. */
export const municipioOptions = (text: string, uf = '') => (text.trim() ? searchMunicipios(text, uf) : []);
export const municipioLabel = (m: Municipio) => `${m.nome} - ${m.uf}`;

/**
 * Searchable municipality picker over the official IBGE list (offline): choosing one fills
 * municipio, codigo_municipio (7 digits) and uf of the surrounding form.
 */
export function MunicipioPicker({
  className,
  required,
  prefix = '',
}: {
  className?: string;
  required?: boolean;
  /** where the three fields sit in a nested form, e.g. 'emitente.endereco.' */
  prefix?: string;
}) {
  const { setValue, control } = useFormContext();
  const [codigo, uf] = useWatch({ control, name: [`${prefix}codigo_municipio`, `${prefix}uf`] }) as [
    string | null,
    string | null,
  ];
  const selected = codigo ? municipioPorCodigo(codigo) : null;
  const search = useCallback((text: string) => municipioOptions(text, uf ?? ''), [uf]);
  const codigoError = useFieldError(`${prefix}codigo_municipio`);
  const nomeError = useFieldError(`${prefix}municipio`);
  const error = codigoError ?? nomeError;

  const choose = (m: Municipio | null) => {
    const opts = { shouldDirty: true, shouldValidate: false };
    setValue(`${prefix}codigo_municipio`, m?.codigo ?? '', opts);
    setValue(`${prefix}municipio`, m?.nome ?? '', opts);
    if (m) setValue(`${prefix}uf`, m.uf, opts);
  };

  return (
    <FormField
      label="Município"
      required={required}
      error={error}
      className={className}
      hint={codigo ? `Código IBGE ${codigo}` : 'Digite para buscar na lista do IBGE'}
    >
      <SearchSelect
        selectedLabel={selected ? municipioLabel(selected) : ''}
        search={search}
        optionKey={(m) => m.codigo}
        optionLabel={municipioLabel}
        onPick={choose}
        listLabel="Municípios"
      />
    </FormField>
  );
}
