import type { Backend, ExportFormat } from './backend';

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
  content: string | Uint8Array<ArrayBuffer>,
  type: string,
): Promise<Saved> {
  if (backend.kind === 'tauri') {
    // The desktop streams binary exports to the file itself (history_archive_export_save).
    if (typeof content !== 'string') throw new Error('the desktop saves only text this way');
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

/** The media type of each export format. */
export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  jsonl: 'application/x-ndjson',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Bytes from base64 (a binary export handed over as text). */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}
