import type { OndePendenciaMdfe, PendenciaMdfe } from '@erp/shared';
import { Link } from 'react-router';

// What stops «Emitir MDF-e» (the server's 422 pendências): each sentence with a link to the record
// where it is fixed — the vehicle, the employee, the customer, the load itself, the fiscal settings.

export function ondePendencia(onde: OndePendenciaMdfe): { to: string; rotulo: string } {
  switch (onde.tipo) {
    case 'veiculo':
      return { to: `/frota/placas?editar=${onde.id}`, rotulo: 'Abrir o veículo' };
    case 'funcionario':
      return { to: `/frota/funcionarios?editar=${onde.id}`, rotulo: 'Abrir o funcionário' };
    case 'cliente':
      return { to: `/matriz/clientes?editar=${onde.id}`, rotulo: 'Abrir o cliente' };
    case 'carga':
      return { to: `/expedicao/cargas/${onde.id}`, rotulo: 'Editar a carga' };
    case 'certificado':
      return { to: '/configuracoes/fiscais', rotulo: 'Abrir o certificado digital' };
    case 'configuracao':
      return { to: '/configuracoes/fiscais', rotulo: 'Abrir as configurações fiscais' };
  }
}

export function PendenciasMdfe({ pendencias }: { pendencias: PendenciaMdfe[] }) {
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      <p className="font-medium">Faltam dados para emitir o MDF-e:</p>
      <ul className="grid gap-1.5" aria-label="Pendências do MDF-e">
        {pendencias.map((p) => {
          const l = ondePendencia(p.onde);
          return (
            <li
              key={`${p.mensagem}-${l.to}`}
              className="flex flex-wrap items-baseline justify-between gap-x-3"
            >
              <span>{p.mensagem}</span>
              <Link to={l.to} className="whitespace-nowrap font-medium underline underline-offset-4">
                {l.rotulo}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
