import { hoyIso } from "@fila/domain";
import type { Database } from "../db/database.js";
import { AccesosRepository } from "../modules/actos/accesos.repository.js";
import { AccesosService } from "../modules/actos/accesos.service.js";
import { ActosRepository } from "../modules/actos/actos.repository.js";
import { type Actor, ActosService } from "../modules/actos/actos.service.js";
import { InscripcionesRepository } from "../modules/actos/inscripciones.repository.js";
import { InscripcionesService } from "../modules/actos/inscripciones.service.js";

function sumarDias(fecha: string, dias: number): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/** Price of the dinner per member type, in euros. */
const PRECIO_CENA: Record<string, number> = {
  Fester: 35,
  Jubilat: 30,
  Juvenil: 20,
  Infantil: 12,
  Dama: 30,
  Protector: 35,
};
const MENUS = ["Carne", "Pescado", "Vegetariano"];
const ALERGIAS = ["", "", "", "", "", "Gluten", "Frutos secos", "Marisco", "Lactosa"];

/**
 * Events of the demo filà: an upcoming paid dinner with menus, capacity and prices per type
 * (some members already enrolled, the partner of the demo usuario among them); an internal
 * assembly with automatic enrolment; the public «Entrada Mora» parade; and a past event with
 * attendance marked, so the points ranking has data. Runs inside the demo's transaction.
 */
