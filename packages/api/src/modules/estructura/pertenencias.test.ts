import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearEntorno, type Entorno } from "../../test/entorno.js";
import { pertenenciasEn, sociosDeGruposYCargos } from "./pertenencias.js";

let e: Entorno;
const socios: number[] = [];

beforeAll(async () => {
  e = await crearEntorno();
  for (const nombre of ["Ana", "Berta", "Carles"]) {
    const s = await e.db
      .insertInto("socio")
      .values({ nombre, apellidos: "Prova" })
      .returning("id")
      .executeTakeFirstOrThrow();
    socios.push(s.id);
  }
});

afterAll(async () => {
  await e?.cerrar();
});

describe("pertenenciasEn", () => {
  it("escuadra del año festero, grupos vigentes, responsable y cargos del día", async () => {
    const [ana, berta, carles] = socios as [number, number, number];
    const g = (v: Record<string, unknown>) =>
      e.db
        .insertInto("grupo")
        .values(v as never)
        .returning("id")
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
    const esc26 = await g({ clase: "escuadra", anyo: 2026, nombre: "Negres", tipo: "ordinaria" });
    const esc27 = await g({ clase: "escuadra", anyo: 2027, nombre: "Negres", tipo: "ordinaria" });
    const junta = await g({ clase: "junta", nombre: "Junta", id_responsable: carles });
    const viejo = await g({ clase: "comision", anyo: 2025, nombre: "Comisión 2025" });
    const inactivo = await g({ clase: "otro", nombre: "Barra", activo: false });
    await e.db
      .insertInto("grupo_miembro")
      .values([
        { id_grupo: esc26, clase: "escuadra", anyo: 2026, id_socio: ana },
        { id_grupo: esc27, clase: "escuadra", anyo: 2027, id_socio: berta },
        { id_grupo: junta, clase: "junta", anyo: null, id_socio: ana },
        { id_grupo: viejo, clase: "comision", anyo: 2025, id_socio: berta },
        { id_grupo: inactivo, clase: "otro", anyo: null, id_socio: berta },
      ])
      .execute();
    const cabo = await e.db
      .selectFrom("cargo")
      .select("id")
      .where("codigo", "=", "cabo")
      .executeTakeFirstOrThrow();
    const presi = await e.db
      .selectFrom("cargo")
      .select("id")
      .where("codigo", "=", "presidente")
      .executeTakeFirstOrThrow();
    await e.db
      .insertInto("socio_cargo")
      .values([
        {
          id_socio: ana,
          id_cargo: cabo.id,
          desde: "2026-01-01",
          hasta: "2026-12-31",
          id_grupo: esc26,
        },
        { id_socio: carles, id_cargo: presi.id, desde: "2024-06-01", hasta: null },
        { id_socio: berta, id_cargo: presi.id, desde: "2020-06-01", hasta: "2024-05-31" },
      ])
      .execute();

    const p = await pertenenciasEn(e.db, null, "2026-04-23");
    expect(p.get(ana)).toEqual({
      idsGrupo: [esc26, junta].sort((a, b) => a - b),
      idsCargo: [cabo.id],
    });
    expect(p.get(berta)).toBeUndefined();
    expect(p.get(carles)).toEqual({ idsGrupo: [junta], idsCargo: [presi.id] });

    const p27 = await pertenenciasEn(e.db, [berta, carles], "2027-01-01");
    expect(p27.get(berta)).toEqual({ idsGrupo: [esc27], idsCargo: [] });
    expect(p27.has(ana)).toBe(false);
    expect((await pertenenciasEn(e.db, [], "2026-01-01")).size).toBe(0);
    expect((await pertenenciasEn(e.db, [berta], "2024-05-31")).get(berta)?.idsCargo).toEqual([
      presi.id,
    ]);

    expect(
      [...(await sociosDeGruposYCargos(e.db, { idsGrupo: [junta] }, "2026-04-23"))].sort(),
    ).toEqual([ana, carles].sort());
    expect(await sociosDeGruposYCargos(e.db, { idsCargo: [presi.id] }, "2026-04-23")).toEqual(
      new Set([carles]),
    );

    // Una persona, una escuadra por año.
    const otra = await g({ clase: "escuadra", anyo: 2026, nombre: "Blanques", tipo: "especial" });
    await expect(
      e.db
        .insertInto("grupo_miembro")
        .values({ id_grupo: otra, clase: "escuadra", anyo: 2026, id_socio: ana })
        .execute(),
    ).rejects.toThrow();
    // El año copiado ha de ser el del grupo.
    await expect(
      e.db
        .insertInto("grupo_miembro")
        .values({ id_grupo: otra, clase: "escuadra", anyo: 2027, id_socio: carles })
        .execute(),
    ).rejects.toThrow();
  });

  it("cada escritura en las tablas de la estructura sube la versión de los datos (ADR 0023)", async () => {
    const version = async () =>
      Number(
        (await sql<{ v: string }>`select last_value as v from version_datos`.execute(e.db)).rows[0]
          ?.v,
      );
    const [ana] = socios as [number];
    const escrituras: [string, () => Promise<unknown>][] = [
      [
        "grupo",
        () =>
          e.db
            .insertInto("grupo")
            .values({ clase: "escuadra", anyo: 2030, nombre: "Versió", tipo: "ordinaria" })
            .execute(),
      ],
      [
        "grupo_miembro",
        async () => {
          const g = await e.db
            .selectFrom("grupo")
            .select("id")
            .where("nombre", "=", "Versió")
            .executeTakeFirstOrThrow();
          await e.db
            .insertInto("grupo_miembro")
            .values({ id_grupo: g.id, clase: "escuadra", anyo: 2030, id_socio: ana })
            .execute();
        },
      ],
      [
        "grupo_desfile",
        async () => {
          const g = await e.db
            .selectFrom("grupo")
            .select("id")
            .where("nombre", "=", "Versió")
            .executeTakeFirstOrThrow();
          await e.db
            .insertInto("grupo_desfile")
            .values({ id_grupo: g.id, desfile: "entrada", orden: 1 })
            .execute();
        },
      ],
      [
        "cargo",
        () => e.db.updateTable("cargo").set({ orden: 5 }).where("codigo", "=", "vocal").execute(),
      ],
      [
        "socio_cargo",
        async () => {
          const c = await e.db
            .selectFrom("cargo")
            .select("id")
            .where("codigo", "=", "vocal")
            .executeTakeFirstOrThrow();
          await e.db
            .insertInto("socio_cargo")
            .values({ id_socio: ana, id_cargo: c.id, desde: "2030-01-01" })
            .execute();
        },
      ],
    ];
    for (const [tabla, escribir] of escrituras) {
      const antes = await version();
      await escribir();
      expect(await version(), tabla).toBeGreaterThan(antes);
    }
  });
});
