import { formatearFecha } from "@fila/domain";
import { sql } from "kysely";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alteracionesDe } from "../../test/codigos-alterados.js";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";
import { LoteriasRepository } from "./loterias.repository.js";
import { LoteriasService, type PremioPagado } from "./loterias.service.js";

let e: Entorno;
let admin: string;
/** A member's account (usuario) who pays for `familiar`. */
let titular: { token: string; idSocio: number };
let familiar: number;
/** Another member's account: none of the above is theirs. */
let ajeno: { token: string; idSocio: number };
let idFormaPago: number;

function dentroDe(dias: number): string {
  return new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);
}

beforeAll(async () => {
  e = await crearEntorno();
  await e.db
    .updateTable("asociacion")
    .set({
      nombre: "Filà Muntanyesos",
      cif: "G03123456",
      direccion: "Carrer Major, 5",
      cod_postal: "03800",
      poblacion: "Alcoi",
      provincia: "Alacant",
    })
    .execute();
  admin = await entrar(e.app, (await crearCuenta(e.db, { rol: "administrador" })).email);
  const cuenta = await crearCuenta(e.db);
  titular = { token: await entrar(e.app, cuenta.email), idSocio: cuenta.idSocio as number };
  const fam = await e.db
    .insertInto("socio")
    .values({ nombre: "Pepet", apellidos: "Fill", id_pagador: titular.idSocio })
    .returning("id")
    .executeTakeFirstOrThrow();
  familiar = fam.id;
  const otra = await crearCuenta(e.db);
  ajeno = { token: await entrar(e.app, otra.email), idSocio: otra.idSocio as number };
  const fp = await e.db
    .insertInto("forma_pago")
    .values({ nombre: "Efectivo lotería" })
    .returning("id")
    .executeTakeFirstOrThrow();
  idFormaPago = fp.id;
});

afterAll(async () => {
  await e?.cerrar();
});

const pedir = (
  method: "GET" | "POST" | "PUT",
  url: string,
  token: string | null = admin,
  payload?: unknown,
) =>
  e.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let contador = 0;
