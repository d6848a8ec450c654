import { anyoFestivoDe } from "@fila/domain";
import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { DB } from "../../db/schema.js";

/** The groups and cargos of one member on a date. */
export type Pertenencias = { idsGrupo: number[]; idsCargo: number[] };

/**
 * Which groups and which cargos each member has on `fecha` (`YYYY-MM-DD`), for the filters that
 * choose members (mailings, alerts, export, enrolment turns). `idsSocio` null = every member.
 *
 * - `idsGrupo`: the escuadra of the festival year of `fecha` (`anyoFestivoDe`: its calendar
 *   year) and every other active group of that year or without a year, as member or as its
 *   person in charge. One id space: a filter `idsGrupo` covers escuadras and the rest.
 * - `idsCargo`: the cargos held on `fecha` (`desde <= fecha <= hasta`, open `hasta`), the cabo of
 *   an escuadra included (it is that member's cargo «cabo» for the year).
 *
 * Members with neither are absent from the map (read `.get(id) ?? vacío`). Ids sorted.
 */
export async function pertenenciasEn(
  db: Kysely<DB>,
  idsSocio: readonly number[] | null,
  fecha: string,
): Promise<Map<number, Pertenencias>> {
  const resultado = new Map<number, Pertenencias>();
  if (idsSocio !== null && idsSocio.length === 0) return resultado;
  const anyo = anyoFestivoDe(fecha);
  const ids = idsSocio === null ? null : [...new Set(idsSocio)];

  const grupos = await db
    .selectFrom("grupo as g")
    .innerJoin(
      (eb) =>
        eb
          .selectFrom("grupo_miembro")
          .select(["id_grupo", "id_socio"])
          .unionAll(
            eb
              .selectFrom("grupo")
              .select(["id as id_grupo", "id_responsable as id_socio"])
              .where("id_responsable", "is not", null)
              .$narrowType<{ id_socio: number }>(),
          )
          .as("m"),
      (j) => j.onRef("m.id_grupo", "=", "g.id"),
    )
    .select(["m.id_socio", "g.id"])
    .distinct()
    .where((eb) =>
      eb.or([
        eb.and([eb("g.clase", "=", "escuadra"), eb("g.anyo", "=", anyo)]),
        eb.and([
          eb("g.clase", "<>", "escuadra"),
          eb("g.activo", "=", true),
          eb.or([eb("g.anyo", "is", null), eb("g.anyo", "=", anyo)]),
        ]),
      ]),
    )
    .$if(ids !== null, (q) => q.where("m.id_socio", "in", ids ?? []))
    .orderBy("g.id")
    .execute();

  const cargos = await db
    .selectFrom("socio_cargo")
    .select(["id_socio", "id_cargo"])
    .distinct()
    .where("desde", "<=", fecha)
    .where((eb) => eb.or([eb("hasta", "is", null), eb("hasta", ">=", fecha)]))
    .$if(ids !== null, (q) => q.where("id_socio", "in", ids ?? []))
    .orderBy("id_cargo")
    .execute();

  const de = (id: number): Pertenencias => {
    let p = resultado.get(id);
    if (!p) {
      p = { idsGrupo: [], idsCargo: [] };
      resultado.set(id, p);
    }
    return p;
  };
  for (const g of grupos) de(g.id_socio).idsGrupo.push(g.id);
  for (const c of cargos) de(c.id_socio).idsCargo.push(c.id_cargo);
  return resultado;
}

/**
 * Ids of the members that belong on `fecha` to any of `idsGrupo` or hold any of `idsCargo`
 * (the union): the recipients of a filter. Empty lists select nobody.
 */
export async function sociosDeGruposYCargos(
  db: Kysely<DB>,
  filtro: { idsGrupo?: readonly number[] | null; idsCargo?: readonly number[] | null },
  fecha: string,
): Promise<Set<number>> {
  const grupos = new Set(filtro.idsGrupo ?? []);
  const cargos = new Set(filtro.idsCargo ?? []);
  const socios = new Set<number>();
  if (grupos.size === 0 && cargos.size === 0) return socios;
  for (const [id, p] of await pertenenciasEn(db, null, fecha)) {
    if (p.idsGrupo.some((g) => grupos.has(g)) || p.idsCargo.some((c) => cargos.has(c))) {
      socios.add(id);
    }
  }
  return socios;
}

/**
 * SQL: is the member `socioId` (a column reference such as `socio.id`) a member, or the person in
 * charge, of any of `idsGrupo`? For the filters that choose members (list and export of members,
 * mailings, alerts): a chosen group id already pins its year (escuadras are per year), so the
 * condition is plain membership, whatever the date. An empty list selects nobody.
 */
export function enGrupos(socioId: string, idsGrupo: readonly number[]): RawBuilder<SqlBool> {
  if (idsGrupo.length === 0) return sql<SqlBool>`false`;
  const ids = sql.join([...idsGrupo]);
  const ref = sql.ref(socioId);
  return sql<SqlBool>`(${ref} in (
    select gm.id_socio from grupo_miembro gm where gm.id_grupo in (${ids})
    union all
    select gr.id_responsable from grupo gr where gr.id in (${ids}) and gr.id_responsable is not null
  ))`;
}
