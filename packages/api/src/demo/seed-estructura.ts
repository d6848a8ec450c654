import { anyoFestivoDe, hoyIso } from "@fila/domain";
import type { Database } from "../db/database.js";
import { EstructuraRepository } from "../modules/estructura/estructura.repository.js";
import { EstructuraService } from "../modules/estructura/estructura.service.js";
// Used only inside the loader, after seed-demo.ts (which imports this file) has run.
import { CUENTAS_DEMO } from "./seed-demo.js";

/**
 * The demo filà's structure (issue 49): this festival year's three escuadras (the demo usuario's
 * family in «Negres», whose cabo is another fester), their order in the entrada, the junta with
 * its president and secretary as cargos. Runs inside the demo's transaction, after the members.
 */
export async function cargarDemoEstructura(tx: Database, hoy = hoyIso()): Promise<void> {
  const anyo = anyoFestivoDe(hoy);
  const admin = await tx
    .selectFrom("usuario")
    .select("id")
    .where("rol", "=", "administrador")
    .orderBy("id")
    .executeTakeFirst();
  const actor = { id: admin?.id ?? 0, rol: "administrador" as const, socioId: 0 };
  const estructura = new EstructuraService(new EstructuraRepository(tx));
  const usuario = await tx
    .selectFrom("usuario")
    .select("id_socio")
    .where("email", "=", CUENTAS_DEMO.usuario)
    .executeTakeFirst();
  const familia = await tx
    .selectFrom("socio")
    .select("id")
    .where("activo", "=", true)
    .where((eb) =>
      eb.or([eb("id", "=", usuario?.id_socio ?? 0), eb("id_pagador", "=", usuario?.id_socio ?? 0)]),
    )
    .orderBy("id")
    .execute();
  const deLaFamilia = new Set(familia.map((f) => f.id));
  const otros = (
    await tx
      .selectFrom("socio")
      .select("id")
      .where("activo", "=", true)
      .where("id_pagador", "is", null)
      .orderBy("id")
      .limit(40)
      .execute()
  ).filter((s) => !deLaFamilia.has(s.id));

  const escuadras = [];
  for (const [nombre, tipo, traje, banda] of [
    ["Negres", "ordinaria", "Moro negre", "Unió Musical"],
    ["Blanques", "ordinaria", "Moro blanc", "Banda Primitiva"],
    ["Esquadra especial", "especial", "Gala", "Societat Musical"],
  ] as const) {
    escuadras.push(
      await estructura.crearEscuadra(actor, {
        anyo,
        nombre,
        tipo,
        traje,
        banda,
        descripcion: "",
        orden: escuadras.length,
      }),
    );
  }
  const [negres, blanques, especial] = escuadras;
  if (!negres || !blanques || !especial) return;
  const meter = (id: number, idSocio: number) =>
    estructura.anyadirAEscuadra(actor, id, { idSocio, rol: "", mover: false });
  for (const f of familia) await meter(negres.id, f.id);
  for (const [i, s] of otros.slice(0, 24).entries()) {
    await meter([negres, blanques, especial][i % 3]?.id ?? negres.id, s.id);
  }
  for (const g of escuadras) {
    const cabo = otros.find((_, i) => [negres, blanques, especial][i % 3]?.id === g.id);
    if (cabo) await estructura.ponerCabo(actor, g.id, { idSocio: cabo.id });
  }
  await estructura.ordenarDesfile(actor, "entrada", {
    anyo,
    idsGrupo: [especial.id, negres.id, blanques.id],
  });

  const cargos = await tx.selectFrom("cargo").select(["id", "codigo"]).execute();
  const cargo = (codigo: string) => cargos.find((c) => c.codigo === codigo)?.id;
  const junta = await estructura.crearGrupo(actor, {
    clase: "junta",
    anyo: null,
    nombre: "Junta directiva",
    descripcion: "",
    idResponsable: otros[30]?.id ?? null,
    orden: 0,
    activo: true,
  });
  for (const [i, codigo] of ["presidente", "secretario", "tesorero"].entries()) {
    const s = otros[30 + i];
    const idCargo = cargo(codigo);
    if (!s || !idCargo) continue;
    await estructura.anyadirAGrupo(actor, junta.id, { idSocio: s.id, rol: codigo });
    await estructura.asignarCargo(actor, s.id, {
      idCargo,
      desde: `${anyo - 2}-06-01`,
      hasta: null,
      notas: "",
    });
  }
}