/** A lottery: by default two numbers of 10 décimos (20 €), 4 € played + 1 € donativo. */
async function crearLoteria(cambios: Record<string, unknown> = {}) {
  contador += 1;
  const res = await pedir("POST", "/api/loterias", admin, {
    nombre: `Lotería de Navidad prueba ${contador}`,
    fechaSorteo: dentroDe(40),
    fechaLimiteDevolucion: dentroDe(30),
    numeros: [
      { numero: "05473", decimos: 10 },
      { numero: "71234", decimos: 10 },
    ],
    importeJugado: 4,
    donativo: 1,
    autorizacionRecargo: "Acuerdo de la junta general del 5 de septiembre",
    ...cambios,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    id: number;
    idProducto: number;
    fechaSorteo: string;
    contadores: Record<string, number>;
  };
}

async function emitir(idLoteria: number, cuerpo: object) {
  const res = await pedir("POST", `/api/loterias/${idLoteria}/talonarios`, admin, cuerpo);
  return res;
}

/** Moves a lottery's dates (the draw `sorteo` days from today, the deadline `limite`). */
async function moverFechas(id: number, limite: number, sorteo: number) {
  await e.db
    .updateTable("loteria")
    .set({ fecha_limite_devolucion: dentroDe(limite), fecha_sorteo: dentroDe(sorteo) })
    .where("id", "=", id)
    .execute();
}

async function codigoDe(idLoteria: number, serie: number): Promise<string> {
  const res = await pedir("GET", `/api/loterias/${idLoteria}/participaciones?pageSize=200`);
  const p = (res.json().items as { serie: number; codigo: string }[]).find(
    (x) => x.serie === serie,
  );
  if (!p) throw new Error(`sin la serie ${serie}`);
  return p.codigo;
}

describe("la lotería", () => {
  it("valida la entrada: campos desconocidos, reparto en céntimos y donativo de más del 20 %", async () => {
    const base = {
      nombre: "Mal",
      fechaSorteo: dentroDe(40),
      fechaLimiteDevolucion: dentroDe(30),
      numeros: [{ numero: "05473", decimos: 10 }],
      importeJugado: 4,
    };
    const desconocido = await pedir("POST", "/api/loterias", admin, { ...base, precio: 5 });
    expect(desconocido.statusCode).toBe(400);
    expect(desconocido.json().detalles).toEqual([expect.objectContaining({ campo: "precio" })]);
    const reparto = await pedir("POST", "/api/loterias", admin, {
      ...base,
      numeros: [
        { numero: "05473", decimos: 10 },
        { numero: "00001", decimos: 10 },
        { numero: "00002", decimos: 10 },
      ],
      importeJugado: 1,
    });
    expect(reparto.statusCode).toBe(400);
    expect(JSON.stringify(reparto.json().detalles)).toContain("céntimos enteros");
    const recargo = await pedir("POST", "/api/loterias", admin, { ...base, donativo: 1 });
    expect(recargo.statusCode).toBe(400);
    expect(recargo.json().detalles[0].campo).toBe("autorizacionRecargo");
    const autorizado = await pedir("POST", "/api/loterias", admin, {
      ...base,
      nombre: "Con recargo",
      donativo: 1,
      autorizacionRecargo: "Acuerdo de la asamblea del 3 de septiembre",
    });
    expect(autorizado.statusCode).toBe(201);
  });

  it("tiene su producto de tipo lotería, a 0 € y sin precios, que la copia de año deja fuera", async () => {
    const l = await crearLoteria();
    const producto = await pedir("GET", `/api/productos/${l.idProducto}`);
    expect(producto.json()).toMatchObject({ tipo: "loteria", precio: 0, precios: [] });
    const anyo = Number(dentroDe(40).slice(0, 4));
    const copia = await pedir("GET", `/api/productos/copia?desde=${anyo}&hasta=${anyo + 1}`);
    expect(copia.statusCode, copia.body).toBe(200);
    const fila = (
      copia.json().productos as { id: number; seCopia: boolean; motivo: string }[]
    ).find((p) => p.id === l.idProducto);
    expect(fila).toMatchObject({
      seCopia: false,
      motivo: "Es de una lotería: se cobra con sus talonarios.",
    });
  });

  it("nunca emite por encima de los décimos (409 nombrando el número) y cuenta lo emitido", async () => {
    // 10 décimos × 20 € = 200 € por número; cada participación juega 2 € en cada uno: 100.
    const l = await crearLoteria();
    expect((await emitir(l.id, { cantidad: 2, participaciones: 40 })).statusCode).toBe(201);
    const demasiado = await emitir(l.id, { cantidad: 1, participaciones: 21 });
    expect(demasiado.statusCode).toBe(409);
    expect(demasiado.json().mensaje).toBe("El número 05473 solo cubre 20 participaciones más");
    const justo = await emitir(l.id, {
      cantidad: 1,
      participaciones: 20,
      idSocio: titular.idSocio,
    });
    expect(justo.statusCode).toBe(201);
    expect(justo.json().items[0]).toMatchObject({ serieDesde: 81, serieHasta: 100 });
    const leida = (await pedir("GET", `/api/loterias/${l.id}`)).json();
    expect(leida.contadores).toMatchObject({
      cubiertas: 100,
      emitidas: 100,
      asignadas: 20,
      disponibles: 0,
    });
    // Lowering décimos below what is issued is refused the same way.
    const bajar = await pedir("PUT", `/api/loterias/${l.id}`, admin, {
      nombre: leida.nombre,
      fechaSorteo: leida.fechaSorteo,
      fechaLimiteDevolucion: leida.fechaLimiteDevolucion,
      numeros: [
        { numero: "05473", decimos: 9 },
        { numero: "71234", decimos: 10 },
      ],
      importeJugado: 4,
      donativo: 1,
      autorizacionRecargo: leida.autorizacionRecargo,
    });
    expect(bajar.statusCode).toBe(409);
    expect(bajar.json().mensaje).toContain("cubre 90 participaciones y ya hay 100 emitidas");
  });
});

describe("liquidación de un talonario", () => {
  it("el titular liquida (devueltas) → cargo a quien le paga → cobrado en la mesa", async () => {
    const l = await crearLoteria();
    const creado = await emitir(l.id, { cantidad: 1, participaciones: 50, idSocio: familiar });
    const t = creado.json().items[0] as { id: number };
    const url = `/api/loterias/${l.id}/talonarios/${t.id}/liquidacion`;
    // Someone else's talonario: as if it did not exist.
    expect((await pedir("POST", url, ajeno.token, { vendidas: 50 })).statusCode).toBe(404);
    expect((await pedir("POST", url, titular.token, { vendidas: 3, extra: 1 })).statusCode).toBe(
      400,
    );
    const devueltas = Array.from({ length: 20 }, (_, i) => 31 + i);
    const res = await pedir("POST", url, titular.token, { devueltas });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      estado: "liquidado",
      liquidadoPor: "titular",
      vendidas: 30,
      devueltas: 20,
      importeJugado: 120,
      donativo: 30,
      total: 150,
      cargo: { estado: "pendiente", importe: 150 },
    });
    const idPago = res.json().cargo.id as number;
    const cargo = await e.db
      .selectFrom("pago")
      .selectAll()
      .where("id", "=", idPago)
      .executeTakeFirstOrThrow();
    expect(cargo).toMatchObject({
      id_socio: familiar,
      id_pagador: titular.idSocio,
      id_producto: l.idProducto,
      importe: 15_000,
      fecha_vencimiento: dentroDe(30),
    });
    expect(cargo.concepto).toBe(
      `Lotería de Navidad prueba ${contador}: 30 participaciones, series 1–50 (120,00 € jugados + 30,00 € de donativo)`,
    );
    // Once.
    const otra = await pedir("POST", url, titular.token, { vendidas: 50 });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().mensaje).toBe("El talonario ya está liquidado");
    // It is one of the payer's charges, paid like any other.
    const mios = (await pedir("GET", "/api/pagos/mios", titular.token)).json();
    expect(mios.items.some((p: { id: number }) => p.id === idPago)).toBe(true);
    const cobro = await pedir("POST", `/api/pagos/${idPago}/cobro`, admin, {
      fecha: dentroDe(0),
      idFormaPago,
      referencia: "mesa",
    });
    expect(cobro.statusCode, cobro.body).toBe(200);
    const leida = (await pedir("GET", `/api/loterias/${l.id}`)).json();
    expect(leida.contadores).toMatchObject({
      vendidas: 30,
      devueltas: 20,
      disponibles: 100 - 30,
      importeLiquidado: 150,
      importeJugadoLiquidado: 120,
      donativos: 30,
      importeCobrado: 150,
    });
    // The returned serials say so.
    const verificada = await pedir(
      "GET",
      `/api/loterias/participaciones/${await codigoDe(l.id, 40)}`,
      null,
    );
    expect(verificada.json().estado).toBe("devuelta");
  });

  it("la junta liquida por cantidad y después de la fecha límite es 409", async () => {
    const l = await crearLoteria();
    const t = (
      await emitir(l.id, { cantidad: 1, participaciones: 10, idSocio: ajeno.idSocio })
    ).json().items[0] as { id: number };
    const url = `/api/loterias/${l.id}/talonarios/${t.id}/liquidacion`;
    expect((await pedir("POST", url, admin, { vendidas: 11 })).statusCode).toBe(400);
    await moverFechas(l.id, -1, 5);
    const tarde = await pedir("POST", url, admin, { vendidas: 10 });
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json().mensaje).toMatch(/^El plazo de devolución terminó el /);
  });
});

