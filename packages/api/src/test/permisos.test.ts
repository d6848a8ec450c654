import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Rol } from "@fila/domain";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "./entorno.js";
import { cuentaN43, norma43 } from "./extractos-prueba.js";
import {
  type Dueno,
  type Entrada,
  type Esperado,
  type Fixtures,
  MATRIZ,
  type Quien,
  type Yo,
} from "./permisos.matriz.js";
import { REDSYS_SIN_BANCO } from "./redsys-simulado.js";
import { multipart, type Parte } from "./subidas.js";

/** Put in data only the board may read: a 2xx for anyone else must never carry it. */
const MARCA = "SECRETO-JUNTA";

type Sesion = { token: string; yo: Yo };

let e: Entorno;
let dataDir: string;
let f: Fixtures;
const sesiones = {} as Record<"administrador" | "usuario" | "socio", Sesion>;

/** Every METHOD + path the app registers under /api (HEAD, which Fastify adds to each GET, aside). */
function rutasDeLaApp(app: FastifyInstance): string[] {
  const pila: string[] = [];
  const rutas: string[] = [];
  for (const linea of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]+)\))?$/.exec(linea);
    if (!m) continue;
    pila.length = m[1].length / 4;
    pila.push(m[2]);
    const ruta = pila.join("");
    if (!m[3] || !ruta.startsWith("/api")) continue;
    for (const metodo of m[3].split(", ")) if (metodo !== "HEAD") rutas.push(`${metodo} ${ruta}`);
  }
  return rutas;
}

async function llamar(
  metodo: string,
  url: string,
  token: string | null,
  cuerpo?: unknown,
  partes?: Parte[],
) {
  const headers = token ? bearer(token) : {};
  if (partes) {
    const m = multipart(partes);
    return e.app.inject({
      method: metodo as "POST",
      url,
      payload: m.payload,
      headers: { ...headers, ...m.headers },
    });
  }
  return e.app.inject({
    method: metodo as "GET",
    url,
    headers,
    ...(cuerpo === undefined ? {} : { payload: cuerpo as object }),
  });
}

/** A call of the setup that must work; returns its JSON. */
async function preparar(metodo: string, url: string, cuerpo?: unknown, partes?: Parte[]) {
  const res = await llamar(metodo, url, sesiones.administrador.token, cuerpo, partes);
  if (res.statusCode >= 300) throw new Error(`${metodo} ${url} → ${res.statusCode}: ${res.body}`);
  return res.body ? res.json() : null;
}

async function nuevaSesion(rol: Rol): Promise<Sesion> {
  const c = await crearCuenta(e.db, { rol });
  return { token: await entrar(e.app, c.email), yo: { id: c.id, idSocio: c.idSocio } };
}

function fecha(dias: number): string {
  return new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);
}

