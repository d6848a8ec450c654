// Hostile files against the members' import reader (issue 45, item 10): the time and the peak
// memory (maxRSS) of reading each one, and the bytes an XLSX inflated before it stopped. The files
// are written first; each is read in its own process, so its peak is its own (the first case, a
// CSV of one member, is that process's baseline). The reader is the import's (leerHoja): what
// `POST /api/socios/importar` does before looking at any row.
// Run: npx tsx bench/importar.bench.ts
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { COLUMNAS } from "../packages/api/src/modules/socios-io/socios-io.columnas.js";
import {
  escribirXlsx,
  leerHoja,
  type MedidaLectura,
} from "../packages/api/src/modules/socios-io/socios-io.ficheros.js";
import { bomba, MB } from "../packages/api/src/test/xlsx-hostil.js";

const CASOS: Record<string, { texto: string; fichero: () => Promise<Buffer> }> = {
  referencia: {
    texto: "CSV de un socio (la referencia: lo que ocupa el proceso)",
    fichero: async () => Buffer.from("Nombre;Apellidos\r\nPepa;Ferrándiz\r\n"),
  },
  bomba: {
    texto: "XLSX de 500 MB inflado que lo declara",
    fichero: async () => bomba(500),
  },
  mentirosa: {
    texto: "XLSX de 500 MB inflado que declara 39 MB",
    fichero: async () => bomba(500, 39 * MB),
  },
  ancho: {
    texto: "CSV de 3 MB: un millón de columnas sobre 2.000 filas",
    fichero: async () => {
      const cabecera = Array.from({ length: 1_000_000 }, (_, i) => `c${i % 10}`).join(";");
      return Buffer.from(`${cabecera}\r\n${"Pepa\r\n".repeat(2000)}`);
    },
  },
  exportacion: {
    texto: "XLSX de la exportación de 20.000 socios, todas las columnas (se lee entero)",
    fichero: async () => {
      const filas = Array.from({ length: 20_000 }, (_, i) =>
        COLUMNAS.map((c) =>
          c.tipo === "euros" || c.tipo === "entero" ? i + 0.5 : `Texto de la calle Mayor ${i}`,
        ),
      );
      return escribirXlsx(
        COLUMNAS.map((c) => c.cabecera),
        filas,
      );
    },
  },
};

async function medir(caso: string, ruta: string): Promise<void> {
  const fichero = readFileSync(ruta);
  const medida: MedidaLectura = { inflados: 0 };
  const inicio = performance.now();
  let resultado: string;
  try {
    const hoja = await leerHoja(fichero, medida);
    resultado = `leído: ${hoja.filas.length} filas`;
  } catch (e) {
    resultado = `${(e as { status?: number }).status}: ${(e as Error).message}`;
  }
  const ms = performance.now() - inicio;
  const pico = process.resourceUsage().maxRSS / 1024;
  console.log(
    JSON.stringify({ caso, bytes: fichero.length, ms: Math.round(ms), pico, medida, resultado }),
  );
}

const [caso, ruta] = process.argv.slice(2);
if (caso && ruta) {
  await medir(caso, ruta);
} else {
  const carpeta = mkdtempSync(path.join(tmpdir(), "fila-importar-"));
  console.log("| fichero | subido | tiempo | pico de memoria (RSS) | inflado | respuesta |");
  console.log("|---|---|---|---|---|---|");
  for (const [nombre, { texto, fichero }] of Object.entries(CASOS)) {
    const ruta = path.join(carpeta, nombre);
    writeFileSync(ruta, await fichero());
    const salida = execFileSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), nombre, ruta],
      { encoding: "utf8" },
    );
    const r = JSON.parse(salida.trim().split("\n").at(-1) ?? "{}");
    const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;
    console.log(
      `| ${texto} | ${mb(r.bytes)} | ${r.ms} ms | ${Math.round(r.pico)} MB | ${mb(r.medida.inflados)} | ${r.resultado} |`,
    );
  }
  rmSync(carpeta, { recursive: true, force: true });
}
