import { createBrowserRouter } from 'react-router';
import { NotFoundPage } from './not-found-page.tsx';

// One entry per route; module route lists are spread in here (see modules/*/routes.tsx).
export const router = createBrowserRouter([
  {
    path: '/',
    lazy: async () => ({ Component: (await import('./home-page.tsx')).HomePage }),
  },
  { path: '*', Component: NotFoundPage },
]);