export async function cargarDemoActos(tx: Database, hoy = hoyIso()): Promise<void> {
  const inscripciones = new InscripcionesService(new InscripcionesRepository(tx), () => hoy);
  const actos = new ActosService(new ActosRepository(tx), inscripciones, () => hoy);
  // Attendance by hand: the demo scans no card.
  const accesos = new AccesosService(
    new AccesosRepository(tx),
    async () => null,
    () => new Date(`${hoy}T12:00:00Z`),
  );
  const admin = await tx
    .selectFrom("usuario")
    .select(["id", "id_socio"])
    .where("rol", "=", "administrador")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const actor: Actor = { id: admin.id, rol: "administrador", socioId: admin.id_socio ?? 0 };
  const tipos = await tx.selectFrom("tipo_socio").select(["id", "nombre"]).execute();
  const tipoActo = async (nombre: string) =>
    (await tx.selectFrom("tipo_acto").select("id").where("nombre", "=", nombre).executeTakeFirst())
      ?.id ?? null;
  const socios = await tx
    .selectFrom("socio")
    .select(["id", "id_pagador"])
    .where("activo", "=", true)
    .orderBy("matricula")
    .execute();

  const cena = await actos.crear(actor, {
    nombre: "Cena de hermandad",
    fecha: sumarDias(hoy, 25),
    hora: "21:30",
    lugar: "Casal de la filà",
    inscripcionAutomatica: false,
    sePaga: true,
    esInterno: false,
    puntos: 5,
    observaciones: "Traje de calle. Cada socio puede traer hasta dos invitados.",
    fechaMaximaInscripcion: sumarDias(hoy, 18),
    precios: tipos
      .filter((t) => PRECIO_CENA[t.nombre] !== undefined)
      .map((t) => ({
        idTipoSocio: t.id,
        idProducto: null,
        precio: PRECIO_CENA[t.nombre] as number,
      })),
    idTipoActo: await tipoActo("Sopar"),
    descripcion: "La cena anual de la filà, con música y entrega de insignias.",
    descripcionVa: "El sopar anual de la filà, amb música i entrega d'insígnies.",
    imagen: null,
    aforo: 120,
    invitadosMax: 2,
    precioInvitado: 40,
    menus: MENUS,
    turnos: [],
    plazoPagoHoras: null,
    plazasPorMesa: null,
  });

  // The demo usuario (Jordi) has his partner enrolled; he and the children are still to decide.
  const usuario = await tx
    .selectFrom("usuario")
    .select("id_socio")
    .where("email", "=", "usuario@filademo.es")
    .executeTakeFirst();
  const familia = new Set(
    socios
      .filter((s) => s.id === usuario?.id_socio || s.id_pagador === usuario?.id_socio)
      .map((s) => s.id),
  );
  const pareja = await tx
    .selectFrom("socio")
    .select("id_pareja")
    .where("id", "=", usuario?.id_socio ?? 0)
    .executeTakeFirst();
  const inscritosCena = socios.filter((s, i) => i % 7 === 3 && !familia.has(s.id)).slice(0, 35);
  if (pareja?.id_pareja) inscritosCena.push({ id: pareja.id_pareja, id_pagador: null });
  for (const [i, s] of inscritosCena.entries()) {
    await inscripciones.inscribir(actor, cena.id, {
      dietas: [],
      acompanantes: [],
      sentarCon: [],
      idSocio: s.id,
      invitados: i % 5 === 0 ? 1 : 0,
      menu: MENUS[i % MENUS.length] as string,
      alergias: ALERGIAS[i % ALERGIAS.length] as string,
    });
  }

  await actos.crear(actor, {
    nombre: "Asamblea general ordinaria",
    fecha: sumarDias(hoy, 10),
    hora: "20:00",
    lugar: "Casal de la filà",
    inscripcionAutomatica: true,
    sePaga: false,
    esInterno: true,
    puntos: 2,
    observaciones: "Orden del día: cuentas del ejercicio y cargos de la próxima fiesta.",
    fechaMaximaInscripcion: null,
    precios: [],
    idTipoActo: await tipoActo("Assemblea"),
    descripcion: "Asamblea de socios.",
    descripcionVa: "Assemblea de socis.",
    imagen: null,
    aforo: null,
    invitadosMax: 0,
    precioInvitado: 0,
    menus: [],
    turnos: [],
    plazoPagoHoras: null,
    plazasPorMesa: null,
  });

  let entrada = `${hoy.slice(0, 4)}-04-22`;
  if (entrada <= hoy) entrada = `${Number(hoy.slice(0, 4)) + 1}-04-22`;
  await actos.crear(actor, {
    nombre: "Entrada Mora",
    fecha: entrada,
    hora: "17:00",
    lugar: "Carrer Sant Nicolau",
    inscripcionAutomatica: false,
    sePaga: false,
    esInterno: false,
    puntos: 10,
    observaciones: "",
    fechaMaximaInscripcion: sumarDias(entrada, -30),
    precios: [],
    idTipoActo: await tipoActo("Entrada"),
    descripcion: "Desfile de la Entrada Mora por el centro de la ciudad.",
    descripcionVa: "Desfilada de l'Entrada Mora pel centre de la ciutat.",
    imagen: null,
    aforo: null,
    invitadosMax: 0,
    precioInvitado: 0,
    menus: [],
    turnos: [],
    plazoPagoHoras: null,
    plazasPorMesa: null,
  });

  // A past event with attendance: points for the ranking and the homes.
  const diana = await actos.crear(actor, {
    nombre: "Diana de Sant Jordi",
    fecha: sumarDias(hoy, -60),
    hora: "07:30",
    lugar: "Plaça d'Espanya",
    inscripcionAutomatica: false,
    sePaga: false,
    esInterno: false,
    puntos: 8,
    observaciones: "",
    fechaMaximaInscripcion: null,
    precios: [],
    idTipoActo: await tipoActo("Diana"),
    descripcion: "",
    descripcionVa: "",
    imagen: null,
    aforo: null,
    invitadosMax: 0,
    precioInvitado: 0,
    menus: [],
    turnos: [],
    plazoPagoHoras: null,
    plazasPorMesa: null,
  });
  const asistentes = socios.filter((s, i) => i % 4 === 1 || familia.has(s.id)).slice(0, 60);
  for (const [i, s] of asistentes.entries()) {
    const ins = await inscripciones.inscribir(actor, diana.id, {
      dietas: [],
      acompanantes: [],
      sentarCon: [],
      idSocio: s.id,
      invitados: 0,
      menu: "",
      alergias: "",
    });
    if (i % 6 !== 5) await accesos.asistencia(actor, diana.id, ins.id, true);
  }
}
