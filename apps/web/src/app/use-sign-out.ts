import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '@/lib/auth/auth-context.ts';

/** "Sair": signs out, toasts, goes to /auth (spec section 8 texts). */
export function useSignOut() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut();
      toast.success('Logout realizado com sucesso!');
      navigate('/auth', { replace: true });
    } catch (err) {
      console.error('logout falhou', err);
      toast.error('Erro ao fazer logout');
    }
  }, [signOut, navigate]);
}