async function crearFixtures(): Promise<Fixtures> {
  const hoy = fecha(0);
  const enUnaSemana = fecha(7);
  const imagen = await sharp({
    create: { width: 8, height: 8, channels: 3, background: "#c92a2a" },
  })
    .png()
    .toBuffer();
  const ajena = await nuevaSesion("usuario");
  const objetivo = await crearCuenta(e.db, { rol: "usuario" });
  const login = await crearCuenta(e.db, { rol: "usuario" });
  const propio = sesiones.usuario.yo.idSocio as number;
  const socioPropio = sesiones.socio.yo.idSocio as number;
  const ajeno = ajena.yo.idSocio as number;
  const adminSocio = sesiones.administrador.yo.idSocio as number;
  const socio = async (datos: Record<string, unknown> = {}) =>
    (await preparar("POST", "/api/socios", { nombre: "Fix", apellidos: "Tura Matriu", ...datos }))
      .id as number;

  const maestros = {} as Fixtures["maestros"];
  for (const [recurso, cuerpo] of [
    ["tipossocio", {}],
    ["tiposacto", {}],
    ["formaspago", { domiciliada: true }],
  ] as const) {
    const uno = (await preparar("POST", `/api/${recurso}`, { nombre: `${recurso} 1`, ...cuerpo }))
      .id;
    const borrable = (await preparar("POST", `/api/${recurso}`, { nombre: `${recurso} 2` })).id;
    maestros[recurso] = { uno, borrable };
  }

  // Family billing: the usuario pays for `familia`. The board's notes go into the audited
  // record of the family member and of someone else.
  const familia = await socio({ idPagador: propio });
  for (const id of [familia, ajeno]) {
    await preparar("PATCH", `/api/socios/${id}`, { comentarios: `Nota ${MARCA}` });
  }
  const socioAdmin = await socio();
  for (const id of [propio, familia, ajeno, socioPropio, socioAdmin]) {
    await preparar("POST", `/api/socios/${id}/imagen`, undefined, [
      { campo: "archivo", archivo: imagen, nombre: "foto.png" },
    ]);
  }

  const producto = (
    await preparar("POST", "/api/productos", {
      nombre: "Quota 2026",
      anyo: 2026,
      tipo: "otro",
      precio: 10,
    })
  ).id as number;
  const productoBorrable = (
    await preparar("POST", "/api/productos", { nombre: "Ramell 2026", anyo: 2026, tipo: "otro" })
  ).id as number;
  const cargo = async (idSocio: number, pagado: boolean) => {
    const p = await preparar("POST", "/api/pagos", {
      idSocio,
      concepto: "Quota",
      importe: 10,
      fechaVencimiento: hoy,
    });
    if (pagado) {
      await preparar("POST", `/api/pagos/${p.id}/cobro`, {
        fecha: hoy,
        idFormaPago: maestros.formaspago.uno,
      });
    }
    return p.id as number;
  };
  const pagos = {
    propio: await cargo(propio, true),
    familia: await cargo(familia, true),
    ajeno: await cargo(ajeno, true),
    socioPropio: await cargo(socioPropio, true),
    cobrable: await cargo(socioAdmin, false),
    cobrable2: await cargo(socioAdmin, false),
    anulable: await cargo(socioAdmin, false),
  };

  const pagosOnline = {
    propio: await cargo(propio, false),
    familia: await cargo(familia, false),
    ajeno: await cargo(ajeno, false),
    socioPropio: await cargo(socioPropio, false),
    admin: await cargo(adminSocio, false),
  };
  const pedidoDe = async (token: string, idPago: number) => {
    const res = await llamar("POST", "/api/pagos/pago-online", token, {
      idsPago: [idPago],
      metodo: "tarjeta",
    });
    if (res.statusCode !== 201) throw new Error(`pedido ${res.statusCode}: ${res.body}`);
    return res.json().pedido as string;
  };
  const pedidosOnline = {
    propio: await pedidoDe(sesiones.usuario.token, pagosOnline.propio),
    ajeno: await pedidoDe(ajena.token, pagosOnline.ajeno),
  };

  // SEPA: bank data of the association and two direct-debit payers, one remittance each.
  await preparar("PUT", "/api/asociacion", {
    nombre: "Filà de prova",
    cif: "B85626240",
    iban: "ES9121000418450200051332",
  });
  const remesa = async () => {
    const pagador = await socio({
      idFormaPago: maestros.formaspago.uno,
      iban: "ES7921000813610123456789",
      mandatoId: `MANDATO-${Math.random().toString(16).slice(2, 8)}`,
      mandatoFecha: "2020-01-01",
    });
    const idPago = await cargo(pagador, false);
    // A background job (202 {idTrabajo}): its result holds the remittance's id.
    const { idTrabajo } = await preparar("POST", "/api/remesas", {
      fechaCobro: enUnaSemana,
      hasta: enUnaSemana,
    });
    await e.app.servicios.trabajos.esperar(idTrabajo);
    const fin = await e.app.servicios.trabajos.leer(idTrabajo);
    if (fin?.estado !== "terminado") throw new Error(`remesa sin generar: ${fin?.error}`);
    return { id: (fin.resultado as { id: number }).id, idPago };
  };
  const remesaUna = await remesa();
  const remesaBorrable = await remesa();

  const acto = async (datos: Record<string, unknown> = {}) =>
    (
      await preparar("POST", "/api/actos", {
        nombre: "Sopar",
        fecha: "2099-06-01",
        fechaMaximaInscripcion: "2099-05-01",
        ...datos,
      })
    ).id as number;
  const actos = {
    abierto: await acto(),
    inscrito: await acto(),
    borrable: await acto(),
    cancelable: await acto(),
  };
  await preparar("POST", `/api/actos/${actos.inscrito}/imagen`, undefined, [
    { campo: "archivo", archivo: imagen, nombre: "cartel.png" },
  ]);
  const inscribir = async (idSocio: number) =>
    (await preparar("POST", `/api/actos/${actos.inscrito}/inscripciones`, { idSocio }))
      .id as number;
  const inscripciones = {
    propio: await inscribir(propio),
    familia: await inscribir(familia),
    ajeno: await inscribir(ajeno),
    socioPropio: await inscribir(socioPropio),
    admin: await inscribir(socioAdmin),
  };

  const alerta = async (idSocio: number, titulo: string) =>
    (await preparar("POST", "/api/alertas", { titulo, destino: { idsSocio: [idSocio] } }))
      .id as number;
  const alertas = {
    propio: await alerta(propio, "Per a tu"),
    ajeno: await alerta(ajeno, `Per a altre ${MARCA}`),
    socioPropio: await alerta(socioPropio, "Per al socio"),
  };

  const noticia = async () =>
    (await preparar("POST", "/api/noticias", { titulo: `Esborrany ${MARCA}`, fecha: hoy }))
      .id as number;
  const noticias = {
    borrador: await noticia(),
    borrable: await noticia(),
    publicable: await noticia(),
  };
  await preparar("POST", `/api/noticias/${noticias.borrador}/imagen`, undefined, [
    { campo: "archivo", archivo: imagen, nombre: "portada.png" },
  ]);

  const documento = async () =>
    (
      await preparar("POST", "/api/documentos", undefined, [
        { campo: "titulo", valor: `Acta ${MARCA}` },
        { campo: "visibilidad", valor: "administrador" },
        { campo: "archivo", archivo: Buffer.from("Acta de la junta\n"), nombre: "acta.txt" },
      ])
    ).id as number;
  const documentos = { admin: await documento(), borrable: await documento() };

  const anuncio = async (token: string) => {
    const res = await llamar("POST", "/api/anuncios", token, { titulo: "Anunci de prova" });
    if (res.statusCode !== 201) throw new Error(`anuncio → ${res.statusCode}: ${res.body}`);
    return res.json().id as number;
  };
  const conImagen = async (token: string) => {
    const id = await anuncio(token);
    const res = await llamar("POST", `/api/anuncios/${id}/imagenes`, token, undefined, [
      { campo: "archivo", archivo: imagen, nombre: "foto.png" },
    ]);
    if (res.statusCode !== 200) throw new Error(`imagen → ${res.statusCode}: ${res.body}`);
    return { id, clave: String(res.json().imagenes[0]).split("/").pop() as string };
  };
  const imagenPropia = await conImagen(sesiones.usuario.token);
  const imagenAjena = await conImagen(ajena.token);
  const anuncios = {
    propio: await anuncio(sesiones.usuario.token),
    ajeno: await anuncio(ajena.token),
    propioBorrable: await anuncio(sesiones.usuario.token),
    ajenoBorrable: await anuncio(ajena.token),
    conImagen: { propio: imagenPropia.id, ajeno: imagenAjena.id },
    claves: { propio: imagenPropia.clave, ajeno: imagenAjena.clave },
  };

  const aportacion = async () =>
    (
      await preparar("POST", "/api/gallofa", {
        fecha: hoy,
        nombre: `Donant ${MARCA}`,
        tipo: "dinero",
        importe: 10,
      })
    ).id as number;
  const gallofa = { una: await aportacion(), borrable: await aportacion() };

  // The lottery (issue 46): per owner, one talonario to settle and one to issue a digital
  // participation from; the board's own; one to annul and one to reassign.
  const loteria = (
    await preparar("POST", "/api/loterias", {
      nombre: "Lotería de Navidad de la matriz",
      fechaSorteo: fecha(60),
      fechaLimiteDevolucion: fecha(50),
      numeros: [{ numero: "05473", decimos: 1000 }],
      importeJugado: 4,
    })
  ).id as number;
  const emitirTalonario = async (idSocio: number | null) =>
    (
      await preparar("POST", `/api/loterias/${loteria}/talonarios`, {
        cantidad: 1,
        participaciones: 5,
        idSocio,
      })
    ).items[0] as { id: number; serieDesde: number };
  const talonario = async (idSocio: number | null) => (await emitirTalonario(idSocio)).id;
  const porDueno = async () => ({
    propio: await talonario(propio),
    familia: await talonario(familia),
    ajeno: await talonario(ajeno),
    socioPropio: await talonario(socioPropio),
    admin: await talonario(null),
  });
  const loterias = {
    id: loteria,
    liquidables: await porDueno(),
    digitales: await porDueno(),
    ...(await emitirTalonario(null).then((t) => ({ anulable: t.id, serieAnulable: t.serieDesde }))),
    asignable: await talonario(null),
    codigo: (await preparar("GET", `/api/loterias/${loteria}/participaciones?pageSize=1`)).items[0]
      .codigo as string,
  };
  // Seniority and awards (issue 49b): two periods of someone else's record long ago (to correct
  // and to delete), an award of the board's and two grants (to print and to withdraw).
  const periodo = async (desde: string, hasta: string) =>
    (await preparar("POST", `/api/socios/${ajeno}/periodos`, { desde, hasta })).id as number;
  const recompensa = (
    await preparar("POST", "/api/recompensas", { nombre: "Recompensa de las fixtures", anyos: 40 })
  ).id as number;
  const conceder = async (idSocio: number) =>
    (await preparar("POST", `/api/recompensas/${recompensa}/concesiones`, { idSocio, anyo: 2026 }))
      .id as number;
  const antiguedad = {
    periodo: await periodo("1901-01-01", "1902-01-01"),
    periodoBorrable: await periodo("1903-01-01", "1904-01-01"),
    recompensa,
    concesion: await conceder(ajeno),
    concesionBorrable: await conceder(propio),
  };
  // Groups, escuadras and cargos (issue 49): an escuadra with a member, one to delete; a junta
  // and one to delete; a member's cargo and one to delete.
  const ANYO_ESTRUCTURA = 2040;
  const escuadra = async (nombre: string) =>
    (await preparar("POST", "/api/escuadras", { anyo: ANYO_ESTRUCTURA, nombre })).id as number;
  const grupoJunta = async (nombre: string) =>
    (await preparar("POST", "/api/grupos", { clase: "comision", nombre })).id as number;
  const miembroEstructura = await socio();
  const escuadraUna = await escuadra("Escuadra de la matriz");
  await preparar("POST", `/api/escuadras/${escuadraUna}/miembros`, { idSocio: miembroEstructura });
  const grupoUno = await grupoJunta("Comisión de la matriz");
  await preparar("POST", `/api/grupos/${grupoUno}/miembros`, { idSocio: miembroEstructura });
  const cargosEstructura = (await preparar("GET", "/api/cargos")).items as {
    id: number;
    codigo: string;
  }[];
  const idVocal = cargosEstructura.find((c) => c.codigo === "vocal")?.id as number;
  const cargoSocio = async () =>
    (
      await preparar("POST", `/api/socios/${miembroEstructura}/cargos`, {
        idCargo: idVocal,
        desde: "2040-01-01",
      })
    ).id as number;
  const estructura = {
    anyo: ANYO_ESTRUCTURA,
    escuadra: escuadraUna,
    escuadraBorrable: await escuadra("Escuadra borrable"),
    grupo: grupoUno,
    grupoBorrable: await grupoJunta("Comisión borrable"),
    miembro: miembroEstructura,
    cargo: idVocal,
    cargoSocio: await cargoSocio(),
    cargoSocioBorrable: await cargoSocio(),
  };
  const cuentasTesoreria = (await preparar("GET", "/api/tesoreria/cuentas")).items as {
    id: number;
    tipo: string;
  }[];
  const cuentaCaja = cuentasTesoreria.find((c) => c.tipo === "caja")?.id as number;
  const categoriaTesoreria = (await preparar("GET", "/api/tesoreria/categorias")).items[0]
    .id as number;
  const movimiento = async () =>
    (
      await preparar("POST", "/api/tesoreria/movimientos", {
        idCuenta: cuentaCaja,
        fecha: hoy,
        concepto: `Movimiento ${MARCA}`,
        importe: 10,
        lineas: [{ idCategoria: categoriaTesoreria, importe: 10 }],
      })
    ).id as number;
  const movimientoTesoreria = await movimiento();
  const documentoTesoreria = await preparar(
    "POST",
    `/api/tesoreria/movimientos/${movimientoTesoreria}/documentos`,
    undefined,
    [{ campo: "archivo", archivo: Buffer.from("Factura\n"), nombre: "factura.txt" }],
  );
  // A statement of the cash box (its CCC is no account's: idCuenta says which).
  const ficheroExtracto = (dia: string) =>
    norma43(
      cuentaN43({ entidad: "0049", oficina: "1500", cuenta: "0512345678" }, dia, dia, 0, [
        { fecha: dia, importe: 1000, concepto: `INGRESO ${MARCA}` },
      ]),
    );
  const extracto = await preparar("POST", "/api/tesoreria/extractos?confirmar=1", undefined, [
    { campo: "idCuenta", valor: String(cuentaCaja) },
    { campo: "archivo", archivo: ficheroExtracto(fecha(-1)), nombre: "caja.n43" },
  ]);
  const regla = async () =>
    (
      await preparar("POST", "/api/tesoreria/reglas", {
        texto: "COMISION",
        idCategoria: categoriaTesoreria,
      })
    ).id as number;
  const tesoreria = {
    cuenta: cuentaCaja,
    categoria: categoriaTesoreria,
    movimiento: movimientoTesoreria,
    contraasentable: await movimiento(),
    documento: documentoTesoreria.id as number,
    extracto: extracto.cuentas[0].idExtracto as number,
    fichero: ficheroExtracto(fecha(-2)),
    regla: await regla(),
    reglaBorrable: await regla(),
  };

  const invitada = await preparar("POST", "/api/usuarios", {
    idSocio: await socio(),
    email: "invitada-matriz@fila.test",
    rol: "usuario",
  });

  const enlace = await preparar("POST", "/api/restauracion/enlaces", { dias: 7 });
  const enlaceBorrable = await preparar("POST", "/api/restauracion/enlaces", { dias: 7 });
  const calendario = (await llamar("GET", "/api/calendario/enlace", ajena.token)).json();

  return {
    cuentas: {
      propio: sesiones.usuario.yo.id,
      ajeno: ajena.yo.id,
      socioPropio: sesiones.socio.yo.id,
      objetivo: objetivo.id,
      invitada: invitada.id,
    },
    emailLogin: login.email,
    socios: {
      propio,
      familia,
      ajeno,
      socioPropio,
      admin: socioAdmin,
      borrable: await socio(),
      paraCuenta: await socio(),
    },
    pagos,
    pagosOnline,
    pedidosOnline,
    actos,
    inscribir: { propio, familia, ajeno, socioPropio, admin: adminSocio },
    inscripciones,
    alertas,
    noticias,
    documentos,
    anuncios,
    gallofa,
    loterias,
    estructura,
    tesoreria,
    antiguedad,
    maestros,
    productos: { uno: producto, borrable: productoBorrable },
    remesas: { una: remesaUna.id, borrable: remesaBorrable.id, pagoEnRemesa: remesaUna.idPago },
    restauracion: { token: enlace.token, enlaceBorrable: enlaceBorrable.id },
    calendario: { archivo: String(calendario.url).split("/").pop() as string },
    imagen,
    hoy,
    enUnaSemana,
  };
}

