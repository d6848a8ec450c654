import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { abrirBaseDeDatos } from "../db/database.js";
import { migrar } from "../db/migrar.js";
import { ClaveInstalacion, errorClaveDistinta } from "../lib/clave-instalacion.js";
import { ponerSecretosAlDia } from "../modules/auth/secretos.js";
import { CARPETA_PGLITE, pasarDesdePglite } from "./base-embebida.js";
import { asegurarAsociacion } from "./bootstrap.js";
import { ErrorDeArranque } from "./fallo-arranque.js";

const carpetas: string[] = [];
afterAll(() => {
  for (const c of carpetas) rmSync(c, { recursive: true, force: true });
});

describe("paso de PGlite a PostgreSQL y la clave de instalación", () => {
  it("datos de PGlite escritos con otra clave paran el paso antes de copiar nada (issue 45 §12)", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fila-paso-clave-"));
    carpetas.push(dataDir);
    const vieja = await abrirBaseDeDatos({
      tipo: "pglite",
      dataDir: path.join(dataDir, CARPETA_PGLITE),
    });
    try {
      await migrar(vieja.db);
      await asegurarAsociacion(vieja.db);
      await ponerSecretosAlDia(vieja.db, ClaveInstalacion.nueva());
    } finally {
      await vieja.cerrar();
    }
    const clave = ClaveInstalacion.nueva();
    const paso = pasarDesdePglite(
      dataDir,
      () => {},
      (db) => ponerSecretosAlDia(db, clave, () => errorClaveDistinta(dataDir)),
    );
    await expect(paso).rejects.toThrow(ErrorDeArranque);
    await expect(paso).rejects.toThrow(/DATA_DIR\/clave/);
    // PGlite's data stay where they were; no PostgreSQL was made.
    expect(existsSync(path.join(dataDir, CARPETA_PGLITE, "PG_VERSION"))).toBe(true);
    expect(readdirSync(dataDir).filter((n) => n.startsWith("postgres"))).toEqual([]);
  }, 180_000);
});
