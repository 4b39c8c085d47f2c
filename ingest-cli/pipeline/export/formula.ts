// One exported cell → the same text, or with a leading ' when a spreadsheet would run it as a formula
// (=, +, -, @, tab, CR first); plain numbers and phone numbers stay intact so they keep their value.

const TRIGGERS = new Set(["=", "+", "-", "@", "\t", "\r"]);

/** "-12.5", "+3", "1e-4": a number a spreadsheet shows as that number; nothing to evaluate. */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** "+44 20 7946 0958", "+1 (555) 010-9999": a "+", then digit groups split by one space, dot or hyphen. */
const PHONE_NUMBER = /^\+\d+(?:[ .-]?(?:\(\d+\)|\d+))*$/;

/** NOTE: "+1-2" fits the phone shape but is arithmetic; a real number has at least this many digits. */
const MIN_PHONE_DIGITS = 7;

function isPhoneNumber(value: string): boolean {
  if (!PHONE_NUMBER.test(value)) return false;
  let digits = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 48 && code <= 57) digits++;
  }
  return digits >= MIN_PHONE_DIGITS;
}

/** True when a spreadsheet would treat the cell as a formula and the value is not a plain number or phone. */
export function needsFormulaGuard(value: string): boolean {
  if (value.length === 0 || !TRIGGERS.has(value.charAt(0))) return false;
  return !PLAIN_NUMBER.test(value) && !isPhoneNumber(value);
}

/** "=HYPERLINK(…)" → "'=HYPERLINK(…)"; "-12.5" and "+44 20 7946 0958" are returned unchanged. */
export function neutraliseFormula(value: string): string {
  return needsFormulaGuard(value) ? `'${value}` : value;
}
