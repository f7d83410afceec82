import {
  type EmissaoMdfeInput,
  isUf,
  percursoPadrao,
  TIPOS_CARGA_MDFE,
  tipoCargaMdfeLabels,
  UFS,
  type Uf,
  validaPercurso,
} from '@erp/shared';
import { RotateCcw, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { type EmissaoMdfe, mdfeApi, type PendenciaMdfe, pendenciasDe } from '../api/mdfe-api.ts';
import { PendenciasMdfe } from './pendencias-mdfe.tsx';

// «Emitir MDF-e» of a faturada load: one manifesto per UF de descarregamento, each with its percurso
// (the UFs crossed, in order — proposed by the shortest chain of bordering UFs, editable), and
// optionally the produto predominante and the planned start of the trip. A refusal for missing data
// lists each pendência with a link to where it is fixed.

type Produto = { tpCarga: (typeof TIPOS_CARGA_MDFE)[number]; xProd: string; NCM: string };

export function EmitirMdfeDialog({
  cargaId,
  cargaNumero,
  ufIni,
  ufsFim,
  onEmitido,
  onClose,
}: {
  cargaId: string;
  cargaNumero: number;
  /** The emitter's UF (the UF de carregamento); null when this user cannot read it. */
  ufIni: Uf | null;
  /** The load's UFs de descarregamento (its customers' UFs). */
  ufsFim: Uf[];
  onEmitido(r: EmissaoMdfe): void;
  onClose(): void;
}) {
  const formId = useId();
  const padrao = (fim: Uf) => (ufIni ? percursoPadrao(ufIni, fim) : []);
  // only the UFs whose percurso was touched are sent: the server proposes the others itself
  const [percursos, setPercursos] = useState<Partial<Record<Uf, Uf[]>>>({});
  const [comProduto, setComProduto] = useState(false);
  const [produto, setProduto] = useState<Produto>({ tpCarga: '05', xProd: '', NCM: '' });
  const [inicio, setInicio] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [campos, setCampos] = useState<Record<string, string[]>>({});
  const [pendencias, setPendencias] = useState<PendenciaMdfe[]>([]);
  const [enviando, setEnviando] = useState(false);
  const percursoDe = (fim: Uf) => percursos[fim] ?? padrao(fim);
  const muda = (fim: Uf, lista: Uf[]) => setPercursos((p) => ({ ...p, [fim]: lista }));

  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    setErro(null);
    setCampos({});
    setPendencias([]);
    const body: EmissaoMdfeInput = {};
    const editados = (Object.keys(percursos) as Uf[]).filter((u) => ufsFim.includes(u));
    if (editados.length) body.percursos = editados.map((ufFim) => ({ ufFim, percurso: percursos[ufFim]! }));
    if (comProduto)
      body.produtoPredominante = {
        tpCarga: produto.tpCarga,
        xProd: produto.xProd,
        ...(produto.NCM.trim() ? { NCM: produto.NCM.trim() } : {}),
      };
    if (inicio) body.dhIniViagem = new Date(inicio).toISOString();
    setEnviando(true);
    try {
      onEmitido(await mdfeApi.emitir(cargaId, body));
    } catch (err) {
      if (err instanceof ApiError) {
        const p = pendenciasDe(err.body.details as Record<string, unknown> | undefined);
        if (p.length) setPendencias(p);
        else setErro(err.message);
        setCampos(err.fields);
      } else setErro('Não foi possível emitir o MDF-e.');
    } finally {
      setEnviando(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Emitir MDF-e da carga nº {cargaNumero}</DialogTitle>
          <DialogDescription>
            Um manifesto por UF de descarregamento, com as NF-e autorizadas da carga. Ele é assinado e
            transmitido à SEFAZ em seguida.
          </DialogDescription>
        </DialogHeader>
        <form id={formId} noValidate onSubmit={enviar} className="grid gap-4">
          {pendencias.length ? <PendenciasMdfe pendencias={pendencias} /> : null}
          {erro ? (
            <p role="alert" className="text-sm text-destructive">
              {erro}
            </p>
          ) : null}
          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-semibold">Percurso</legend>
            {ufsFim.map((fim) => (
              <PercursoUf
                key={fim}
                ufIni={ufIni}
                ufFim={fim}
                valor={percursoDe(fim)}
                editado={percursos[fim] !== undefined}
                onChange={(l) => muda(fim, l)}
                onRestaura={() =>
                  setPercursos((p) => {
                    const n = { ...p };
                    delete n[fim];
                    return n;
                  })
                }
              />
            ))}
            {campos.percursos?.length ? (
              <p role="alert" className="text-sm text-destructive">
                {campos.percursos[0]}
              </p>
            ) : null}
          </fieldset>
          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-semibold">Opcional</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={comProduto}
                onChange={(e) => setComProduto(e.target.checked)}
              />
              Informar o produto predominante
            </label>
            {comProduto ? (
              <div className="grid gap-3 sm:grid-cols-[1fr_2fr_1fr]">
                <FormField label="Tipo de carga" required>
                  <NativeSelect
                    value={produto.tpCarga}
                    onChange={(e) =>
                      setProduto((p) => ({ ...p, tpCarga: e.target.value as Produto['tpCarga'] }))
                    }
                  >
                    {TIPOS_CARGA_MDFE.map((t) => (
                      <option key={t} value={t}>
                        {tipoCargaMdfeLabels[t]}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
                <FormField label="Produto" required error={campos['produtoPredominante.xProd']?.[0]}>
                  <Input
                    maxLength={120}
                    value={produto.xProd}
                    onChange={(e) => setProduto((p) => ({ ...p, xProd: e.target.value }))}
                  />
                </FormField>
                <FormField label="NCM" error={campos['produtoPredominante.NCM']?.[0]}>
                  <Input
                    inputMode="numeric"
                    maxLength={8}
                    value={produto.NCM}
                    onChange={(e) => setProduto((p) => ({ ...p, NCM: e.target.value.replace(/\D/g, '') }))}
                  />
                </FormField>
              </div>
            ) : null}
            <FormField
              label="Início previsto da viagem"
              hint="Em branco: a viagem começa quando o MDF-e é autorizado."
              error={campos.dhIniViagem?.[0]}
              className="sm:max-w-xs"
            >
              <Input type="datetime-local" value={inicio} onChange={(e) => setInicio(e.target.value)} />
            </FormField>
          </fieldset>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Voltar
          </Button>
          <Button type="submit" form={formId} disabled={enviando}>
            {enviando ? <Spinner /> : null}
            Emitir MDF-e
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The UFs crossed on the way to one UF de descarregamento: chips in order, add at the end, remove any. */
function PercursoUf({
  ufIni,
  ufFim,
  valor,
  editado,
  onChange,
  onRestaura,
}: {
  ufIni: Uf | null;
  ufFim: Uf;
  valor: Uf[];
  editado: boolean;
  onChange(lista: Uf[]): void;
  onRestaura(): void;
}) {
  const id = useId();
  const erros = ufIni && editado ? validaPercurso(ufIni, ufFim, valor) : [];
  const livres = UFS.filter((u) => u !== ufIni && u !== ufFim && !valor.includes(u));
  return (
    <fieldset
      className="grid gap-1.5 rounded-md border border-border p-2"
      aria-label={`Percurso até ${ufFim}`}
    >
      <div className="flex flex-wrap items-center gap-1.5 text-sm">
        <span className="font-medium">{ufIni ?? 'Origem'}</span>
        {valor.map((u, i) => (
          <span key={u} className="inline-flex items-center gap-1">
            →
            <span className="inline-flex items-center gap-0.5 rounded-full border border-border bg-muted px-2 py-0.5 text-xs font-medium">
              {u}
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-background"
                aria-label={`Retirar ${u} do percurso até ${ufFim}`}
                onClick={() => onChange(valor.filter((_, j) => j !== i))}
              >
                <X className="size-3" aria-hidden />
              </button>
            </span>
          </span>
        ))}
        <span>→</span>
        <span className="font-medium">{ufFim}</span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="sr-only">
          Adicionar UF ao percurso até {ufFim}
        </label>
        <NativeSelect
          id={id}
          className="w-auto"
          value=""
          onChange={(e) => {
            if (isUf(e.target.value)) onChange([...valor, e.target.value]);
          }}
        >
          <option value="">Adicionar UF…</option>
          {livres.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </NativeSelect>
        {editado ? (
          <Button type="button" size="sm" variant="ghost" onClick={onRestaura}>
            <RotateCcw aria-hidden />
            Restaurar o padrão
          </Button>
        ) : !ufIni ? (
          <span className="text-xs text-muted-foreground">Percurso padrão calculado na emissão.</span>
        ) : null}
      </div>
      {erros.length ? (
        <ul role="alert" className="grid gap-0.5 text-xs text-destructive">
          {erros.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
