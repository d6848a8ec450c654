import { hoyIso } from "@fila/domain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";
import { LIMITE_ENVIOS_POR_MINUTO, redDe } from "./analitica.routes.js";
import { restarMeses } from "./analitica.service.js";

const ESCRITORIO =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const MOVIL =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

let e: Entorno;
let tokenAdmin: string;
let tokenSocio: string;
let idAdmin: number;
let ipSiguiente = 1;

/** Each test sends from its own addresses, so the per-address limit of one never reaches another. */
const nuevaIp = () => `10.0.${Math.floor(ipSiguiente / 250)}.${(ipSiguiente++ % 250) + 1}`;

function enviar(
  payload: unknown,
  opciones: { ip?: string; ua?: string; cabeceras?: Record<string, string> } = {},
) {
  return e.app.inject({
    method: "POST",
    url: "/api/analitica",
    remoteAddress: opciones.ip ?? "10.9.9.9",
    headers: { "user-agent": opciones.ua ?? ESCRITORIO, ...opciones.cabeceras },
    payload: payload as object,
  });
}

async function resumen(query = "", token = tokenAdmin) {
  const res = await e.app.inject({
    method: "GET",
    url: `/api/analitica/resumen${query}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const hoy = () => hoyIso();

beforeAll(async () => {
  e = await crearEntorno();
  const admin = await crearCuenta(e.db, { rol: "administrador" });
  idAdmin = admin.id;
  tokenAdmin = await entrar(e.app, admin.email);
  tokenSocio = await entrar(e.app, (await crearCuenta(e.db, { rol: "socio" })).email);
});
afterAll(async () => e?.cerrar());

beforeEach(async () => {
  for (const tabla of [
    "analitica_vista",
    "analitica_evento",
    "analitica_visitante",
    "analitica_visitantes_dia",
    "analitica_sal",
  ] as const) {
    await e.db.deleteFrom(tabla).execute();
  }
});

describe("POST /api/analitica", () => {
  it("cuenta vistas por ruta y visitantes únicos del día sin sesión y sin guardar IP ni User-Agent", async () => {
    const ip = nuevaIp();
    const res = await enviar({ vistas: ["/login", "/inicio", "/inicio"] }, { ip });
    expect(res.statusCode).toBe(204);
    expect(res.headers["set-cookie"]).toBeUndefined();
    // The same person again, and then someone else on a phone.
    expect((await enviar({ vistas: ["/socio-home"] }, { ip })).statusCode).toBe(204);
    expect((await enviar({ vistas: ["/inicio"] }, { ip: nuevaIp(), ua: MOVIL })).statusCode).toBe(
      204,
    );

    const r = await resumen();
    expect(r.hasta).toBe(hoy());
    expect(r.porDia).toHaveLength(28);
    expect(r.porDia.at(-1)).toEqual({ fecha: hoy(), visitantes: 2, vistas: 5 });
    expect(r.paginas).toEqual([
      { ruta: "/inicio", vistas: 3 },
      { ruta: "/login", vistas: 1 },
      { ruta: "/socio-home", vistas: 1 },
    ]);
    expect(r.dispositivos).toEqual([
      { dispositivo: "movil", visitantes: 1 },
      { dispositivo: "tableta", visitantes: 0 },
      { dispositivo: "ordenador", visitantes: 1 },
    ]);

    const visitantes = await e.db.selectFrom("analitica_visitante").selectAll().execute();
    expect(visitantes).toHaveLength(2);
    for (const v of visitantes) {
      expect(Object.keys(v).sort()).toEqual(["dia", "dispositivo", "hash"]);
      expect(v.hash).not.toContain(ip);
      expect(v.hash).toMatch(/^[\w-]{32}$/);
    }
  });

  it("con sesión tampoco guarda quién es: el mismo recuento, sin usuario", async () => {
    const ip = nuevaIp();
    await enviar({ vistas: ["/admin-home"] }, { ip, cabeceras: bearer(tokenAdmin) });
    await enviar({ vistas: ["/admin-home"] }, { ip });
    const r = await resumen();
    expect(r.porDia.at(-1)).toEqual({ fecha: hoy(), visitantes: 1, vistas: 2 });
  });

  it("no cuenta a quien pide no ser rastreado (DNT o Sec-GPC) ni a los robots", async () => {
    const noRastrear: Record<string, string>[] = [{ dnt: "1" }, { "sec-gpc": "1" }];
    for (const cabeceras of noRastrear) {
      const res = await enviar({ vistas: ["/inicio"] }, { ip: nuevaIp(), cabeceras });
      expect(res.statusCode).toBe(204);
    }
    const robot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    expect((await enviar({ vistas: ["/login"] }, { ip: nuevaIp(), ua: robot })).statusCode).toBe(
      204,
    );
    expect((await enviar({ vistas: ["/login"] }, { ip: nuevaIp(), ua: "" })).statusCode).toBe(204);
    const r = await resumen();
    expect(r.porDia.at(-1)).toEqual({ fecha: hoy(), visitantes: 0, vistas: 0 });
    expect(r.paginas).toEqual([]);
    expect(await e.db.selectFrom("analitica_visitante").selectAll().execute()).toEqual([]);
  });

  it("cuenta los eventos y las alertas push entregadas frente a las abiertas", async () => {
    const ip = nuevaIp();
    await enviar({ eventos: ["alerta_abierta_push", "recibo_descargado"] }, { ip });
    await enviar({ eventos: ["inscripcion_hecha", "app_instalada", "recibo_descargado"] }, { ip });
    // Two pushes delivered by the push worker (the trigger counts the change of state).
    const suscripcion = await e.db
      .insertInto("push_suscripcion")
      .values({
        id_usuario: idAdmin,
        endpoint: `https://push.example.com/${Date.now()}`,
        p256dh: "p",
        auth: "a",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const envios = await e.db
      .insertInto("push_envio")
      .values([1, 2, 3].map(() => ({ id_suscripcion: suscripcion.id, payload: "{}" })))
      .returning("id")
      .execute();
    await e.db
      .updateTable("push_envio")
      .set({ estado: "enviado", enviado_en: new Date() })
      .where(
        "id",
        "in",
        envios.slice(0, 2).map((x) => x.id),
      )
      .execute();
    await e.db
      .updateTable("push_envio")
      .set({ estado: "fallido" })
      .where("id", "=", envios[2].id)
      .execute();

    const r = await resumen();
    expect(r.eventos).toEqual([
      { nombre: "alerta_abierta_push", total: 1 },
      { nombre: "recibo_descargado", total: 2 },
      { nombre: "inscripcion_hecha", total: 1 },
      { nombre: "app_instalada", total: 1 },
    ]);
    expect(r.push).toEqual({ entregadas: 2, abiertas: 1 });
    // Only routes are page views: the events leave the views at zero.
    expect(r.porDia.at(-1)).toEqual({ fecha: hoy(), visitantes: 1, vistas: 0 });
  });

  it("rechaza con 400 rutas con query, rutas o eventos desconocidos, campos de más y lotes grandes", async () => {
    const malos: unknown[] = [
      { vistas: ["/socios?q=garcia"] },
      { vistas: ["/socios/ficha/17"] },
      { vistas: ["/cualquier-cosa"] },
      { eventos: ["push_entregada"] },
      { vistas: ["/inicio"], idUsuario: 3 },
      { vistas: Array(51).fill("/inicio") },
      { eventos: Array(21).fill("app_instalada") },
    ];
    for (const cuerpo of malos) {
      const res = await enviar(cuerpo, { ip: nuevaIp() });
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(400);
      expect(res.json().error).toBe("validacion");
    }
    const grande = await enviar(
      { vistas: ["/inicio"], relleno: "x".repeat(9000) },
      { ip: nuevaIp() },
    );
    expect(grande.statusCode).toBe(413);
    expect((await resumen()).paginas).toEqual([]);
  });

  it("limita los envíos por dirección y minuto con un 429 en español", async () => {
    const ip = nuevaIp();
    for (let i = 0; i < LIMITE_ENVIOS_POR_MINUTO; i++) {
      const res = await enviar({ vistas: ["/inicio"] }, { ip });
      expect(res.statusCode).toBe(204);
    }
    const demasiado = await enviar({ vistas: ["/inicio"] }, { ip });
    expect(demasiado.statusCode).toBe(429);
    expect(demasiado.json()).toMatchObject({
      error: "demasiados_intentos",
      mensaje: "Demasiadas peticiones. Espera un momento y vuelve a intentarlo.",
    });
    // Another address is not affected.
    expect((await enviar({ vistas: ["/inicio"] }, { ip: nuevaIp() })).statusCode).toBe(204);
    expect((await resumen()).porDia.at(-1).vistas).toBe(LIMITE_ENVIOS_POR_MINUTO + 1);
  });
});

