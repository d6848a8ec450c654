import { hoyIso } from "@fila/domain";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearEntorno, type Entorno } from "../../test/entorno.js";
import { semillas } from "./2026-12-07-0040-antiguedad.js";

/**
 * The periods migration 0040 seeds from what there is today: `fecha_alta`, `anyo_alta`,
 * `edad_festera` and the `baja`/`alta` audit entries. Members are created (the trigger opens
 * their periods), the periods are emptied and the seed runs again on them.
 */
let e: Entorno;
const ANYO = Number(hoyIso().slice(0, 4));

beforeAll(async () => {
  e = await crearEntorno();
});

afterAll(async () => {
  await e?.cerrar();
});

async function socio(datos: {
  fecha_alta?: string;
  anyo_alta?: number;
  edad_festera?: number;
  activo?: boolean;
  fecha_baja?: string;
}) {
  const { id } = await e.db
    .insertInto("socio")
    .values({ nombre: "Sembrat", ...datos })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function auditoria(
  idSocio: number,
  accion: "baja" | "alta",
  dia: string,
  fechaBaja?: string,
) {
  await e.db
    .insertInto("auditoria")
    .values({
      id_usuario: null,
      entidad: "socio",
      id_entidad: idSocio,
      accion,
      cambios: JSON.stringify(
        fechaBaja ? [{ campo: "fechaBaja", antes: null, despues: fechaBaja }] : [],
      ),
      creado_en: new Date(`${dia}T10:00:00Z`),
    })
    .execute();
}

const periodos = (id: number) =>
  e.db
    .selectFrom("socio_periodo")
    .select(["desde", "hasta"])
    .where("id_socio", "=", id)
    .orderBy("desde")
    .execute();

describe("siembra de los periodos (migración 0040)", () => {
  it("de la fecha de alta, del año de alta, de la edad festera y de las bajas y altas auditadas", async () => {
    const conFecha = await socio({ fecha_alta: "2001-05-10" });
    const conAnyo = await socio({ anyo_alta: 1995 });
    const conEdad = await socio({ edad_festera: 12 });
    const vuelve = await socio({ fecha_alta: "2000-01-01" });
    await auditoria(vuelve, "baja", "2010-03-01", "2010-02-15");
    await auditoria(vuelve, "alta", "2015-06-01");
    const importadoDeBaja = await socio({
      fecha_alta: "2005-01-01",
      activo: false,
      fecha_baja: "2020-09-01",
    });

    await e.db.deleteFrom("socio_periodo").execute();
    await semillas(e.db as unknown as Kysely<unknown>);

    expect(await periodos(conFecha)).toEqual([{ desde: "2001-05-10", hasta: null }]);
    expect(await periodos(conAnyo)).toEqual([{ desde: "1995-01-01", hasta: null }]);
    expect(await periodos(conEdad)).toEqual([{ desde: `${ANYO - 12}-01-01`, hasta: null }]);
    expect(await periodos(vuelve)).toEqual([
      { desde: "2000-01-01", hasta: "2010-02-15" },
      { desde: "2015-06-01", hasta: null },
    ]);
    expect(await periodos(importadoDeBaja)).toEqual([{ desde: "2005-01-01", hasta: "2020-09-01" }]);
  });
});
