import type { Backend } from './backend';

/** Where an export went: a file the user chose (desktop), a browser download, or nowhere. */
export type Saved =
  { kind: 'saved'; path: string } | { kind: 'downloaded' } | { kind: 'cancelled' };

/**
 * Offers `content` to the user as a file, in one place for every export. The desktop app asks
 * the shell (`files_save`), which opens the OS save dialog from Rust; the UI never names a path.
 * The browser (test host) gets a download.
 */
export async function saveText(
  backend: Backend,
  fileName: string,
  content: string,
  type: string,
): Promise<Saved> {
  if (backend.kind === 'tauri') {
    const r = await backend.call('files_save', { file_name: fileName, content });
    return r.path === null ? { kind: 'cancelled' } : { kind: 'saved', path: r.path };
  }
  const blob = new Blob([content], { type });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  return { kind: 'downloaded' };
}