type Celda = { quien: Quien; rol: Rol | null; dueno: Dueno; esperado: Esperado };

function celdasDe(entrada: Entrada): Celda[] {
  const celdas: Celda[] = [
    { quien: "anonimo", rol: null, dueno: "ajeno", esperado: entrada.anonimo },
    { quien: "socio", rol: "socio", dueno: "ajeno", esperado: entrada.socio },
  ];
  const d = entrada.duenos;
  if (d?.socioPropio) {
    celdas.push({
      quien: "socio·propio",
      rol: "socio",
      dueno: "socioPropio",
      esperado: d.socioPropio,
    });
  }
  if (d) {
    celdas.push({ quien: "usuario·propio", rol: "usuario", dueno: "propio", esperado: d.propio });
    if (d.familia) {
      celdas.push({
        quien: "usuario·familia",
        rol: "usuario",
        dueno: "familia",
        esperado: d.familia,
      });
    }
    celdas.push({ quien: "usuario·ajeno", rol: "usuario", dueno: "ajeno", esperado: d.ajeno });
  } else {
    celdas.push({ quien: "usuario", rol: "usuario", dueno: "ajeno", esperado: entrada.usuario });
  }
  celdas.push({
    quien: "administrador",
    rol: "administrador",
    dueno: "admin",
    esperado: entrada.administrador,
  });
  return celdas;
}

