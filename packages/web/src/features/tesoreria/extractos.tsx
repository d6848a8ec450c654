/** The bank statements: import, match and reconcile (built on the extractos API). */
export function ExtractosSeccion() {
  return null;
}
