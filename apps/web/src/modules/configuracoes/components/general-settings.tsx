/**
 * General settings shown on the /configuracoes hub for administrators (stub: the users/settings
 * issue fills it in, e.g. "Permitir novos cadastros").
 */
export function GeneralSettings() {
  return null;
}
