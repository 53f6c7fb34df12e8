// CSV reading and writing (history export). RFC 4180 quoting. The bulk-invitation CSV is read by the core.

/** Splits CSV text into rows of fields; handles quotes, doubled quotes, CRLF and a leading BOM. */
export function parseCsv(text: string): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0].trim() === ''));
}

/**
 * First characters that make a spreadsheet read a cell as a formula (CWE-1236), with the
 * full-width forms Japanese Excel also turns into formulas when typed. Same list as the core's
 * `lockdesk_archive::neutralize_formula`.
 */
const FORMULA_LEAD = /^[=+\-@\t\r＝＋－＠]/;

/** Text from the service (names, e-mails) that starts like a formula gets a leading `'`. */
export function neutralizeFormula(text: string): string {
  return FORMULA_LEAD.test(text) ? `'${text}` : text;
}

export function csvField(value: string | number | boolean | null | undefined): string {
  const s =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? neutralizeFormula(value)
        : String(value);
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV text with a UTF-8 BOM (so spreadsheet programs read Japanese names right) and CRLF lines. */
export function toCsv(
  header: string[],
  rows: (string | number | boolean | null | undefined)[][],
): string {
  const lines = [header, ...rows].map((r) => r.map(csvField).join(','));
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}
