// The stop list's reorder: the dragged (or ↑ ↓ moved) stop takes position `destino` (clamped).

export function moverPara(ids: string[], id: string, destino: number): string[] {
  const sem = ids.filter((x) => x !== id);
  sem.splice(Math.max(0, Math.min(destino, sem.length)), 0, id);
  return sem;
}
