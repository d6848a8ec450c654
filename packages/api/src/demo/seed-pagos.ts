import { hoyIso } from "@fila/domain";
import { sql } from "kysely";
import type { Database } from "../db/database.js";
import { PagosRepository } from "../modules/pagos/pagos.repository.js";
import { PagosService } from "../modules/pagos/pagos.service.js";

/** Yearly fee per member type, in cents (the general price is the Fester one). */
const CUOTA_POR_TIPO: Record<string, number> = {
  Fester: 24000,
  Jubilat: 12000,
  Juvenil: 12000,
  Infantil: 6000,
  Dama: 18000,
  Protector: 6000,
};
const RAMELL_POR_TIPO: Record<string, number> = { Infantil: 9000, Juvenil: 9000 };

/**
 * Fees of the demo filà for the current year: the products (yearly fee with a price per member
 * type, levy, ramell and the Christmas lottery), the fees emitted for every active member as the
 * treasurer would, and most of the charges already due marked as paid (one in seven is still
 * owed), so `mispagos` shows paid and pending charges at once.
 */
export async function cargarDemoPagos(tx: Database, hoy = hoyIso()): Promise<void> {
  const anyo = Number(hoy.slice(0, 4));
  const tipos = await tx.selectFrom("tipo_socio").select(["id", "nombre"]).execute();
  const precios = (tabla: Record<string, number>) =>
    tipos
      .filter((t) => tabla[t.nombre] !== undefined)
      .map((t) => ({ id_tipo_socio: t.id, precio: tabla[t.nombre] as number }));

  const productos = await tx
    .insertInto("producto")
    .values([
      {
        nombre: `Cuota anual ${anyo}`,
        descripcion: "Cuota de socio del año, según el tipo de socio.",
        anyo,
        tipo: "cuota",
        precio: CUOTA_POR_TIPO.Fester,
      },
      {
        nombre: `Derrama ${anyo}`,
        descripcion: "Parte del año de la derrama para el nuevo casal.",
        anyo,
        tipo: "derrama",
        precio: 0,
      },
      {
        nombre: `Ramell ${anyo}`,
        descripcion: "Ramell de las fiestas.",
        anyo,
        tipo: "ramell",
        precio: 18000,
      },
      {
        nombre: "Lotería de Navidad",
        descripcion: "Participaciones de la lotería de Navidad.",
        anyo,
        tipo: "loteria",
        // Charged by the settlements of its talonarios (seed-loteria.ts), never by the emission.
        precio: 0,
      },
    ])
    .onConflict((oc) => oc.columns(["anyo", "nombre"]).doNothing())
    .returning(["id", "tipo"])
    .execute();
  const idDe = (tipo: string) => productos.find((p) => p.tipo === tipo)?.id;
  const cuota = idDe("cuota");
  const ramell = idDe("ramell");
  const filasPrecio = [
    ...(cuota ? precios(CUOTA_POR_TIPO).map((p) => ({ ...p, id_producto: cuota })) : []),
    ...(ramell ? precios(RAMELL_POR_TIPO).map((p) => ({ ...p, id_producto: ramell })) : []),
  ];
  if (filasPrecio.length > 0) await tx.insertInto("producto_precio").values(filasPrecio).execute();

  // The levy for the new casal: 600 € over three years (from last year) for adult members who pay it.
  await sql`
    update socio set importe_derrama = 60000, anyo_derrama = ${anyo - 1}, anyos_pago_derrama = 3,
      tipo_derrama = 'completa'
    from tipo_socio t
    where t.id = socio.id_tipo_socio and t.nombre in ('Fester', 'Jubilat', 'Dama')
      and socio.pagar_derrama = 'si' and socio.importe_derrama = 0
  `.execute(tx);

  const admin = await tx
    .selectFrom("usuario")
    .select("id")
    .where("rol", "=", "administrador")
    .orderBy("id")
    .executeTakeFirst();
  const emitir = [cuota, idDe("derrama"), ramell].filter((id): id is number => id !== undefined);
  if (emitir.length > 0) {
    await new PagosService(new PagosRepository(tx)).emitir(
      { id: admin?.id ?? 0, rol: "administrador", socioId: 0 },
      { anyo, productos: emitir, confirmar: true },
    );
  }

  // Paid on the due date (a few days later), by the payer's payment method; one in seven still owed.
  const efectivo = await tx.selectFrom("forma_pago").select("id").orderBy("id").executeTakeFirst();
  await sql`
    update pago set estado = 'pagado',
      fecha_pago = pago.fecha_vencimiento + (pago.id % 10)::integer,
      id_forma_pago = coalesce(s.id_forma_pago, ${efectivo?.id ?? null}::integer),
      referencia = 'Demo ' || pago.id
    from socio s
    where s.id = pago.id_pagador and pago.anyo = ${anyo} and pago.estado = 'pendiente'
      and pago.fecha_vencimiento + (pago.id % 10)::integer <= ${hoy}::date and pago.id % 7 <> 0
  `.execute(tx);
}
