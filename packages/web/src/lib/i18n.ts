export const IDIOMA = "es";

/**
 * The texts file of this build. Same URL and fetch mode as the `<link rel="preload">` that
 * vite.config.ts puts in index.html, so it is downloaded once, alongside the entry script; the
 * version stops a new build from reading an older cached file.
 */
export const urlTextos = () => `/assets/i18n/${IDIOMA}.json?v=${__APP_VERSION__}`;

/** What a text may be given: values for its `{{marcas}}`, `count` to choose the plural. */
export type ValoresTexto = { count?: number; defaultValue?: string; [marca: string]: unknown };

/** A key (or keys to try in order, the first that exists wins) to the text on screen. */
export type TFunction = (clave: string | readonly string[], valores?: ValoresTexto) => string;

let textos: Record<string, unknown> = {};
const plurales = new Intl.PluralRules(IDIOMA);

/** The string at a dotted key («login.titulo»), or undefined. */
function buscar(clave: string): string | undefined {
  let nodo: unknown = textos;
  for (const parte of clave.split(".")) {
    if (typeof nodo !== "object" || nodo === null) return undefined;
    nodo = (nodo as Record<string, unknown>)[parte];
  }
  return typeof nodo === "string" ? nodo : undefined;
}

/** With `count`, the plural form (`clave_one`, `clave_other`) before the bare key. */
function buscarConPlural(clave: string, count: number | undefined): string | undefined {
  if (typeof count === "number") {
    const forma = buscar(`${clave}_${plurales.select(count)}`) ?? buscar(`${clave}_other`);
    if (forma !== undefined) return forma;
  }
  return buscar(clave);
}

function rellenar(texto: string, valores: ValoresTexto | undefined): string {
  if (!valores) return texto;
  return texto.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, marca: string) => {
    const valor = valores[marca];
    return valor === undefined || valor === null ? "" : String(valor);
  });
}

/**
 * The text of a key, filled with its values. A missing key shows its default value if given,
 * otherwise the key itself, so a gap is visible on screen instead of a blank.
 */
export const t: TFunction = (clave, valores) => {
  const claves = typeof clave === "string" ? [clave] : clave;
  for (const una of claves) {
    const texto = buscarConPlural(una, valores?.count);
    if (texto !== undefined) return rellenar(texto, valores);
  }
  if (valores?.defaultValue !== undefined) return rellenar(valores.defaultValue, valores);
  return claves[claves.length - 1] ?? "";
};

/** The texts are loaded once, before the first render, and never change while the app runs. */
export function useTranslation(): { t: TFunction } {
  return { t };
}

/** Takes the texts of the UI (the contents of es.json). */
export function cargarTextos(contenido: Record<string, unknown>): void {
  textos = contenido;
}

async function leerTextos(): Promise<Record<string, unknown>> {
  try {
    const respuesta = await fetch(urlTextos());
    if (respuesta.ok) return (await respuesta.json()) as Record<string, unknown>;
  } catch {
    // Without the file the keys show instead of the texts.
  }
  return {};
}

/** Loads /assets/i18n/es.json; every text of the UI comes from there. */
export async function iniciarI18n(): Promise<void> {
  cargarTextos(await leerTextos());
}

export const i18n = { t };
