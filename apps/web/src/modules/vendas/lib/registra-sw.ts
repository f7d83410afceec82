// The service worker (apps/web/public/sw.js): registered by the força de vendas page, scope '/'. On
// the first visit the page's own code was loaded before the worker controlled it, so the page hands
// the worker the list of what it loaded (scripts, styles) to keep: the next start without a network
// finds the whole screen.
export async function registraServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    const reg = await navigator.serviceWorker.ready;
    const carregados = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter(
        (u) =>
          /\.(js|css|svg|png|webmanifest)(\?|$)/.test(u) ||
          u.includes('/src/') ||
          u.includes('/node_modules/'),
      );
    reg.active?.postMessage({ guardar: [location.pathname, ...carregados] });
  } catch (err) {
    console.error('Falha ao registrar o service worker', err);
  }
}