describe("redDe (a quién cuenta el límite)", () => {
  it("una dirección IPv4 sola; una IPv6 por su red /64", () => {
    expect(redDe("10.1.2.3")).toBe("10.1.2.3");
    expect(redDe("::ffff:10.1.2.3")).toBe("10.1.2.3");
    expect(redDe("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(redDe("2001:DB8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(redDe("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(redDe("::1")).toBe("0:0:0:0::/64");
  });

  it("las direcciones de una misma red IPv6 comparten el límite", async () => {
    for (let i = 0; i < LIMITE_ENVIOS_POR_MINUTO; i++) {
      const res = await enviar(
        { vistas: ["/inicio"] },
        { ip: `2001:db8:7:7::${(i + 1).toString(16)}` },
      );
      expect(res.statusCode).toBe(204);
    }
    const otra = await enviar({ vistas: ["/inicio"] }, { ip: "2001:db8:7:7:ffff::9" });
    expect(otra.statusCode).toBe(429);
  });
});

describe("sal diaria y conservación", () => {
  const analitica = () => e.app.servicios.analitica;
  const remitente = { ip: "10.1.2.3", userAgent: ESCRITORIO, noRastrear: false };

  it("al cerrar el día olvida la sal y los hashes y solo queda el recuento; el día siguiente es otro visitante", async () => {
    const lunes = new Date("2026-11-16T10:00:00Z");
    const martes = new Date("2026-11-17T10:00:00Z");
    await analitica().registrar({ vistas: ["/inicio"], eventos: [] }, remitente, lunes);
    await analitica().registrar({ vistas: ["/alertas"], eventos: [] }, remitente, lunes);
    const hashLunes = (await e.db.selectFrom("analitica_visitante").select("hash").execute()).map(
      (v) => v.hash,
    );
    expect(hashLunes).toHaveLength(1);
    const salLunes = await e.db.selectFrom("analitica_sal").selectAll().execute();
    expect(salLunes.map((s) => s.dia)).toEqual(["2026-11-16"]);

    await analitica().mantener(martes);
    expect(await e.db.selectFrom("analitica_sal").selectAll().execute()).toEqual([]);
    expect(await e.db.selectFrom("analitica_visitante").selectAll().execute()).toEqual([]);
    expect(await e.db.selectFrom("analitica_visitantes_dia").selectAll().execute()).toEqual([
      { dia: "2026-11-16", dispositivo: "ordenador", visitantes: 1 },
    ]);

    await analitica().registrar({ vistas: ["/inicio"], eventos: [] }, remitente, martes);
    const hashMartes = await e.db.selectFrom("analitica_visitante").select("hash").execute();
    expect(hashMartes).toHaveLength(1);
    expect(hashMartes[0].hash).not.toBe(hashLunes[0]);
    // Closing again does not count anyone twice.
    await analitica().mantener(martes);

    const r = await resumen("?desde=2026-11-16&hasta=2026-11-29");
    expect(r.porDia.slice(0, 2)).toEqual([
      { fecha: "2026-11-16", visitantes: 1, vistas: 2 },
      { fecha: "2026-11-17", visitantes: 1, vistas: 1 },
    ]);
    // Weeks from Monday: the two days of the same person add up (a day's salt hides who it is).
    expect(r.porSemana).toEqual([
      { fecha: "2026-11-16", visitantes: 2, vistas: 3 },
      { fecha: "2026-11-23", visitantes: 0, vistas: 0 },
    ]);
  });

  it("borra solo lo que tiene más de 13 meses", async () => {
    const hoyIsoActual = hoy();
    const limite = restarMeses(hoyIsoActual, 13);
    const [a, m, d] = limite.split("-").map(Number);
    const antesDelLimite = new Date(Date.UTC(a, m - 1, d - 1)).toISOString().slice(0, 10);
    for (const dia of [antesDelLimite, limite]) {
      await e.db
        .insertInto("analitica_vista")
        .values({ dia, ruta: "/inicio", vistas: 4 })
        .execute();
      await e.db
        .insertInto("analitica_evento")
        .values({ dia, nombre: "app_instalada", total: 1 })
        .execute();
      await e.db
        .insertInto("analitica_visitantes_dia")
        .values({ dia, dispositivo: "movil", visitantes: 3 })
        .execute();
    }
    await analitica().mantener();
    for (const tabla of [
      "analitica_vista",
      "analitica_evento",
      "analitica_visitantes_dia",
    ] as const) {
      const dias = (await e.db.selectFrom(tabla).select("dia").execute()).map((f) => f.dia);
      expect(dias, tabla).toEqual([limite]);
    }
    expect(restarMeses("2026-11-25", 13)).toBe("2025-10-25");
  });
});

describe("documento OpenAPI", () => {
  it("declara lo que responden: el envío anónimo sin 401 y con 413 y 429; el resumen con 401 y 403", async () => {
    const doc = (await e.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const envio = Object.keys(doc.paths["/api/analitica"].post.responses);
    expect(envio).toEqual(expect.arrayContaining(["204", "400", "413", "426", "429"]));
    expect(envio).not.toContain("401");
    expect(doc.paths["/api/analitica"].post.security).toEqual([]);
    const resumenDoc = Object.keys(doc.paths["/api/analitica/resumen"].get.responses);
    expect(resumenDoc).toEqual(expect.arrayContaining(["200", "400", "401", "403", "426"]));
  });
});

describe("GET /api/analitica/resumen", () => {
  it("solo el administrador", async () => {
    const anonimo = await e.app.inject({ method: "GET", url: "/api/analitica/resumen" });
    expect(anonimo.statusCode).toBe(401);
    const socio = await e.app.inject({
      method: "GET",
      url: "/api/analitica/resumen",
      headers: bearer(tokenSocio),
    });
    expect(socio.statusCode).toBe(403);
  });

  it("rechaza periodos al revés, de más de 400 días o con fechas que no existen", async () => {
    for (const query of [
      "?desde=2026-11-20&hasta=2026-11-01",
      "?desde=2024-01-01&hasta=2026-11-01",
      "?desde=2026-02-30",
    ]) {
      const res = await e.app.inject({
        method: "GET",
        url: `/api/analitica/resumen${query}`,
        headers: bearer(tokenAdmin),
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().detalles[0].campo).toBe("desde");
    }
  });

  it("devuelve todos los días del periodo, también los vacíos", async () => {
    const r = await resumen("?desde=2026-01-01&hasta=2026-01-10");
    expect(r.porDia.map((d: { fecha: string }) => d.fecha)).toEqual([
      "2026-01-01",
      "2026-01-02",
      "2026-01-03",
      "2026-01-04",
      "2026-01-05",
      "2026-01-06",
      "2026-01-07",
      "2026-01-08",
      "2026-01-09",
      "2026-01-10",
    ]);
    expect(r.porSemana.map((s: { fecha: string }) => s.fecha)).toEqual([
      "2025-12-29",
      "2026-01-05",
    ]);
  });
});
