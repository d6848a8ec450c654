import { hoyIso } from "@fila/domain";
import type { Database } from "../db/database.js";
import { ClaveInstalacion } from "../lib/clave-instalacion.js";
import { LoteriasRepository } from "../modules/loterias/loterias.repository.js";
import { LoteriasService } from "../modules/loterias/loterias.service.js";
// Used only inside the loader, after seed-demo.ts (which imports this file) has run.
import { CUENTAS_DEMO } from "./seed-demo.js";

/**
 * The demo filà's Christmas lottery (issue 46) on its «Lotería de Navidad» product (price 0, no
 * per-type prices: the yearly emission never charges it): two numbers of 40 décimos, 4 € played
 * and 0,80 € donativo per participation; a talonario of 50 for the demo usuario and for five
 * more festers, one kept by the board; one of them already settled (30 sold, 20 returned) with
 * its charge. Runs inside the demo's transaction, after the fees.
 */
export async function cargarDemoLoteria(tx: Database, hoy = hoyIso()): Promise<void> {
  const anyo = Number(hoy.slice(0, 4));
  const admin = await tx
    .selectFrom("usuario")
    .select("id")
    .where("rol", "=", "administrador")
    .orderBy("id")
    .executeTakeFirst();
  const actor = { id: admin?.id ?? 0, rol: "administrador" as const, socioId: 0 };
  // The codes the seed signs are never shown: any key will do.
  const loterias = new LoteriasService(new LoteriasRepository(tx), {
    clave: ClaveInstalacion.nueva(),
    publicUrl: "",
    hoy: () => hoy,
  });
  // This year's draw until its books are due back; after that, next year's.
  const anyoSorteo = hoy <= `${anyo}-12-15` ? anyo : anyo + 1;
  const fechaSorteo = `${anyoSorteo}-12-22`;
  const fechaLimite = `${anyoSorteo}-12-15`;
  // The product the fees seeded, turned into the lottery's: no price of its own.
  await tx
    .updateTable("producto")
    .set({ precio: 0, descripcion: "Participaciones de la lotería de Navidad." })
    .where("anyo", "=", anyo)
    .where("nombre", "=", "Lotería de Navidad")
    .where("tipo", "=", "loteria")
    .execute();
  const loteria = await loterias.crear(actor, {
    nombre: "Lotería de Navidad",
    sorteo: "Sorteo Extraordinario de Navidad",
    fechaSorteo,
    fechaLimiteDevolucion: fechaLimite,
    precioDecimo: 20,
    numeros: [
      { numero: "05473", decimos: 40 },
      { numero: "71234", decimos: 40 },
    ],
    importeJugado: 4,
    donativo: 0.8,
    autorizacionRecargo: "",
  });
  const usuario = await tx
    .selectFrom("usuario")
    .select("id_socio")
    .where("email", "=", CUENTAS_DEMO.usuario)
    .executeTakeFirst();
  const festers = await tx
    .selectFrom("socio")
    .select("id")
    .where("activo", "=", true)
    .where("id_pagador", "is", null)
    .where("id", "<>", usuario?.id_socio ?? 0)
    .orderBy("id")
    .limit(5)
    .execute();
  const titulares = [usuario?.id_socio ?? null, ...festers.map((f) => f.id), null];
  const talonarios: number[] = [];
  for (const idSocio of titulares) {
    const { items } = await loterias.emitirTalonarios(actor, loteria.id, {
      cantidad: 1,
      participaciones: 50,
      idSocio,
    });
    talonarios.push(...items.map((t) => t.id));
  }
  // A fester who already brought the book back.
  const liquidado = talonarios[1];
  if (liquidado !== undefined) {
    const desde = 50 + 31;
    await loterias.liquidar(actor, loteria.id, liquidado, {
      devueltas: Array.from({ length: 20 }, (_, i) => desde + i),
    });
  }
}
