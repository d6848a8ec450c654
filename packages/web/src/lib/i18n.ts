import { esIdioma, fijarTextosDeError, IDIOMA_POR_DEFECTO, type Idioma } from "@fila/domain";
import { useSyncExternalStore } from "react";
import { IDIOMAS_WEB } from "./idiomas-web";
import { CLAVES, escribir, leer } from "./storage";

export { IDIOMAS_WEB } from "./idiomas-web";

/** The language on screen: the device's choice (localStorage), Spanish by default. */
function idiomaGuardado(): Idioma {
  const guardado = leer("local", CLAVES.idioma);
  return esIdioma(guardado) ? guardado : IDIOMA_POR_DEFECTO;
}

let idioma: Idioma = idiomaGuardado();

/** The language the UI shows now. */
export const idiomaActual = (): Idioma => idioma;

/**
 * The texts file of this build. Same URL and fetch mode as the `<link rel="preload">` that
 * vite.config.ts puts in index.html, so it is downloaded once, alongside the entry script; the
 * version stops a new build from reading an older cached file.
 */
export const urlTextos = (de: Idioma = idioma) =>
  `/assets/i18n/${de}.json?v=${typeof __APP_VERSION__ === "string" ? __APP_VERSION__ : "dev"}`;

/** What a text may be given: values for its `{{marcas}}`, `count` to choose the plural. */
export type ValoresTexto = { count?: number; defaultValue?: string; [marca: string]: unknown };

/** A key (or keys to try in order, the first that exists wins) to the text on screen. */
export type TFunction = (clave: string | readonly string[], valores?: ValoresTexto) => string;

let textos: Record<string, unknown> = {};
let plurales = new Intl.PluralRules(IDIOMAS_WEB[idioma].locale);

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

/**
 * A change of language re-renders every component that reads texts: the hook gives a new `t`
 * (same behaviour, new identity) so memoised values built with it are rebuilt too.
 */
const oyentes = new Set<() => void>();
let tActual: TFunction = (clave, valores) => t(clave, valores);
const suscribir = (oyente: () => void) => {
  oyentes.add(oyente);
  return () => oyentes.delete(oyente);
};
const obtenerT = () => tActual;

export function useTranslation(): { t: TFunction } {
  return { t: useSyncExternalStore(suscribir, obtenerT, obtenerT) };
}

/** The language on screen, for components that format by it (calendar names). */
export function useIdioma(): Idioma {
  useSyncExternalStore(suscribir, obtenerT, obtenerT);
  return idioma;
}

/** Takes the texts of the UI (the contents of es.json or another language's file). */
export function cargarTextos(contenido: Record<string, unknown>, de: Idioma = idioma): void {
  textos = contenido;
  idioma = de;
  plurales = new Intl.PluralRules(IDIOMAS_WEB[de].locale);
  if (typeof document !== "undefined") document.documentElement.lang = IDIOMAS_WEB[de].lang;
  // The SPEC's own error texts (mensajeDeError): Spanish as the SPEC writes them, else translated.
  fijarTextosDeError(
    de === "es" || buscar("errores.desconocido") === undefined
      ? undefined
      : {
          desconocido: t("errores.desconocido"),
          fallo: (status, statusText) => t("errores.falloPeticion", { status, statusText }),
        },
  );
  tActual = (clave, valores) => t(clave, valores);
  for (const oyente of oyentes) oyente();
}

async function leerTextos(de: Idioma): Promise<Record<string, unknown> | null> {
  try {
    const respuesta = await fetch(urlTextos(de));
    if (respuesta.ok) return (await respuesta.json()) as Record<string, unknown>;
  } catch {
    // Without the file the keys show instead of the texts.
  }
  return null;
}

/** Loads the texts of the device's language; every text of the UI comes from there. */
export async function iniciarI18n(): Promise<void> {
  cargarTextos((await leerTextos(idioma)) ?? {}, idioma);
}

/**
 * Shows the UI in another language without reloading the page, and remembers it on the device.
 * If its file cannot be read (offline), the current texts stay and false is returned.
 */
export async function cambiarIdioma(nuevo: Idioma): Promise<boolean> {
  escribir("local", CLAVES.idioma, nuevo);
  if (nuevo === idioma && Object.keys(textos).length > 0) return true;
  const contenido = await leerTextos(nuevo);
  if (!contenido) return false;
  cargarTextos(contenido, nuevo);
  return true;
}

export const i18n = { t };
