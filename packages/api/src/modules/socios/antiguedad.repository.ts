import { antiguedadEn } from "@fila/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";

/**
 * La antigüedad de cada socio en `fecha`, con la función única del dominio (`antiguedadEn`):
 * la usan el censo de la asamblea y los turnos de inscripción. `idsSocio` null = todos.
 * Mientras no haya periodos en la base de datos, cuenta `edad_festera`.
 */
export async function antiguedadesEn(
  db: Kysely<DB>,
  idsSocio: readonly number[] | null,
  fecha: string,
): Promise<Map<number, number>> {
  if (idsSocio !== null && idsSocio.length === 0) return new Map();
  let consulta = db.selectFrom("socio").select(["id", "edad_festera"]);
  if (idsSocio !== null) consulta = consulta.where("id", "in", [...idsSocio]);
  const filas = await consulta.execute();
  return new Map(filas.map((f) => [f.id, antiguedadEn({ edadFestera: f.edad_festera }, fecha)]));
}
