/**
 * Offers `content` to the user as a file. One place for every export, so the desktop app's
 * native save dialog (not yet wired) replaces the browser-style download here only.
 */
export function downloadText(fileName: string, content: string, type: string): void {
  const blob = new Blob([content], { type });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