describe("el trabajo de la fecha límite", () => {
  it("liquida como vendido todo lo pendiente una sola vez, aunque corra dos veces", async () => {
    const l = await crearLoteria();
    const [a, b] = (
      await emitir(l.id, { cantidad: 2, participaciones: 10, idSocio: ajeno.idSocio })
    ).json().items as { id: number }[];
    const junta = (await emitir(l.id, { cantidad: 1, participaciones: 5 })).json().items[0];
    await pedir("POST", `/api/loterias/${l.id}/talonarios/${a?.id}/anulacion`, admin, {
      desde: 1,
      hasta: 2,
      motivo: "Perdidas en la entraeta",
    });
    await pedir("POST", `/api/loterias/${l.id}/talonarios/${b?.id}/liquidacion`, ajeno.token, {
      vendidas: 4,
    });
    await moverFechas(l.id, -1, 3);
    const servicio = e.app.servicios.loterias;
    expect(await servicio.porLiquidar()).toContain(l.id);
    const [primera, segunda] = await Promise.all([
      servicio.liquidarVencida(l.id),
      servicio.liquidarVencida(l.id),
    ]);
    expect((primera?.talonarios ?? 0) + (segunda?.talonarios ?? 0)).toBe(2);
    expect(await servicio.porLiquidar()).not.toContain(l.id);
    expect((await servicio.liquidarVencida(l.id)).talonarios).toBe(0);
    const talonarios = (await pedir("GET", `/api/loterias/${l.id}/talonarios`)).json().items;
    expect(
      talonarios.map((t: { estado: string; liquidadoPor: string; vendidas: number }) => [
        t.estado,
        t.liquidadoPor,
        t.vendidas,
      ]),
    ).toEqual([
      ["liquidado", "trabajo", 8],
      ["liquidado", "titular", 4],
      ["liquidado", "trabajo", 5],
    ]);
    // One charge for the member's book (8 × 5 €), none for the board's.
    const cargos = await e.db
      .selectFrom("pago")
      .select(["importe", "fecha_vencimiento"])
      .where("id_producto", "=", l.idProducto)
      .orderBy("id")
      .execute();
    expect(cargos.map((c) => c.importe)).toEqual([2000, 4000]);
    expect(junta).toBeDefined();
  });

  it("el trabajo del ejecutor de trabajos hace lo mismo (lanzado por la tarea)", async () => {
    const l = await crearLoteria();
    await emitir(l.id, { cantidad: 1, participaciones: 10, idSocio: ajeno.idSocio });
    await moverFechas(l.id, -1, 3);
    const { lanzarLiquidaciones } = await import("./loterias.trabajos.js");
    const trabajos = e.app.servicios.trabajos;
    const ids = await lanzarLiquidaciones(trabajos, async () => [l.id]);
    for (const id of ids) await trabajos.esperar(id);
    const estado = await trabajos.leer(ids[0] as number);
    expect(estado).toMatchObject({ estado: "terminado", resultado: { talonarios: 1 } });
    const cargos = await e.db
      .selectFrom("pago")
      .select("importe")
      .where("id_producto", "=", l.idProducto)
      .execute();
    expect(cargos).toEqual([{ importe: 5000 }]);
  });
});

