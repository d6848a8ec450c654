import { hoyIso, sumarDias } from "@fila/domain";
import type { Database } from "../db/database.js";
// Used only inside the loader, after seed-demo.ts (which imports this file) has run.
import { CUENTAS_DEMO } from "./seed-demo.js";

/** Ads of the demo market: some of the demo accounts' members, two featured, one sold. */
export const ANUNCIOS_DEMO = [
  {
    de: "usuario",
    titulo: "Traje de moro talla 52, completo",
    descripcion: "Chilaba, capa, turbante y babuchas. Usado dos Entradas, recién limpiado.",
    precio: 45000,
    etiquetas: ["traje", "moros"],
    destacado: true,
    activo: true,
    diasAtras: 3,
  },
  {
    de: "socio",
    titulo: "Tabal con funda y baquetas",
    descripcion: "Lo vendo porque me paso a la dolçaina.",
    precio: 12000,
    etiquetas: ["instrumentos", "tabal"],
    destacado: false,
    activo: true,
    diasAtras: 8,
  },
  {
    de: "otro",
    titulo: "Dos entradas para la cena de la Trilogía",
    descripcion: "No podemos ir; al precio que pagamos.",
    precio: 7000,
    etiquetas: ["entradas"],
    destacado: true,
    activo: true,
    diasAtras: 1,
  },
  {
    de: "otro",
    titulo: "Sillas plegables para el casal (regalo)",
    descripcion: "Ocho sillas de madera. Hay que venir a por ellas.",
    precio: 0,
    etiquetas: ["muebles", "casal"],
    destacado: false,
    activo: true,
    diasAtras: 20,
  },
  {
    de: "usuario",
    titulo: "Alfanje decorativo",
    descripcion: "Vendido, gracias.",
    precio: 6000,
    etiquetas: ["complementos"],
    destacado: false,
    activo: false,
    diasAtras: 40,
  },
] as const;

/** The gallofa of the two previous years, so the page has something to compare with. */
const GALLOFA_DEMO = [
  {
    anyos: 1,
    nombre: "Forn de la Plaça",
    tipo: "especie",
    importe: 4000,
    descripcion: "Coques per a l'esmorzar",
    anonimo: false,
  },
  {
    anyos: 1,
    nombre: "Bar Centre",
    tipo: "dinero",
    importe: 5000,
    descripcion: "",
    anonimo: false,
  },
  { anyos: 1, nombre: "Una vecina", tipo: "dinero", importe: 2000, descripcion: "", anonimo: true },
  {
    anyos: 2,
    nombre: "Forn de la Plaça",
    tipo: "especie",
    importe: 3500,
    descripcion: "Coques",
    anonimo: false,
  },
  {
    anyos: 2,
    nombre: "Bar Centre",
    tipo: "dinero",
    importe: 4000,
    descripcion: "",
    anonimo: false,
  },
] as const;

async function socioDeCuenta(tx: Database, email: string): Promise<number | null> {
  const fila = await tx
    .selectFrom("usuario")
    .select("id_socio")
    .where("email", "=", email)
    .executeTakeFirst();
  return fila?.id_socio ?? null;
}

export async function cargarDemoMercadillo(tx: Database): Promise<void> {
  const hoy = hoyIso();
  const usuario = await socioDeCuenta(tx, CUENTAS_DEMO.usuario);
  const socio = await socioDeCuenta(tx, CUENTAS_DEMO.socio);
  const otro = await tx
    .selectFrom("socio")
    .select("id")
    .where("activo", "=", true)
    .where("id", "not in", [usuario ?? 0, socio ?? 0])
    .orderBy("id")
    .executeTakeFirst();
  const duenos = { usuario, socio, otro: otro?.id ?? null };
  for (const a of ANUNCIOS_DEMO) {
    const idSocio = duenos[a.de];
    if (!idSocio) continue;
    const datos = await tx
      .selectFrom("socio")
      .select(["nombre", "apellidos", "email", "telefono"])
      .where("id", "=", idSocio)
      .executeTakeFirstOrThrow();
    await tx
      .insertInto("anuncio")
      .values({
        titulo: a.titulo,
        descripcion: a.descripcion,
        precio: a.precio,
        etiquetas: JSON.stringify(a.etiquetas),
        destacado: a.destacado,
        activo: a.activo,
        fecha: sumarDias(hoy, -a.diasAtras),
        contacto_nombre: `${datos.nombre} ${datos.apellidos}`.trim(),
        // Every demo ad can be answered: the member's email, or a made-up Spanish mobile.
        contacto_email: datos.email,
        contacto_telefono: datos.telefono || "600 00 00 00",
        id_socio: idSocio,
      })
      .execute();
  }

  const anyo = Number(hoy.slice(0, 4));
  await tx
    .insertInto("gallofa")
    .values(
      GALLOFA_DEMO.map((g) => ({
        fecha: `${anyo - g.anyos}-04-15`,
        nombre: g.nombre,
        tipo: g.tipo,
        importe: g.importe,
        descripcion: g.descripcion,
        anonimo: g.anonimo,
        recogido_por: "La junta",
      })),
    )
    .execute();
}
