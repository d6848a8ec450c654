import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  anularSeries,
  comprobarCupo,
  type LoteriaEnCentimos,
  liquidarTalonario,
  problemasLoteria,
  rechazoCambioLoteria,
  rechazoPremios,
  type TalonarioLoteria,
} from "@fila/domain";
import { describe, expect, it } from "vitest";
import { conoceTextoDominio, textoDominioEnValenciano } from "./textos-dominio.va.js";

// Every message the domain's schemas write (`error:` / `message:`, as a string or a template
// built from a value) has its Valencian text in textos-dominio.va.ts (issue 38).

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../domain/src");

function ficheros(carpeta: string): string[] {
  return readdirSync(carpeta, { withFileTypes: true }).flatMap((f) => {
    const ruta = path.join(carpeta, f.name);
    if (f.isDirectory()) return ficheros(ruta);
    return f.name.endsWith(".ts") && !f.name.endsWith(".test.ts") ? [ruta] : [];
  });
}

const LITERAL = /(?:error|message)\s*:\s*"((?:[^"\\]|\\.)+)"/g;
const PLANTILLA = /(?:error|message)\s*:\s*`([^`]+)`/g;
const escapar = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("textos de los esquemas del dominio en valenciano", () => {
  const fuentes = ficheros(raiz).map((f) => ({
    fichero: path.relative(raiz, f),
    texto: readFileSync(f, "utf8"),
  }));

  it("encuentra los mensajes de los esquemas (la búsqueda no se ha quedado vacía)", () => {
    const total = fuentes.reduce((n, f) => n + [...f.texto.matchAll(LITERAL)].length, 0);
    expect(total).toBeGreaterThan(150);
  });

  it("cada mensaje fijo de un esquema tiene su texto valenciano", () => {
    const faltan = fuentes.flatMap(({ fichero, texto }) =>
      [...texto.matchAll(LITERAL)]
        .map((m) => JSON.parse(`"${m[1]}"`) as string)
        .filter((t) => !conoceTextoDominio(t))
        .map((t) => `${fichero}: ${t}`),
    );
    expect(faltan).toEqual([]);
  });

  it("cada mensaje construido con un valor tiene su patrón o sus textos valencianos", () => {
    const faltan = fuentes.flatMap(({ fichero, texto }) =>
      [...texto.matchAll(PLANTILLA)]
        .map((m) => m[1])
        .filter((p) => {
          const ejemplo = p.replace(/\$\{[^}]+\}/g, "1");
          const forma = new RegExp(
            `^${p
              .split(/\$\{[^}]+\}/)
              .map(escapar)
              .join(".+")}$`,
          );
          return !conoceTextoDominio(ejemplo) && !conoceTextoDominio(ejemplo, forma);
        })
        .map((p) => `${fichero}: ${p}`),
    );
    expect(faltan).toEqual([]);
  });
});

describe("textos de las reglas de la lotería en valenciano", () => {
  const l: LoteriaEnCentimos = {
    fechaSorteo: "2026-12-22",
    fechaLimiteDevolucion: "2026-12-15",
    precioDecimoCentimos: 2000,
    numeros: [{ numero: "05473", decimos: 1 }],
    importeJugadoCentimos: 400,
    donativoCentimos: 0,
  };
  const t: TalonarioLoteria = {
    serieDesde: 1,
    serieHasta: 5,
    anuladas: [2],
    digitales: [1],
    liquidado: false,
  };
  const rechazo = <R extends { ok: boolean }>(r: R) =>
    r.ok ? "" : (r as unknown as { rechazo: { mensaje: string } }).rechazo.mensaje;
  const cupo = (emitidas: number, nuevas: number, loteria = l) => {
    const r = comprobarCupo(loteria, emitidas, nuevas);
    return r.ok ? "" : r.rechazo.mensaje;
  };
  const mensajes = [
    ...problemasLoteria({
      ...l,
      fechaLimiteDevolucion: "2026-12-23",
      numeros: [
        { numero: "05473", decimos: 1 },
        { numero: "05473", decimos: 1 },
        { numero: "71198", decimos: 1 },
      ],
      importeJugadoCentimos: 500,
      donativoCentimos: 500,
      autorizacionRecargo: "",
    }).map((p) => p.mensaje),
    ...problemasLoteria({ ...l, importeJugadoCentimos: 3000, autorizacionRecargo: "" }).map(
      (p) => p.mensaje,
    ),
    cupo(4, 2),
    cupo(5, 1),
    cupo(2, 4),
    cupo(6, 0),
    cupo(2, 0, { ...l, importeJugadoCentimos: 1500 }),
    rechazoCambioLoteria(l, { ...l, donativoCentimos: 10 }, 1)?.mensaje ?? "",
    rechazo(liquidarTalonario(l, { ...t, liquidado: true }, { vendidas: 1 }, "2026-12-01")),
    rechazo(liquidarTalonario(l, t, { vendidas: 1 }, "2026-12-16")),
    rechazo(liquidarTalonario(l, t, { vendidas: 9 }, "2026-12-01")),
    rechazo(liquidarTalonario(l, t, { vendidas: 0 }, "2026-12-01")),
    rechazo(liquidarTalonario(l, { ...t, digitales: [1, 3] }, { vendidas: 1 }, "2026-12-01")),
    ...[[9], [2], [1], [3, 3]].map((devueltas) =>
      rechazo(liquidarTalonario(l, t, { devueltas }, "2026-12-01")),
    ),
    rechazo(anularSeries(t, { desde: 4, hasta: 9 })),
    rechazo(anularSeries(t, { desde: 2, hasta: 3 })),
    rechazoPremios(l, [], "2026-12-21")?.mensaje ?? "",
    rechazoPremios(l, [{ numero: "71198" }], "2026-12-22")?.mensaje ?? "",
  ];

  it.each(mensajes)("«%s»", (mensaje) => {
    expect(mensaje).not.toBe("");
    expect(conoceTextoDominio(mensaje)).toBe(true);
    expect(textoDominioEnValenciano(mensaje)).not.toBe(mensaje);
  });
});
