import {
  antiguedadEn,
  type CargoConPeso,
  type PeriodoAntiguedad,
  type SocioAntiguedad,
} from "@fila/domain";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.js";

/** A stored period, with its type (the flag «cuenta como infantil» read from the type). */
export type PeriodoGuardado = PeriodoAntiguedad & {
  id: number;
  idTipoSocio: number | null;
  tipoNombre: string | null;
};

/**
 * Each member's periods in the filà (migration 0040), oldest first. `idsSocio` null = every
 * member. A member without periods is absent from the map.
 */
export async function periodosDe(
  db: Kysely<DB>,
  idsSocio: readonly number[] | null,
): Promise<Map<number, PeriodoGuardado[]>> {
  const resultado = new Map<number, PeriodoGuardado[]>();
  if (idsSocio !== null && idsSocio.length === 0) return resultado;
  const filas = await db
    .selectFrom("socio_periodo as p")
    .leftJoin("tipo_socio as t", "t.id", "p.id_tipo_socio")
    .select([
      "p.id",
      "p.id_socio",
      "p.desde",
      "p.hasta",
      "p.id_tipo_socio",
      "t.nombre as tipo_nombre",
      sql<boolean>`coalesce(t.cuenta_como_infantil, false)`.as("infantil"),
    ])
    .$if(idsSocio !== null, (q) => q.where("p.id_socio", "in", [...(idsSocio ?? [])]))
    .orderBy("p.id_socio")
    .orderBy("p.desde")
    .orderBy("p.id")
    .execute();
  for (const f of filas) {
    const lista = resultado.get(f.id_socio) ?? [];
    lista.push({
      id: f.id,
      desde: f.desde,
      hasta: f.hasta,
      infantil: f.infantil,
      idTipoSocio: f.id_tipo_socio,
      tipoNombre: f.tipo_nombre,
    });
    resultado.set(f.id_socio, lista);
  }
  return resultado;
}

/**
 * Each member's cargos with their weight (migration 0039, `cargo.peso`: extra years of seniority
 * for awards per year held), for `pesoCargosHasta`. Cargos of weight 0 are left out.
 */
export async function cargosConPesoDe(
  db: Kysely<DB>,
  idsSocio: readonly number[] | null,
): Promise<Map<number, CargoConPeso[]>> {
  const resultado = new Map<number, CargoConPeso[]>();
  if (idsSocio !== null && idsSocio.length === 0) return resultado;
  const filas = await db
    .selectFrom("socio_cargo as sc")
    .innerJoin("cargo as c", "c.id", "sc.id_cargo")
    .select(["sc.id_socio", "sc.desde", "sc.hasta", "c.peso"])
    .where("c.peso", ">", 0)
    .$if(idsSocio !== null, (q) => q.where("sc.id_socio", "in", [...(idsSocio ?? [])]))
    .execute();
  for (const f of filas) {
    const lista = resultado.get(f.id_socio) ?? [];
    lista.push({ desde: f.desde, hasta: f.hasta, peso: f.peso });
    resultado.set(f.id_socio, lista);
  }
  return resultado;
}

/** What `antiguedadEn` needs of each member: `edad_festera` and the periods. */
export async function sociosAntiguedad(
  db: Kysely<DB>,
  idsSocio: readonly number[] | null,
): Promise<Map<number, SocioAntiguedad>> {
  if (idsSocio !== null && idsSocio.length === 0) return new Map();
  let consulta = db.selectFrom("socio").select(["id", "edad_festera"]);
  if (idsSocio !== null) consulta = consulta.where("id", "in", [...idsSocio]);
  const [filas, periodos] = await Promise.all([consulta.execute(), periodosDe(db, idsSocio)]);
  return new Map(
    filas.map((f) => [f.id, { edadFestera: f.edad_festera, periodos: periodos.get(f.id) ?? [] }]),
  );
}

/**
 * La antigüedad de cada socio en `fecha`, con la función única del dominio (`antiguedadEn`):
 * la usan el censo de la asamblea, los turnos de inscripción, las recompensas y el censo de la
 * federación. `idsSocio` null = todos. Cuentan los periodos del socio (migración 0040); un socio
 * sin ninguno (no debería haberlo: la migración y el alta los crean) cuenta `edad_festera`
 * (ADR 0031).
 */
export async function antiguedadesEn(
  db: Kysely<DB>,
  idsSocio: readonly number[] | null,
  fecha: string,
): Promise<Map<number, number>> {
  const socios = await sociosAntiguedad(db, idsSocio);
  return new Map([...socios].map(([id, s]) => [id, antiguedadEn(s, fecha)]));
}
