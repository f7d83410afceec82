import { listarMunicipios, type Municipio, normalizaBusca } from '@erp/shared';
import { useId, useMemo, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { cn } from '@/lib/cn.ts';
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

/**
 * Searchable municipality picker over the official IBGE list (offline): choosing one fills
 * municipio, codigo_municipio (7 digits) and uf of the surrounding form.
 */
export function MunicipioPicker({ className, required }: { className?: string; required?: boolean }) {
  const { setValue, control } = useFormContext();
  const [codigo, uf] = useWatch({ control, name: ['codigo_municipio', 'uf'] }) as [
    string | null,
    string | null,
  ];
  const selectedLabel = useMemo(() => {
    const m = codigo ? listarMunicipios().find((x) => x.codigo === codigo) : null;
    return m ? `${m.nome} - ${m.uf}` : '';
  }, [codigo]);
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const shown = text ?? selectedLabel;
  const options = useMemo(() => (open && text ? searchMunicipios(text, uf ?? '') : []), [open, text, uf]);
  const codigoError = useFieldError('codigo_municipio');
  const nomeError = useFieldError('municipio');
  const error = codigoError ?? nomeError;

  const choose = (m: Municipio | null) => {
    const opts = { shouldDirty: true, shouldValidate: false };
    setValue('codigo_municipio', m?.codigo ?? '', opts);
    setValue('municipio', m?.nome ?? '', opts);
    if (m) setValue('uf', m.uf, opts);
    setText(null);
    setOpen(false);
  };

  return (
    <div className={cn('relative', className)}>
      <FormField
        label="Município"
        required={required}
        error={error}
        hint={codigo ? `Código IBGE ${codigo}` : 'Digite para buscar na lista do IBGE'}
      >
        <Input
          ref={inputRef}
          role="combobox"
          aria-expanded={open && options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
          autoComplete="off"
          value={shown}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
            setOpen(true);
            if (!e.target.value) choose(null);
          }}
          onFocus={() => text && setOpen(true)}
          onBlur={() => {
            // leaving without choosing keeps the previous choice
            setTimeout(() => {
              setOpen(false);
              setText(null);
            }, 150);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              setActive((a) => Math.min(a + 1, options.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === 'Enter' && open && options[active]) {
              e.preventDefault();
              choose(options[active]!);
            } else if (e.key === 'Escape' && open) {
              e.stopPropagation();
              setOpen(false);
            }
          }}
        />
      </FormField>
      {open && options.length > 0 ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Municípios"
          className="absolute top-16 z-50 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-border bg-card p-1 shadow-md"
        >
          {options.map((m, i) => (
            <div
              key={m.codigo}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              tabIndex={-1}
              className={cn('cursor-pointer rounded-sm px-2 py-1.5 text-sm', i === active && 'bg-muted')}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(m);
              }}
              onMouseEnter={() => setActive(i)}
            >
              {m.nome} - {m.uf}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
