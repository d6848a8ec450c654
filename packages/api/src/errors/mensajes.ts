import { MENSAJES_ES } from "./mensajes.es.js";
import { MENSAJES_VA } from "./mensajes.va.js";
import { textoDominioEnValenciano } from "./textos-dominio.va.js";

/**
 * The server's texts a person reads in an error, by key. Spanish is the catalogue that defines the
 * keys; another language is another object of the same type (`Record<ClaveMensaje, string>`) added
 * to `CATALOGOS`. Placeholders are written `{{nombre}}`.
 */
export type ClaveMensaje = keyof typeof MENSAJES_ES;
export type ParametrosMensaje = Record<string, string | number>;
export type Catalogo = Record<ClaveMensaje, string>;

export const CATALOGOS = { es: MENSAJES_ES, va: MENSAJES_VA } as const satisfies Record<
  string,
  Catalogo
>;
export type Idioma = keyof typeof CATALOGOS;

/**
 * A text a rule of @fila/domain wrote (in Spanish) in another language: those rules know no
 * language, so their texts are translated here (textos-dominio.va.ts).
 */
export const TEXTOS_DOMINIO: Record<Idioma, (texto: string) => string> = {
  es: (t) => t,
  va: textoDominioEnValenciano,
};

/** A message of the catalogue, with the values of its placeholders. */
export type Mensaje = ClaveMensaje | { clave: ClaveMensaje; params: ParametrosMensaje };

export const mensajeCon = (clave: ClaveMensaje, params: ParametrosMensaje): Mensaje => ({
  clave,
  params,
});

const MARCADOR = /\{\{(\w+)\}\}/g;

/** The placeholders a text uses, in order. */
export const marcadores = (plantilla: string): string[] =>
  [...plantilla.matchAll(MARCADOR)].map((m) => m[1] as string);

/**
 * The text of a message in a language. A key the catalogue does not have, or a placeholder left
 * without its value, is a programming error: it throws rather than show a person «{{x}}».
 */
export function texto(m: Mensaje, idioma: Idioma = "es"): string {
  const { clave, params: dados } = typeof m === "string" ? { clave: m, params: {} } : m;
  const params: ParametrosMensaje =
    clave === "dominio.texto" && typeof dados.texto === "string"
      ? { ...dados, texto: TEXTOS_DOMINIO[idioma](dados.texto) }
      : dados;
  const catalogo: Record<string, string> = CATALOGOS[idioma];
  const plantilla = Object.hasOwn(catalogo, clave) ? catalogo[clave] : undefined;
  if (plantilla === undefined) throw new Error(`Mensaje sin texto en «${idioma}»: ${clave}`);
  return plantilla.replace(MARCADOR, (_, nombre: string) => {
    const valor = params[nombre];
    if (valor === undefined) throw new Error(`Falta «${nombre}» en el mensaje ${clave}`);
    return String(valor);
  });
}
