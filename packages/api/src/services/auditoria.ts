import type { Database } from "../db/database.js";
import type { CambioAuditado } from "../db/schema.js";

export type EntradaAuditoria = {
  idUsuario: number | null;
  entidad: string;
  idEntidad: number;
  accion: "crear" | "modificar" | "borrar" | "baja" | "alta" | string;
  cambios?: CambioAuditado[];
};

/** Field-by-field differences between two plain objects (only the keys of `despues`). */
export function diferencias(
  antes: Record<string, unknown> | null,
  despues: Record<string, unknown>,
): CambioAuditado[] {
  const cambios: CambioAuditado[] = [];
  for (const [campo, valor] of Object.entries(despues)) {
    const previo = antes ? antes[campo] : null;
    if (JSON.stringify(previo ?? null) !== JSON.stringify(valor ?? null)) {
      cambios.push({ campo, antes: previo ?? null, despues: valor ?? null });
    }
  }
  return cambios;
}

/**
 * Records who changed what. Pass the transaction (`db`) of the change itself, so a change
 * and its audit entry are written together or not at all.
 */
export async function registrarAuditoria(db: Database, entrada: EntradaAuditoria): Promise<void> {
  await db
    .insertInto("auditoria")
    .values({
      id_usuario: entrada.idUsuario,
      entidad: entrada.entidad,
      id_entidad: entrada.idEntidad,
      accion: entrada.accion,
      cambios: JSON.stringify(entrada.cambios ?? []),
    })
    .execute();
}

export type EntradaHistorial = {
  id: number;
  fecha: string;
  usuario: string;
  accion: string;
  cambios: CambioAuditado[];
};

export async function historialDe(
  db: Database,
  entidad: string,
  idEntidad: number,
): Promise<EntradaHistorial[]> {
  const filas = await db
    .selectFrom("auditoria")
    .leftJoin("usuario", "usuario.id", "auditoria.id_usuario")
    .select([
      "auditoria.id",
      "auditoria.creado_en",
      "auditoria.accion",
      "auditoria.cambios",
      "usuario.nombre",
      "usuario.email",
    ])
    .where("auditoria.entidad", "=", entidad)
    .where("auditoria.id_entidad", "=", idEntidad)
    .orderBy("auditoria.id", "desc")
    .limit(500)
    .execute();
  return filas.map((f) => ({
    id: f.id,
    fecha: f.creado_en.toISOString(),
    usuario: f.nombre || f.email || "Sistema",
    accion: f.accion,
    cambios: f.cambios,
  }));
}
