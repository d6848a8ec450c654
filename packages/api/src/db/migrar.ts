import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { ErrorDeArranque } from "../bootstrap/fallo-arranque.js";
import { migraciones } from "./migrations/index.js";

// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function migrar(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migraciones },
  });
  const { error, results } = await migrator.migrateToLatest();
  const fallida = results?.find((r) => r.status === "Error");
  if (error || fallida) {
    throw new ErrorDeArranque(
      `La migración ${fallida?.migrationName ?? ""} ha fallado: ${String(error ?? "")}`,
    );
  }
}
