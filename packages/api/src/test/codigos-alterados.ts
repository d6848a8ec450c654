const ALFABETO = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * Spellings of a signed code (`<datos>.<firma>`) that Node's base64url decoder reads as the same
 * bytes (issue 45 §11): the last character with its two spare bits changed (`c` → `d`), a `*`
 * inserted, a trailing `=` and `+` for `-`. Each must be refused like any altered code.
 */
export function alteracionesDe(codigo: string): Record<string, string> {
  const ultimo = ALFABETO.indexOf(codigo.slice(-1));
  const mitad = codigo.length - 10;
  const alteraciones: Record<string, string> = {
    bitsDeRelleno: `${codigo.slice(0, -1)}${ALFABETO[ultimo ^ 1]}`,
    asterisco: `${codigo.slice(0, mitad)}*${codigo.slice(mitad)}`,
    igualAlFinal: `${codigo}=`,
    masPorGuion: codigo.replace(/-(?=[^.]*$)/, "+"),
  };
  // A signature without «-» has nothing to swap (`conGuionEnLaFirma` picks one that has): that
  // spelling would be the code itself, so it is left out.
  return Object.fromEntries(Object.entries(alteraciones).filter(([, a]) => a !== codigo));
}

/** The first of the codes `nuevo` makes with a `-` in the signature (half of them have one). */
export async function conGuionEnLaFirma(nuevo: () => Promise<string>): Promise<string> {
  for (let i = 0; i < 64; i++) {
    const codigo = await nuevo();
    if (codigo.split(".")[1]?.includes("-")) return codigo;
  }
  throw new Error("64 firmas sin «-»");
}
