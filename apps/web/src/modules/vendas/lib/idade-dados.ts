import { plural } from '@erp/shared';

/** "há 5 min", "há 2 h", "há 3 dias": how old the synced data is. */
export function idadeDados(desde: string, agora = new Date()): string {
  const min = Math.max(0, Math.floor((agora.getTime() - new Date(desde).getTime()) / 60_000));
  if (min < 1) return 'agora há pouco';
  if (min < 60) return `há ${min} min`;
  const h = Math.floor(min / 60);
  if (h < 24) return `há ${h} h`;
  const d = Math.floor(h / 24);
  return `há ${plural(d, 'dia', 'dias')}`;
}
