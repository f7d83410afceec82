// Files the API answers (XML, PDF, exports) reach the user through a blob URL: a plain link
// cannot carry the bearer token.

/** Saves a blob as a file download named `name`. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Opens a PDF in a new tab: the tab is opened before the PDF is awaited (in the click itself, so
 * pop-up blockers allow it); when pop-ups are blocked anyway the PDF is downloaded as `name`. A failed
 * load closes the tab and rethrows.
 */
export async function openPdf(load: () => Promise<Blob>, name: string) {
  const janela = window.open('', '_blank');
  try {
    const blob = await load();
    if (!janela) return saveFile(blob, name);
    const url = URL.createObjectURL(blob);
    janela.location.href = url;
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (err) {
    janela?.close();
    throw err;
  }
}