const prohibe = (esperado: Esperado) => typeof esperado === "string" && esperado !== "ok";

function cumple(esperado: Esperado, status: number): boolean {
  if (status >= 500) return false;
  if (typeof esperado === "object") return true;
  if (esperado === "ok") return status < 400;
  if (esperado === "oculto") return status === 403 || status === 404;
  return String(status) === esperado;
}

const texto = (esperado: Esperado) =>
  typeof esperado === "object" ? `permitido (${esperado.permitido})` : esperado;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "fila-permisos-"));
  e = await crearEntorno({
    dataDir,
    redsys: REDSYS_SIN_BANCO,
  });
  for (const rol of ["administrador", "usuario", "socio"] as const) {
    sesiones[rol] = await nuevaSesion(rol);
  }
  f = await crearFixtures();
});

afterAll(async () => {
  await e?.cerrar();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("matriz de permisos de toda la API", () => {
  it("cada operación registrada bajo /api tiene su fila en la matriz, y ninguna sobra", () => {
    const rutas = rutasDeLaApp(e.app);
    expect(rutas.length).toBeGreaterThan(100);
    const sinFila = rutas.filter((r) => !(r in MATRIZ));
    const sobran = Object.keys(MATRIZ).filter((r) => !rutas.includes(r));
    expect(sinFila, `operaciones sin fila en permisos.matriz.ts: ${sinFila.join(", ")}`).toEqual(
      [],
    );
    expect(sobran, `filas de permisos.matriz.ts sin operación: ${sobran.join(", ")}`).toEqual([]);
  });

  it("ningún rol llega a lo que no debe: cada celda da lo que dice la matriz, sin 5xx", async () => {
    const fallos: string[] = [];
    let celdas = 0;
    let fugas = 0;
    let errores5xx = 0;
    for (const [ruta, entrada] of Object.entries(MATRIZ)) {
      const [metodo, plantilla] = ruta.split(" ") as [string, string];
      for (const celda of celdasDe(entrada)) {
        let sesion: Sesion | null = null;
        if (celda.rol) {
          sesion = entrada.desechable ? await nuevaSesion(celda.rol) : sesiones[celda.rol];
        }
        const yo = sesion?.yo ?? { id: 0, idSocio: null };
        const pet = entrada.peticion?.(f, celda.dueno, yo) ?? { url: plantilla };
        if (/\/:|\*/.test(pet.url)) throw new Error(`${ruta}: la fila no da la dirección concreta`);
        let status: number;
        let cuerpo = "";
        if (entrada.flujo) {
          const res = await e.app.inject({
            method: metodo as "GET",
            url: pet.url,
            headers: sesion ? bearer(sesion.token) : {},
            payloadAsStream: true,
          });
          status = res.statusCode;
          if (status >= 300) cuerpo = res.body;
          else res.stream().destroy();
        } else {
          const res = await llamar(
            metodo,
            pet.url,
            sesion?.token ?? null,
            pet.cuerpo,
            pet.multipart,
          );
          status = res.statusCode;
          cuerpo = res.body;
        }
        celdas += 1;
        const donde = `${ruta} [${celda.quien}] ${pet.url}`;
        if (status >= 500) {
          errores5xx += 1;
          fallos.push(`5xx ${donde}: ${status} ${cuerpo.slice(0, 200)}`);
        } else if (status < 300 && prohibe(celda.esperado)) {
          fugas += 1;
          fallos.push(`FUGA ${donde}: ${status}, la matriz dice ${texto(celda.esperado)}`);
        } else if (!cumple(celda.esperado, status)) {
          fallos.push(
            `${donde}: ${status}, la matriz dice ${texto(celda.esperado)}: ${cuerpo.slice(0, 200)}`,
          );
        } else if (status < 300 && celda.rol !== "administrador" && cuerpo.includes(MARCA)) {
          fugas += 1;
          fallos.push(`FUGA ${donde}: la respuesta lleva datos solo de la junta (${MARCA})`);
        }
      }
    }
    console.log(
      `Matriz de permisos: ${Object.keys(MATRIZ).length} operaciones, ${celdas} celdas, ` +
        `${fugas} fugas, ${errores5xx} respuestas 5xx, ${fallos.length} celdas que no cumplen`,
    );
    expect(fallos).toEqual([]);
    // A cap, not a measure: every cell of the matrix, ~20 s on an idle machine, over 30 s with the
    // other test files running beside it.
  }, 120_000);

  it("sin sesión, con id, consulta y cuerpo no válidos: 401 en toda operación que pide sesión (se mira antes de validar)", async () => {
    const fallos: string[] = [];
    let llamadas = 0;
    for (const [ruta, entrada] of Object.entries(MATRIZ)) {
      if (entrada.anonimo !== "401") continue;
      const [metodo, plantilla] = ruta.split(" ") as [string, string];
      const url = `${plantilla.replace(/:\w+/g, "no-valido").replace("*", "x")}?page=no-valido&campoQueNoExiste=1`;
      const cuerpo = metodo === "GET" ? undefined : { campoQueNoExiste: 1 };
      const res = await llamar(metodo, url, null, cuerpo);
      llamadas += 1;
      if (res.statusCode !== 401) fallos.push(`${ruta}: ${res.statusCode}, se esperaba 401`);
    }
    expect(llamadas).toBeGreaterThan(100);
    expect(fallos).toEqual([]);
  });
});