describe("anulación y verificación", () => {
  it("una serie anulada se verifica «anulada», sigue en el cupo y un código alterado es 404", async () => {
    const l = await crearLoteria();
    const t = (
      await emitir(l.id, { cantidad: 1, participaciones: 25, idSocio: titular.idSocio })
    ).json().items[0] as { id: number };
    const url = `/api/loterias/${l.id}/talonarios/${t.id}/anulacion`;
    expect(
      (await pedir("POST", url, titular.token, { desde: 1, hasta: 25, motivo: "x" })).statusCode,
    ).toBe(403);
    const res = await pedir("POST", url, admin, {
      desde: 1,
      hasta: 25,
      motivo: "Talonario robado",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ anuladas: 25 });
    expect(
      (await pedir("POST", url, admin, { desde: 3, hasta: 3, motivo: "otra" })).statusCode,
    ).toBe(409);
    // A serial whose code has a «-» in its signature (so that «+» for «-» alters it).
    const participaciones = (await pedir("GET", `/api/loterias/${l.id}/participaciones`)).json();
    const { serie, codigo } = (participaciones.items as { serie: number; codigo: string }[]).find(
      (p) => p.codigo.split(".")[1]?.includes("-"),
    ) as { serie: number; codigo: string };
    const v = await pedir("GET", `/api/loterias/participaciones/${codigo}`, null);
    expect(v.statusCode).toBe(200);
    expect(v.json()).toEqual({
      loteria: `Lotería de Navidad prueba ${contador}`,
      sorteo: "Sorteo Extraordinario de Navidad",
      fechaSorteo: dentroDe(40),
      numeros: ["05473", "71234"],
      serie,
      importeJugado: 4,
      donativo: 1,
      precio: 5,
      estado: "anulada",
      premio: null,
    });
    expect((await pedir("GET", `/api/loterias/${l.id}`)).json().contadores).toMatchObject({
      anuladas: 25,
      disponibles: 75,
    });
    for (const [como, alterado] of Object.entries(alteracionesDe(codigo))) {
      const r = await pedir(
        "GET",
        `/api/loterias/participaciones/${encodeURIComponent(alterado)}`,
        null,
      );
      expect(r.statusCode, como).toBe(404);
    }
    // A code of another lottery's serial that does not exist, and a carnet-like forgery.
    const inexistente = e.clave.firmar("loteria-participacion", `p1:${l.id}:999`);
    expect(
      (await pedir("GET", `/api/loterias/participaciones/${inexistente}`, null)).statusCode,
    ).toBe(404);
    const otroProposito = e.clave.firmar("carnet", `p1:${l.id}:7`);
    expect(
      (await pedir("GET", `/api/loterias/participaciones/${otroProposito}`, null)).statusCode,
    ).toBe(404);
  });
});

