/**
 * A number or phone number written with its sign (`+47 22 33 44 55`, `-5`): no formula can be
 * made of digits, spaces and ( ) . / -, so it is written as it is, in a text cell.
 */
const SIGNED_NUMBER = /^[+-][0-9 ()./-]*[0-9][0-9 ()./-]*$/;

/**
 * A cell a spreadsheet program would run as a formula (= + - @, or a tab or return before one)
 * is written as text behind an apostrophe, in every file the portal writes for a spreadsheet (import
 * reports, exports). A signed number or phone number is no formula and keeps its text, so that a
 * report uploads again as it is (the reader drops the apostrophe again, `dropFormulaGuard` in
 * bulk-imports/sheet.ts).
 */
export function safeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !SIGNED_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * Excel's Text number format: a value typed or pasted into the cell stays the text it is (a phone
 * number is not taken for a formula, nor a date for a serial number) in Excel and LibreOffice alike.
 */
export const TEXT_FORMAT = '@';
