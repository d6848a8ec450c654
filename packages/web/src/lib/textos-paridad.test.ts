import { describe, expect, it } from "vitest";
import es from "../../public/assets/i18n/es.json";
import va from "../../public/assets/i18n/va.json";

type Textos = Record<string, unknown>;

/** Every leaf of a texts file as «dotted.key» → text. */
function hojas(textos: Textos, prefijo = ""): Map<string, unknown> {
  const salida = new Map<string, unknown>();
  for (const [clave, valor] of Object.entries(textos)) {
    const ruta = `${prefijo}${clave}`;
    if (typeof valor === "object" && valor !== null) {
      for (const [k, v] of hojas(valor as Textos, `${ruta}.`)) salida.set(k, v);
    } else salida.set(ruta, valor);
  }
  return salida;
}

/** The `{{marcas}}` of a text, sorted, without repeats. */
function marcas(texto: unknown): string[] {
  if (typeof texto !== "string") return [];
  return [...new Set([...texto.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1] ?? ""))].sort();
}

/** What is wrong between a language's texts and the Spanish ones (empty: nothing). */
function diferencias(base: Textos, otro: Textos): string[] {
  const a = hojas(base);
  const b = hojas(otro);
  const fallos: string[] = [];
  for (const clave of a.keys()) if (!b.has(clave)) fallos.push(`falta ${clave}`);
  for (const clave of b.keys()) if (!a.has(clave)) fallos.push(`sobra ${clave}`);
  for (const [clave, texto] of a) {
    if (!b.has(clave)) continue;
    const otroTexto = b.get(clave);
    if (typeof otroTexto !== "string" || otroTexto.trim() === "") fallos.push(`vacía ${clave}`);
    else if (marcas(texto).join() !== marcas(otroTexto).join()) fallos.push(`marcas ${clave}`);
  }
  for (const [nombre, textos] of [
    ["base", a],
    ["otro", b],
  ] as const) {
    for (const clave of textos.keys()) {
      const base = clave.replace(/_(one|other)$/, "");
      if (base === clave) continue;
      if (!textos.has(`${base}_one`) || !textos.has(`${base}_other`))
        fallos.push(`plural incompleto ${clave} (${nombre})`);
    }
  }
  return fallos;
}

describe("textos en valenciano (va.json)", () => {
  it("tiene exactamente las claves de es.json, con las mismas marcas y plurales", () => {
    expect(diferencias(es, va)).toEqual([]);
  });

  it("la comprobación detecta claves que faltan o sobran, marcas distintas y plurales rotos", () => {
    const base = {
      a: { x: "Hola {{nombre}}", n_one: "{{count}} soci", n_other: "{{count}} socis" },
    };
    expect(diferencias(base, base)).toEqual([]);
    expect(
      diferencias(base, {
        a: { x: "Hola {{nombre}}", n_one: "{{count}} u", n_other: "{{count}} d", y: "z" },
      }),
    ).toEqual(["sobra a.y"]);
    expect(
      diferencias(base, { a: { x: "Hola {{nom}}", n_one: "{{count}} u", n_other: "{{count}} d" } }),
    ).toEqual(["marcas a.x"]);
    expect(diferencias(base, { a: { x: "Hola {{nombre}}", n_other: "{{count}} d" } })).toEqual([
      "falta a.n_one",
      "plural incompleto a.n_other (otro)",
    ]);
    expect(
      diferencias(base, { a: { x: "", n_one: "{{count}} u", n_other: "{{count}} d" } }),
    ).toEqual(["vacía a.x"]);
  });

  it("no se queda con textos sin traducir en castellano", () => {
    // Spot-check: a few texts that must read in Valencian.
    expect(va.login.olvidada).toBe("Has oblidat la contrasenya?");
    expect(va.areas.productos).toBe("Quotes");
    expect(va.areas.socios).toBe("Festers");
  });
});
