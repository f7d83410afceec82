// The seller's data on the device (decision 0010): one IndexedDB database, one object store per
// synced entity (keyPath id), `meta` (cursor, last sync, the small always-full sets) and
// `pendentes` (orders saved offline, sent in order). A minimal promise wrapper over plain IndexedDB.

export const LOJAS = ['clientes', 'produtos', 'tabelas', 'pedidos', 'titulos', 'pendentes'] as const;
export type Loja = (typeof LOJAS)[number] | 'meta';

const NOME = 'erp-vendas';
const VERSAO = 1;

let aberto: Promise<IDBDatabase> | null = null;

export function abreBanco(): Promise<IDBDatabase> {
  aberto ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(NOME, VERSAO);
    req.onupgradeneeded = () => {
      const db = req.result;
      for (const loja of LOJAS)
        if (!db.objectStoreNames.contains(loja)) db.createObjectStore(loja, { keyPath: 'id' });
      if (!db.objectStoreNames.contains('meta')) db.createObjectStore('meta');
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  return aberto;
}

const pronto = (req: IDBRequest) =>
  new Promise<unknown>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

export async function todos<T>(loja: Loja): Promise<T[]> {
  const db = await abreBanco();
  return (await pronto(db.transaction(loja).objectStore(loja).getAll())) as T[];
}

export async function le<T>(loja: Loja, chave: string): Promise<T | undefined> {
  const db = await abreBanco();
  return (await pronto(db.transaction(loja).objectStore(loja).get(chave))) as T | undefined;
}

export type Escrita = { loja: Loja; grava?: unknown[]; apaga?: string[]; limpa?: boolean; chave?: string };

/** Several stores written in one transaction: all or nothing. */
export async function escreve(escritas: readonly Escrita[]): Promise<void> {
  const db = await abreBanco();
  const tx = db.transaction([...new Set(escritas.map((e) => e.loja))], 'readwrite');
  for (const e of escritas) {
    const s = tx.objectStore(e.loja);
    if (e.limpa) s.clear();
    for (const id of e.apaga ?? []) s.delete(id);
    for (const v of e.grava ?? [])
      if (e.chave) s.put(v, e.chave);
      else s.put(v);
  }
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/** Bytes the origin stores (IndexedDB and caches), when the browser tells. */
export async function tamanhoArmazenado(): Promise<number | null> {
  const est = await navigator.storage?.estimate?.();
  return est?.usage ?? null;
}
