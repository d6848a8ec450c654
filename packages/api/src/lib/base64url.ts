/**
 * The bytes of a base64url text, or null unless the text is exactly how those bytes encode:
 * only `[A-Za-z0-9_-]`, no padding, zero spare bits. Node's decoder skips junk (`*`, `=`), takes
 * `+` and `/` too and ignores the spare bits of the last character, so several texts decode to
 * the same bytes; a signed code must have one spelling, or «any altered code is refused» is
 * false.
 */
export function leerBase64url(texto: string): Buffer | null {
  const bytes = Buffer.from(texto, "base64url");
  return bytes.toString("base64url") === texto ? bytes : null;
}