describe("participaciones digitales y PDF", () => {
  it("el titular emite una digital de su talonario, el comprador la recibe por correo y el PDF lleva lo que pide la ley", async () => {
    const l = await crearLoteria();
    const t = (
      await emitir(l.id, { cantidad: 1, participaciones: 10, idSocio: titular.idSocio })
    ).json().items[0] as { id: number };
    const otro = (
      await emitir(l.id, { cantidad: 1, participaciones: 10, idSocio: ajeno.idSocio })
    ).json().items[0] as { id: number };
    const url = `/api/loterias/${l.id}/participaciones`;
    expect(
      (
        await pedir("POST", url, titular.token, {
          comprador: { nombre: "Na Maria" },
          idTalonario: otro.id,
        })
      ).statusCode,
    ).toBe(404);
    const res = await pedir("POST", url, titular.token, {
      comprador: { nombre: "Maria Ferri", email: "maria@compradora.test" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({ serie: 1, digital: true, estado: "valida", idTalonario: t.id });
    await e.app.servicios.mail.esperarEnvios();
    const correo = await e.db
      .selectFrom("correo_saliente")
      .select(["asunto", "texto"])
      .where("para", "=", "maria@compradora.test")
      .executeTakeFirstOrThrow();
    expect(correo.texto).toContain(`http://fila.test/#/participacion/${p.codigo}`);
    // It counts as sold: a settlement cannot sell fewer.
    const liq = await pedir(
      "POST",
      `/api/loterias/${l.id}/talonarios/${t.id}/liquidacion`,
      titular.token,
      {
        vendidas: 0,
      },
    );
    expect(liq.statusCode).toBe(400);
    // Mis talonarios: mine with my digital one, not the other's.
    const mias = (await pedir("GET", "/api/loterias/mias", titular.token)).json();
    const mio = mias.items.find((x: { id: number }) => x.id === t.id);
    expect(mio.digitales).toBe(1);
    expect(mio.participacionesDigitales).toEqual([
      { serie: 1, codigo: p.codigo, comprador: { nombre: "Maria Ferri" } },
    ]);
    expect(mias.items.some((x: { id: number }) => x.id === otro.id)).toBe(false);

    const pdf = await pedir("GET", `/api/loterias/participaciones/${p.codigo}/pdf`, null);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    for (const parte of [
      "Depositaria: Filà Muntanyesos",
      "CIF G03123456",
      "Carrer Major, 5",
      "Alcoi",
      `Sorteo Extraordinario de Navidad del ${dentroDe(40).split("-").reverse().join("/")}`,
      "05473",
      "71234",
      "Participación nº 1",
      "Juega 4,00 €",
      "Donativo 1,00 €",
      "Total 5,00 €",
      "Los premios caducan a los tres meses de la celebración del sorteo.",
    ]) {
      expect(text.replace(/\s+/g, " ")).toContain(parte);
    }
    // What its QR opens, in letters too.
    expect(text.replace(/\s+/g, "")).toContain(
      `Verificación:http://fila.test/#/participacion/${p.codigo}`,
    );

    const talonario = await pedir("GET", `/api/loterias/${l.id}/talonarios/${t.id}/pdf`);
    expect(talonario.statusCode).toBe(200);
    const doc = await getDocumentProxy(new Uint8Array(talonario.rawPayload));
    const texto = (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, " ");
    for (let serie = 1; serie <= 10; serie++) expect(texto).toContain(`Participación nº ${serie}`);
    expect(texto).toContain("Matriz");
    // Every sheet carries what the law asks, as the digital one does.
    for (const parte of [
      "Depositaria: Filà Muntanyesos",
      "CIF G03123456",
      "Carrer Major, 5 · 03800 Alcoi (Alacant)",
      `Sorteo Extraordinario de Navidad del ${dentroDe(40).split("-").reverse().join("/")}`,
      "Números: 05473 · 71234",
      "Juega 4,00 € (2,00 € en cada número)",
      "Donativo 1,00 €",
      "Total 5,00 €",
    ]) {
      expect(texto.split(parte)).toHaveLength(11);
    }
    expect(
      texto.split("Los premios caducan a los tres meses de la celebración del sorteo."),
    ).toHaveLength(11);
    const sinEspacios = texto.replace(/\s+/g, "");
    for (let serie = 1; serie <= 10; serie++) {
      const codigo = e.clave.firmar("loteria-participacion", `p1:${l.id}:${serie}`);
      expect(sinEspacios).toContain(`Verificación:http://fila.test/#/participacion/${codigo}`);
    }
    // The digital one's paper stub says it is sold, and to whom: it is not sold again.
    expect(texto.split("DIGITAL: ya vendida, no vender en papel")).toHaveLength(2);
    expect(texto).toContain("Comprador: Maria Ferri");
    expect(
      (await pedir("GET", `/api/loterias/${l.id}/talonarios/${t.id}/pdf`, titular.token))
        .statusCode,
    ).toBe(403);
  });
});

describe("premios", () => {
  it.each([
    // [jugado por participación, números, premio por décimo de 05473, bruto, retención, neto]
    [4, 2, 1250, 125, 0, 125],
    [4, 2, 400_000, 40_000, 7200, 32_800],
    [3, 1, 400_000, 60_000, 10_800, 49_200],
    [0.03, 1, 1000.01, 1.5, 0, 1.5],
    [5, 1, 20_000, 5000, 0, 5000],
  ])(
    "jugando %s € en %s número(s), con %s € por décimo: bruto %s, retención %s, neto %s",
    async (jugado, numeros, premio, bruto, retencion, neto) => {
      const l = await crearLoteria({
        importeJugado: jugado,
        donativo: 0,
        numeros: [
          { numero: "05473", decimos: 1000 },
          ...(numeros === 2 ? [{ numero: "71234", decimos: 1000 }] : []),
        ],
      });
      await emitir(l.id, { cantidad: 1, participaciones: 3, idSocio: titular.idSocio });
      await moverFechas(l.id, -2, 0);
      const res = await pedir("PUT", `/api/loterias/${l.id}/premios`, admin, {
        premios: [{ numero: "05473", premioDecimo: premio }],
      });
      expect(res.statusCode, res.body).toBe(200);
      const v = (
        await pedir("GET", `/api/loterias/participaciones/${await codigoDe(l.id, 2)}`, null)
      ).json();
      expect(v.premio).toEqual({ bruto, retencion, neto, pagado: false });
    },
  );

  it("antes del sorteo no se anotan; se paga una vez por participación, auditado, y nunca más de lo que ganan los décimos", async () => {
    const l = await crearLoteria({
      numeros: [
        { numero: "05473", decimos: 3 },
        { numero: "71234", decimos: 3 },
      ],
      importeJugado: 0.6,
      donativo: 0,
    });
    const antes = await pedir("PUT", `/api/loterias/${l.id}/premios`, admin, {
      premios: [{ numero: "05473", premioDecimo: 1000 }],
    });
    expect(antes.statusCode).toBe(409);
    // 3 décimos × 20 € = 60 €; 0,30 € per number: 200 participations, one book.
    const t = (
      await emitir(l.id, { cantidad: 1, participaciones: 200, idSocio: titular.idSocio })
    ).json().items[0] as { id: number };
    await pedir("POST", `/api/loterias/${l.id}/talonarios/${t.id}/anulacion`, admin, {
      desde: 200,
      hasta: 200,
      motivo: "Rota",
    });
    await pedir("POST", `/api/loterias/${l.id}/talonarios/${t.id}/liquidacion`, titular.token, {
      devueltas: [199],
    });
    await moverFechas(l.id, -2, 0);
    const premios = await pedir("PUT", `/api/loterias/${l.id}/premios`, admin, {
      premios: [
        { numero: "05473", premioDecimo: 1000.07 },
        { numero: "71234", premioDecimo: 33.33 },
      ],
    });
    expect(premios.statusCode, premios.body).toBe(200);
    const loteria = premios.json();
    // 0,30/20 × 1000,07 = 15,00105 → 15,00; 0,30/20 × 33,33 = 0,49995 → 0,49.
    const participaciones = (
      await pedir("GET", `/api/loterias/${l.id}/participaciones?premiadas=1&pageSize=200`)
    ).json();
    expect(participaciones.total).toBe(198);
    expect(participaciones.items[0].premio).toEqual({
      bruto: 15.49,
      retencion: 0,
      neto: 15.49,
      pagado: false,
    });
    const totalCentimos = Math.round(loteria.contadores.premiosTotal * 100);
    expect(totalCentimos).toBe(198 * 1549);
    expect(totalCentimos).toBeLessThanOrEqual(3 * 100_007 + 3 * 3333);

    const codigo = participaciones.items[0].codigo as string;
    const url = `/api/loterias/participaciones/${codigo}/pago`;
    expect((await pedir("POST", url, titular.token)).statusCode).toBe(403);
    const [uno, dos] = await Promise.all([pedir("POST", url), pedir("POST", url)]);
    expect([uno.statusCode, dos.statusCode].sort()).toEqual([200, 409]);
    const pagado = uno.statusCode === 200 ? uno.json() : dos.json();
    expect(pagado).toMatchObject({ serie: 1, bruto: 15.49, retencion: 0, neto: 15.49 });
    expect((await pedir("POST", url)).json().mensaje).toBe(
      "El premio de esta participación ya está pagado.",
    );
    const auditoria = await e.db
      .selectFrom("auditoria")
      .select("accion")
      .where("entidad", "=", "loteria_participacion")
      .where("accion", "=", "pagar_premio")
      .execute();
    expect(auditoria.length).toBeGreaterThanOrEqual(1);
    // Annulled and returned serials get nothing.
    const anulada = await pedir(
      "POST",
      `/api/loterias/participaciones/${await codigoDe(l.id, 200)}/pago`,
    );
    expect(anulada.statusCode).toBe(409);
    const devuelta = await pedir(
      "POST",
      `/api/loterias/participaciones/${await codigoDe(l.id, 199)}/pago`,
    );
    expect(devuelta.statusCode).toBe(409);
    const verificada = (await pedir("GET", `/api/loterias/participaciones/${codigo}`, null)).json();
    expect(verificada.premio.pagado).toBe(true);
    expect((await pedir("GET", `/api/loterias/${l.id}`)).json().contadores.premiosPagados).toBe(
      15.49,
    );
    // An altered code is never paid.
    for (const alterado of Object.values(alteracionesDe(codigo))) {
      expect(
        (await pedir("POST", `/api/loterias/participaciones/${encodeURIComponent(alterado)}/pago`))
          .statusCode,
      ).toBe(404);
    }
  });

  it("el pago de un premio avisa al oyente (tesorería) dentro de su transacción", async () => {
    const l = await crearLoteria({ importeJugado: 2, donativo: 0 });
    await emitir(l.id, { cantidad: 1, participaciones: 2, idSocio: titular.idSocio });
    await moverFechas(l.id, -2, 0);
    await pedir("PUT", `/api/loterias/${l.id}/premios`, admin, {
      premios: [{ numero: "71234", premioDecimo: 100 }],
    });
    const oidos: PremioPagado[] = [];
    const conOyente = new LoteriasService(new LoteriasRepository(e.db), {
      clave: e.clave,
      publicUrl: "http://fila.test",
      oyentes: {
        alPagarPremio: async (premio, trx) => {
          oidos.push(premio);
          if (premio.serie === 2) {
            await trx.selectFrom("loteria").select("id").execute();
            throw new Error("la tesorería no puede");
          }
        },
      },
    });
    const actor = { id: 1, rol: "administrador" as const, socioId: 0 };
    const pago = await conOyente.pagarPremio(actor, conOyente.codigo(l.id, 1));
    expect(pago).toMatchObject({ bruto: 5, neto: 5 });
    expect(oidos[0]).toMatchObject({
      idLoteria: l.id,
      serie: 1,
      brutoCentimos: 500,
      netoCentimos: 500,
    });
    // The listener failing undoes the payout.
    await expect(conOyente.pagarPremio(actor, conOyente.codigo(l.id, 2))).rejects.toThrow(
      "la tesorería no puede",
    );
    const p2 = await e.db
      .selectFrom("loteria_participacion")
      .select("premio_pagado_en")
      .where("id_loteria", "=", l.id)
      .where("serie", "=", 2)
      .executeTakeFirstOrThrow();
    expect(p2.premio_pagado_en).toBeNull();
  });
});

describe("listas y exportaciones", () => {
  it("listas paginadas y exportables en CSV", async () => {
    const l = await crearLoteria();
    await emitir(l.id, { cantidad: 3, participaciones: 5, idSocio: titular.idSocio });
    const pagina = (
      await pedir("GET", `/api/loterias/${l.id}/talonarios?page=2&pageSize=2`)
    ).json();
    expect(pagina).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(pagina.items).toHaveLength(1);
    const csv = await pedir("GET", `/api/loterias/${l.id}/talonarios/export?formato=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split("\r\n").filter(Boolean)).toHaveLength(4);
    const xlsx = await pedir("GET", `/api/loterias/${l.id}/participaciones/export`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    const lista = (await pedir("GET", "/api/loterias?pageSize=1")).json();
    expect(lista.items).toHaveLength(1);
    expect(lista.total).toBeGreaterThan(1);
    expect((await pedir("GET", "/api/loterias", titular.token)).statusCode).toBe(403);
    expect((await pedir("GET", "/api/loterias/999999")).statusCode).toBe(404);
  });
});

describe("la lista de loterías en un fichero", () => {
  it("exporta las loterías que encuentra la búsqueda, con sus contadores; solo la junta", async () => {
    const l = await crearLoteria({ nombre: "Sorteo del Niño exportable" });
    await emitir(l.id, { cantidad: 3, participaciones: 5, idSocio: titular.idSocio });
    const res = await pedir("GET", "/api/loterias/export?formato=csv&q=ni%C3%B1o%20exportable");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/loterias-\d{4}-\d{2}-\d{2}\.csv/);
    const [cabecera, fila, ...resto] = res.body
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    expect(resto).toEqual([]);
    const columnas = (cabecera ?? "").split(";");
    const valores = (fila ?? "").split(";");
    const valor = (c: string) => valores[columnas.indexOf(c)];
    expect(columnas.slice(0, 4)).toEqual([
      "Nombre",
      "Sorteo",
      "Fecha del sorteo",
      "Límite de devolución",
    ]);
    expect(valor("Nombre")).toBe("Sorteo del Niño exportable");
    expect(valor("Fecha del sorteo")).toBe(formatearFecha(l.fechaSorteo));
    expect(valor("Números")).toBe("05473, 71234");
    expect(valor("Décimos")).toBe("20");
    expect(valor("Emitidas")).toBe("15");
    const contadores = (await pedir("GET", `/api/loterias/${l.id}`)).json().contadores;
    expect(valor("Disponibles")).toBe(String(contadores.disponibles));
    expect(valor("Precio (€)")).toBe("5");
    const xlsx = await pedir("GET", "/api/loterias/export");
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    expect((await pedir("GET", "/api/loterias/export", titular.token)).statusCode).toBe(403);
    const mal = await pedir("GET", "/api/loterias/export?formato=pdf");
    expect(mal.statusCode).toBe(400);
    expect(mal.body).toContain("El formato es xlsx o csv");
  });
});

describe("auditoría y versión de los datos", () => {
  const version = async () =>
    Number(
      (await sql<{ v: string }>`select last_value as v from version_datos`.execute(e.db)).rows[0]
        ?.v,
    );

  it("cada cambio queda auditado con quien lo hizo, y cada escritura sube la versión de los datos", async () => {
    const idAdmin = (
      await e.db
        .selectFrom("usuario")
        .select("id")
        .where("rol", "=", "administrador")
        .orderBy("id")
        .executeTakeFirstOrThrow()
    ).id;
    let v = await version();
    /** Runs a step that must succeed and raise the data version. */
    const paso = async (nombre: string, hacer: () => ReturnType<typeof pedir>) => {
      const res = await hacer();
      expect(res.statusCode, `${nombre}: ${res.body}`).toBeLessThan(300);
      const ahora = await version();
      expect(ahora, nombre).toBeGreaterThan(v);
      v = ahora;
      return res;
    };
    const l = await crearLoteria({ importeJugado: 2, donativo: 0 });
    const cuerpo = (await pedir("GET", `/api/loterias/${l.id}`)).json();
    await paso("modificar", () =>
      pedir("PUT", `/api/loterias/${l.id}`, admin, {
        nombre: cuerpo.nombre,
        fechaSorteo: cuerpo.fechaSorteo,
        fechaLimiteDevolucion: cuerpo.fechaLimiteDevolucion,
        numeros: [
          { numero: "05473", decimos: 12 },
          { numero: "71234", decimos: 10 },
        ],
        importeJugado: 2,
      }),
    );
    const emision = await paso("emitir", () =>
      emitir(l.id, { cantidad: 2, participaciones: 10, idSocio: titular.idSocio }),
    );
    const [a, b] = emision.json().items as { id: number }[];
    await paso("asignar", () =>
      pedir("PUT", `/api/loterias/${l.id}/talonarios/${b?.id}`, admin, { idSocio: familiar }),
    );
    await paso("anular", () =>
      pedir("POST", `/api/loterias/${l.id}/talonarios/${a?.id}/anulacion`, admin, {
        desde: 10,
        hasta: 10,
        motivo: "Rota",
      }),
    );
    const digital = await paso("digital", () =>
      pedir("POST", `/api/loterias/${l.id}/participaciones`, titular.token, {
        comprador: { nombre: "Quique" },
        idTalonario: a?.id,
      }),
    );
    await paso("liquidar", () =>
      pedir("POST", `/api/loterias/${l.id}/talonarios/${a?.id}/liquidacion`, titular.token, {
        vendidas: 5,
      }),
    );
    await moverFechas(l.id, -2, 0);
    v = await version();
    const servicio = e.app.servicios.loterias;
    expect((await servicio.liquidarVencida(l.id)).talonarios).toBe(1);
    expect(await version()).toBeGreaterThan(v);
    await paso("premios", () =>
      pedir("PUT", `/api/loterias/${l.id}/premios`, admin, {
        premios: [{ numero: "05473", premioDecimo: 100 }],
      }),
    );
    await paso("pagar", () =>
      pedir("POST", `/api/loterias/participaciones/${digital.json().codigo}/pago`, admin),
    );

    const auditoria = await e.db
      .selectFrom("auditoria")
      .select(["entidad", "accion", "id_usuario"])
      .where((eb) =>
        eb.or([
          eb.and([eb("entidad", "=", "loteria"), eb("id_entidad", "=", l.id)]),
          eb.and([eb("entidad", "=", "producto"), eb("id_entidad", "=", l.idProducto)]),
          eb.and([
            eb("entidad", "=", "loteria_talonario"),
            eb("id_entidad", "in", [a?.id ?? 0, b?.id ?? 0]),
          ]),
          eb.and([
            eb("entidad", "=", "loteria_participacion"),
            eb("id_entidad", "=", digital.json().id),
          ]),
          eb.and([
            eb("entidad", "=", "pago"),
            eb(
              "id_entidad",
              "in",
              eb.selectFrom("pago").select("pago.id").where("pago.id_producto", "=", l.idProducto),
            ),
          ]),
        ]),
      )
      .orderBy("id")
      .execute();
    const quien = (u: number | null) =>
      u === null ? "trabajo" : u === idAdmin ? "junta" : "socio";
    expect(auditoria.map((f) => `${f.entidad}.${f.accion} (${quien(f.id_usuario)})`)).toEqual([
      "producto.crear (junta)",
      "loteria.crear (junta)",
      "loteria.modificar (junta)",
      "loteria.emitir_talonarios (junta)",
      "loteria_talonario.asignar (junta)",
      "loteria_talonario.anular (junta)",
      "loteria_participacion.emitir_digital (socio)",
      "pago.crear (socio)",
      "loteria_talonario.liquidar (socio)",
      "pago.crear (trabajo)",
      "loteria_talonario.liquidar (trabajo)",
      "loteria.liquidacion_automatica (trabajo)",
      "loteria.premios (junta)",
      "loteria_participacion.pagar_premio (junta)",
    ]);
  });

  it("mis talonarios trae también los de los socios que pago, y no los de otros", async () => {
    const l = await crearLoteria();
    const [mio, suyo, otro] = await Promise.all(
      [titular.idSocio, familiar, ajeno.idSocio].map(
        async (idSocio) =>
          (await emitir(l.id, { cantidad: 1, participaciones: 5, idSocio })).json().items[0].id,
      ),
    );
    const mias = (await pedir("GET", "/api/loterias/mias?pageSize=200", titular.token)).json();
    const ids = (mias.items as { id: number }[]).map((t) => t.id);
    expect(ids).toEqual(expect.arrayContaining([mio, suyo]));
    expect(ids).not.toContain(otro);
    const delOtro = (await pedir("GET", "/api/loterias/mias?pageSize=200", ajeno.token)).json();
    expect((delOtro.items as { id: number }[]).map((t) => t.id)).not.toContain(mio);
  });
});
