// Applies the saved theme (or the system's) before the first paint. Kept as a file, not an inline
// script, so the Content-Security-Policy can forbid inline scripts.
(() => {
  try {
    const saved = JSON.parse(localStorage.getItem('erp.theme') || '"system"');
    const dark =
      saved === 'dark' || (saved !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
    if (dark) document.documentElement.classList.add('dark');
  } catch {}
})();
