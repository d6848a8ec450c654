import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  anularSeries,
  comprobarCupo,
  descuadreSaldoFinal,
  type LoteriaEnCentimos,
  leerNorma43,
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

describe("textos del lector de la norma 43 y de los saldos de un extracto en valenciano", () => {
  const l = (s: string) => s.padEnd(80, " ");
  const n = (v: number, ancho: number) => String(v).padStart(ancho, "0");
  // 11, entidad, oficina, cuenta, desde, hasta, clave, saldo inicial, divisa, modalidad, nombre.
  const cab = l(`11${"2100"}${"0418"}${"0200051332"}261101261130${"2"}${n(150000, 14)}9783FILA`);
  const mov = l(`22    0418261110261110${"03"}${"101"}${"2"}${n(1000, 14)}`);
  const fin = (nd: number, td: number, nh: number, th: number, cuenta = "0200051332") =>
    l(`3321000418${cuenta}${n(nd, 5)}${n(td, 14)}${n(nh, 5)}${n(th, 14)}2${n(150000, 14)}978`);
  const r88 = (registros: number) => l(`88${"9".repeat(18)}${n(registros, 6)}`);
  const problemas = (lineas: string[]) => {
    const r = leerNorma43(Uint8Array.from([...lineas.join("\n")].map((c) => c.charCodeAt(0))));
    return r.ok ? [] : r.problemas.map((p) => p.mensaje);
  };
  const mensajes = [
    ...problemas([cab.slice(0, 50)]),
    ...problemas([l("44")]),
    ...problemas([l("22")]),
    ...problemas([l("23")]),
    ...problemas([l("33")]),
    ...problemas([]),
    ...problemas([r88(0)]),
    ...problemas([r88(0), l("44")]),
    ...problemas([r88(5)]),
    ...problemas([l("11ABCD")]),
    ...problemas([cab.replace("261101", "261131")]),
    ...problemas([cab.replace("00000000150000", "0000000015000X")]),
    ...problemas([`${cab.slice(0, 32)}3${cab.slice(33)}`]),
    ...problemas([cab, cab]),
    ...problemas([cab, mov, fin(0, 0, 1, 1000, "0200051333")]),
    ...problemas([cab, mov, fin(1, 5, 0, 0)]),
    ...problemas([cab, mov, r88(2)]),
    ...problemas([cab, mov, ...Array.from({ length: 6 }, () => l("2301X"))]),
    descuadreSaldoFinal(
      {
        iban: "ES9121000418450200051332",
        ccc: null,
        divisa: "EUR",
        titular: "",
        fechaDesde: "2026-11-01",
        fechaHasta: "2026-11-30",
        saldoInicialCentimos: 100,
        saldoFinalCentimos: 50,
        apuntes: [],
      },
      null,
    ) ?? "",
  ];

  it("recorre todos los problemas que el lector sabe decir", () => {
    expect(new Set(mensajes.map((m) => m.replace(/\d+/g, "N"))).size).toBe(23);
  });

  it.each(mensajes)("«%s»", (mensaje) => {
    expect(conoceTextoDominio(mensaje)).toBe(true);
    expect(textoDominioEnValenciano(mensaje)).not.toBe(mensaje);
  });
});
