// Query keys of the finance screens: everything under ['financeiro'], so a save, a baixa or an
// estorno invalidates ['financeiro'] and every list, balance and report reloads.

export const financeiroKeys = {
  all: ['financeiro'] as const,
  /** a register's list, record and options (RegisterPage / useRecordForm add 'list' / 'get') */
  registro: (registro: string) => ['financeiro', registro] as const,
  opcoes: (registro: string) => ['financeiro', registro, 'opcoes'] as const,
};
