/** Characters a spreadsheet reads a formula after, at the start of a cell (OWASP "CSV Injection"). */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);
/** A plain number: an optional sign, digits with an optional fraction, an optional exponent. */
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
/** A phone number in E.164 (`+14155550123`). */
const PHONE = /^\+[1-9]\d{6,14}$/;

/**
 * A cell as a spreadsheet must read it: as text. A cell that starts with `=`, `+`, `-`, `@`, a tab
 * or a carriage return (Excel, LibreOffice and Google Sheets would evaluate it as a formula, e.g.
 * `=HYPERLINK(...)`) gets a leading apostrophe, as OWASP's CSV-injection guidance says, unless it is
 * a plain number (`-12.5`) or an E.164 phone number (`+14155550123`), which stay as they are.
 */
export const spreadsheetSafe = (cell: string): string => {
  if (cell === '' || !FORMULA_START.has(cell[0]) || NUMBER.test(cell) || PHONE.test(cell)) return cell;
  return `'${cell}`;
};
