/** Base64 of bytes, in chunks so large photos do not overflow the call stack. */
export function toBase64(bytes: Uint8Array): string {
  let bin = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    bin += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(bin);
}

/** The last part of a path, for showing a dropped file by name (either separator). */
export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}
