import { api, unwrap } from '@/lib/api-client.ts';

// Typed wrappers over the Hono client for the fleet registers (types come from the server's
// routes). Query keys: ['frota', <register>, ...]; a save invalidates ['frota'].

const f = api.frota;
type Q = Record<string, string>;

async function noContent(res: Promise<Response> | Response) {
  const r = await res;
  if (!r.ok) await unwrap(r as never);
}

export const funcionariosApi = {
  list: (query: Q) => unwrap(f.funcionarios.$get({ query: query as never })),
  get: (id: string) => unwrap(f.funcionarios[':id'].$get({ param: { id } })),
  create: (json: never) => unwrap(f.funcionarios.$post({ json })),
  update: (id: string, json: never) => unwrap(f.funcionarios[':id'].$put({ param: { id }, json })),
  remove: (id: string) => noContent(f.funcionarios[':id'].$delete({ param: { id } })),
  exportFile: (query: Q) => f.funcionarios.export.$get({ query: query as never }) as Promise<Response>,
  usuarios: () => unwrap(f.funcionarios.usuarios.$get()),
  motoristas: () => unwrap(f.funcionarios.motoristas.$get()),
};

export const veiculosApi = {
  list: (query: Q) => unwrap(f.veiculos.$get({ query: query as never })),
  get: (id: string) => unwrap(f.veiculos[':id'].$get({ param: { id } })),
  create: (json: never) => unwrap(f.veiculos.$post({ json })),
  update: (id: string, json: never) => unwrap(f.veiculos[':id'].$put({ param: { id }, json })),
  remove: (id: string) => noContent(f.veiculos[':id'].$delete({ param: { id } })),
  exportFile: (query: Q) => f.veiculos.export.$get({ query: query as never }) as Promise<Response>,
};
