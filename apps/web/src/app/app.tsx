import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { AuthProvider } from '@/lib/auth/auth-provider.tsx';
import { createQueryClient } from './query-client.ts';
import { router } from './router.tsx';
import { ThemeProvider, useTheme } from './theme.tsx';

function ThemedToaster() {
  const { resolved } = useTheme();
  return <Toaster richColors position="top-right" closeButton theme={resolved} />;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
        <ThemedToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
