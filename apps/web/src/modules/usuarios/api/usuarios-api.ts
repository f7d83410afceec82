import type { PerfilUpdate, SenhaAlteracao, UsuarioConvite, UsuarioPapeis, UsuarioUpdate } from '@erp/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, unwrap } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { meKeys, usuariosKeys } from './keys.ts';

type UsuariosListParam = Parameters<typeof api.usuarios.$get>[0]['query'];

/** A page of the users list; `query` is the list state's (only the values set, as strings). */
export function useUsuarios(query: Record<string, string>) {
  return useQuery({
    queryKey: usuariosKeys.list(query),
    // the server validates and applies defaults
    queryFn: () => unwrap(api.usuarios.$get({ query: query as unknown as UsuariosListParam })),
    placeholderData: keepPreviousData,
    // admin screens show what the server has now
    staleTime: 0,
  });
}

export function useUsuariosPorPapel() {
  return useQuery({
    queryKey: usuariosKeys.porPapel,
    queryFn: () => unwrap(api.usuarios['por-papel'].$get()),
    staleTime: 0,
  });
}

export function useUsuarioOpcoes() {
  return useQuery({
    queryKey: usuariosKeys.opcoes,
    queryFn: () => unwrap(api.usuarios.opcoes.$get()),
    staleTime: 60_000,
  });
}

function useInvalidateUsuarios() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: usuariosKeys.all });
}

export function useConvidarUsuario() {
  const invalidate = useInvalidateUsuarios();
  return useMutation({
    mutationFn: (body: UsuarioConvite) => unwrap(api.usuarios.$post({ json: body })),
    onSuccess: invalidate,
  });
}

export function useEditarUsuario() {
  const invalidate = useInvalidateUsuarios();
  return useMutation({
    mutationFn: async (v: { id: string; perfil?: UsuarioUpdate; papeis?: UsuarioPapeis }) => {
      if (v.perfil) await unwrap(api.usuarios[':id'].$put({ param: { id: v.id }, json: v.perfil }));
      if (v.papeis) await unwrap(api.usuarios[':id'].papeis.$put({ param: { id: v.id }, json: v.papeis }));
    },
    onSettled: invalidate,
  });
}

export function useDesativarUsuario() {
  const invalidate = useInvalidateUsuarios();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.usuarios[':id'].desativar.$post({ param: { id } })),
    onSuccess: invalidate,
  });
}

export function useReativarUsuario() {
  const invalidate = useInvalidateUsuarios();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.usuarios[':id'].reativar.$post({ param: { id } })),
    onSuccess: invalidate,
  });
}

export function useReenviarConvite() {
  const invalidate = useInvalidateUsuarios();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.usuarios[':id']['reenviar-convite'].$post({ param: { id } })),
    onSuccess: invalidate,
  });
}

export function useEnviarRedefinicaoSenha() {
  return useMutation({
    mutationFn: (id: string) => unwrap(api.usuarios[':id']['redefinir-senha'].$post({ param: { id } })),
  });
}

// ----- own profile (/perfil) -----

export function useMe() {
  return useQuery({ queryKey: meKeys.me, queryFn: () => unwrap(api.me.$get()) });
}

export function useAtualizarPerfil() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PerfilUpdate) => unwrap(api.me.$put({ json: body })),
    onSuccess: (me) => {
      qc.setQueryData(meKeys.me, me);
      // the users screen shows the name too (the greeting reads it from the auth state)
      return qc.invalidateQueries({ queryKey: usuariosKeys.all });
    },
  });
}

export function useAlterarSenha() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SenhaAlteracao) => unwrap(api.me.senha.$post({ json: body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: meKeys.sessoes }),
  });
}

/**
 * Own sessions. Re-read whenever this device's session is refreshed (a new access token), so
 * "Último uso" moves on the screen when the server moves it.
 */
export function useMinhasSessoes() {
  const qc = useQueryClient();
  const accessToken = useAuth().session?.access_token;
  const seenToken = useRef(accessToken);
  useEffect(() => {
    if (accessToken === seenToken.current) return;
    seenToken.current = accessToken;
    if (accessToken) qc.invalidateQueries({ queryKey: meKeys.sessoes });
  }, [accessToken, qc]);
  return useQuery({
    queryKey: meKeys.sessoes,
    queryFn: () => unwrap(api.me.sessoes.$get()),
    staleTime: 0,
  });
}

export function useEncerrarOutrasSessoes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.me.sessoes['encerrar-outras'].$post()),
    onSuccess: () => qc.invalidateQueries({ queryKey: meKeys.sessoes }),
  });
}
