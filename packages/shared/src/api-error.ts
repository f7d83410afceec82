// The JSON shape of every /api error, shared by server and web.
export type ApiErrorBody = {
  code: string;
  message: string;
  details?: { fields?: Record<string, string[]>; [k: string]: unknown };
  requestId?: string;
};

export const genericMessages = {
  forbidden: 'Você não tem permissão para esta ação.',
  unauthorized: 'Sessão expirada ou inválida. Entre novamente.',
  notFound: 'Recurso não encontrado.',
  validation: 'Dados inválidos. Verifique os campos destacados.',
  malformedJson: 'Corpo da requisição não é um JSON válido.',
  payloadTooLarge: 'Corpo da requisição excede o tamanho máximo permitido.',
  internal: 'Erro interno. Tente novamente; se persistir, informe o código da requisição.',
  unavailable: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  conflict: 'Registro alterado por outro usuário. Recarregue e tente novamente.',
} as const;
