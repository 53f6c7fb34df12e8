// The little of Node's fs the tests use to read source files as text (no @types/node here).
declare module 'node:fs' {
  export function readFileSync(path: URL, encoding: 'utf8'): string;
  export function readdirSync(path: URL): string[];
}
