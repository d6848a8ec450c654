import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

let e: Entorno;
let admin: string;
let usuario: string;
let sinSocio: string;
let publico: number;
let interno: number;
let todoElDia: number;
let cancelado: number;

function dentroDe(dias: number): string {
  return new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);
}

async function crearActo(datos: Record<string, unknown>): Promise<number> {
  const res = await e.app.inject({
    method: "POST",
    url: "/api/actos",
    headers: bearer(admin),
    payload: { fecha: dentroDe(20), ...datos },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().id;
}

const tzid = (ev: ICAL.Event) => ev.component.getFirstProperty("dtstart")?.getParameter("tzid");

function analizar(texto: string) {
  const calendario = new ICAL.Component(ICAL.parse(texto));
  const eventos = calendario.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
  return { calendario, eventos };
}

const PROPIEDADES_FECHA_HORA = [
  "DTSTAMP",
  "DTSTART",
  "DTEND",
  "DUE",
  "CREATED",
  "LAST-MODIFIED",
  "RECURRENCE-ID",
  "COMPLETED",
];
const SIEMPRE_UTC = new Set(["DTSTAMP", "CREATED", "LAST-MODIFIED", "COMPLETED"]);

/**
 * What a strict RFC 5545 reader demands of every date-time property outside VTIMEZONE: UTC with
 * `Z` (always so for DTSTAMP, CREATED, LAST-MODIFIED), or a TZID defined in the same document, or
 * a whole date with VALUE=DATE. A floating local time is an error. Returns what breaks the rule.
 */
function fechasNoEstrictas(texto: string): string[] {
  const lineas = texto.replace(/\r\n[ \t]/g, "").split("\r\n");
  const zonas = new Set(
    lineas.filter((l) => l.startsWith("TZID:")).map((l) => l.slice("TZID:".length)),
  );
  const fallos: string[] = [];
  let enZona = false;
  for (const linea of lineas) {
    if (linea === "BEGIN:VTIMEZONE") enZona = true;
    if (linea === "END:VTIMEZONE") enZona = false;
    const [, nombre = "", parametros = "", valor = ""] =
      /^([A-Z-]+)((?:;[^:]*)?):(.*)$/.exec(linea) ?? [];
    if (enZona || !PROPIEDADES_FECHA_HORA.includes(nombre)) continue;
    const tz = /;TZID=([^;:]+)/.exec(parametros)?.[1];
    const esFecha = parametros.includes("VALUE=DATE") && !parametros.includes("VALUE=DATE-TIME");
    const bien = SIEMPRE_UTC.has(nombre)
      ? /^\d{8}T\d{6}Z$/.test(valor) && !tz
      : esFecha
        ? /^\d{8}$/.test(valor)
        : /^\d{8}T\d{6}Z$/.test(valor) || (!!tz && zonas.has(tz) && /^\d{8}T\d{6}$/.test(valor));
    if (!bien) fallos.push(linea);
  }
  return fallos;
}

beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(e.app, (await crearCuenta(e.db, { rol: "administrador" })).email);
  usuario = await entrar(e.app, (await crearCuenta(e.db, { rol: "usuario" })).email);
  sinSocio = await entrar(
    e.app,
    (await crearCuenta(e.db, { rol: "usuario", conSocio: false })).email,
  );
  publico = await crearActo({
    nombre: "Entrada Mora",
    fecha: "2026-07-20",
    hora: "18:30",
    lugar: "Carrer Major",
    descripcion: "Desfile; con comas, y punto y coma",
  });
  interno = await crearActo({ nombre: "Asamblea", hora: "20:00", esInterno: true });
  todoElDia = await crearActo({ nombre: "Día de la filà", fecha: "2027-01-17" });
  cancelado = await crearActo({ nombre: "Cena suspendida" });
  await e.app.inject({
    method: "POST",
    url: `/api/actos/${cancelado}/cancelacion`,
    headers: bearer(admin),
  });
});

afterAll(async () => {
  await e?.cerrar();
});

describe("calendario iCalendar", () => {
  it("el público es un VCALENDAR válido con hora de Madrid y sin actos internos ni cancelados", async () => {
    const res = await e.app.inject({ method: "GET", url: "/api/calendario/publico.ics" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.body.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    const { calendario, eventos } = analizar(res.body);
    expect(calendario.name).toBe("vcalendar");
    expect(calendario.getFirstPropertyValue("version")).toBe("2.0");
    const vtimezone = calendario.getFirstSubcomponent("vtimezone");
    expect(vtimezone?.getFirstPropertyValue("tzid")).toBe("Europe/Madrid");

    const nombres = eventos.map((ev) => ev.summary);
    expect(nombres).toContain("Entrada Mora");
    expect(nombres).toContain("Día de la filà");
    expect(nombres).not.toContain("Asamblea");
    expect(nombres).not.toContain("Cena suspendida");

    const entrada = eventos.find((ev) => ev.summary === "Entrada Mora") as ICAL.Event;
    expect(entrada.uid).toBe(`acto-${publico}@fila.test`);
    expect(entrada.location).toBe("Carrer Major");
    expect(entrada.description).toBe("Desfile; con comas, y punto y coma");
    expect(tzid(entrada)).toBe("Europe/Madrid");
    expect(entrada.startDate.toString()).toBe("2026-07-20T18:30:00");
    // 18:30 in Madrid in summer (CEST, UTC+2) is 16:30 UTC.
    const tz = new ICAL.Timezone(vtimezone as ICAL.Component);
    entrada.startDate.zone = tz;
    expect(entrada.startDate.toJSDate().toISOString()).toBe("2026-07-20T16:30:00.000Z");

    const dia = eventos.find((ev) => ev.summary === "Día de la filà") as ICAL.Event;
    expect(dia.startDate.isDate).toBe(true);
    expect(dia.startDate.toString()).toBe("2027-01-17");
    expect(todoElDia).toBeGreaterThan(0);
  });

  it("el privado de un socio incluye los internos; el token se regenera y el viejo deja de valer", async () => {
    const enlace = await e.app.inject({
      method: "GET",
      url: "/api/calendario/enlace",
      headers: bearer(usuario),
    });
    const { url } = enlace.json();
    expect(url).toMatch(/^http:\/\/fila\.test\/api\/calendario\/[A-Za-z0-9_-]{43}\.ics$/);
    const otraVez = await e.app.inject({
      method: "GET",
      url: "/api/calendario/enlace",
      headers: bearer(usuario),
    });
    expect(otraVez.json().url).toBe(url);

    const ruta = new URL(url).pathname;
    const feed = await e.app.inject({ method: "GET", url: ruta });
    expect(feed.statusCode).toBe(200);
    const nombres = analizar(feed.body).eventos.map((ev) => ev.summary);
    expect(nombres).toContain("Asamblea");
    expect(nombres).toContain("Entrada Mora");
    expect(nombres).not.toContain("Cena suspendida");

    const nuevo = await e.app.inject({
      method: "POST",
      url: "/api/calendario/enlace",
      headers: bearer(usuario),
    });
    expect(nuevo.json().url).not.toBe(url);
    expect((await e.app.inject({ method: "GET", url: ruta })).statusCode).toBe(404);
    for (const malo of ["/api/calendario/corto.ics", `/api/calendario/${"z".repeat(43)}.txt`]) {
      expect((await e.app.inject({ method: "GET", url: malo })).statusCode).toBe(404);
    }
    expect(
      (await e.app.inject({ method: "GET", url: new URL(nuevo.json().url).pathname })).statusCode,
    ).toBe(200);
  });

  it("el calendario privado se llama en el idioma de su cuenta; el público, en castellano (issue 38)", async () => {
    const feed = async (token: string) => {
      const { url } = (
        await e.app.inject({ method: "GET", url: "/api/calendario/enlace", headers: bearer(token) })
      ).json();
      return (await e.app.inject({ method: "GET", url: new URL(url).pathname })).body;
    };
    const cuenta = await crearCuenta(e.db, { rol: "usuario" });
    await e.db.updateTable("usuario").set({ idioma: "va" }).where("id", "=", cuenta.id).execute();
    const va = await feed(await entrar(e.app, cuenta.email));
    const plano = (t: string) => t.replace(/\r\n[ \t]/g, "");
    expect(plano(va)).toContain("X-WR-CALNAME:Els meus actes de la filà");
    expect(plano(va)).toMatch(/PRODID:-\/\/Filà\/\/Actos\/\/CA/);
    const es = await feed(usuario);
    expect(plano(es)).toContain("X-WR-CALNAME:Mis actos de la filà");
    expect(plano(es)).toMatch(/PRODID:-\/\/Filà\/\/Actos\/\/ES/);
    const publico = await e.app.inject({ method: "GET", url: "/api/calendario/publico.ics" });
    expect(plano(publico.body)).toContain("X-WR-CALNAME:Actos de la filà");
  });

  it("una cuenta sin socio no ve actos internos en su calendario ni en «Añadir al calendario»", async () => {
    const { url } = (
      await e.app.inject({
        method: "GET",
        url: "/api/calendario/enlace",
        headers: bearer(sinSocio),
      })
    ).json();
    const feed = await e.app.inject({ method: "GET", url: new URL(url).pathname });
    expect(analizar(feed.body).eventos.map((ev) => ev.summary)).not.toContain("Asamblea");
    const uno = await e.app.inject({
      method: "GET",
      url: `/api/actos/${interno}/evento.ics`,
      headers: bearer(sinSocio),
    });
    expect(uno.statusCode).toBe(404);
  });

  it("toda fecha-hora de los dos calendarios y de un evento suelto cumple RFC 5545 en modo estricto", async () => {
    const { url } = (
      await e.app.inject({ method: "GET", url: "/api/calendario/enlace", headers: bearer(usuario) })
    ).json();
    const documentos = [
      (await e.app.inject({ method: "GET", url: "/api/calendario/publico.ics" })).body,
      (await e.app.inject({ method: "GET", url: new URL(url).pathname })).body,
      (
        await e.app.inject({
          method: "GET",
          url: `/api/actos/${publico}/evento.ics`,
          headers: bearer(usuario),
        })
      ).body,
    ];
    for (const texto of documentos) {
      expect(texto).toContain("DTSTAMP:");
      expect(texto).toContain("BEGIN:VTIMEZONE");
      expect(fechasNoEstrictas(texto)).toEqual([]);
      // ical.js reads the stamp as UTC, not as a floating local time.
      for (const ev of analizar(texto).eventos) {
        const stamp = ev.component.getFirstPropertyValue("dtstamp") as ICAL.Time;
        expect(stamp.zone?.tzid).toBe("UTC");
      }
    }
    expect(
      fechasNoEstrictas("DTSTAMP:20261120T101112\r\nDTSTART:20261120T101112\r\n"),
    ).toHaveLength(2);
  });

  it("«Añadir al calendario» da un único evento", async () => {
    const res = await e.app.inject({
      method: "GET",
      url: `/api/actos/${interno}/evento.ics`,
      headers: bearer(usuario),
    });
    expect(res.statusCode).toBe(200);
    const { eventos } = analizar(res.body);
    expect(eventos.map((ev) => ev.summary)).toEqual(["Asamblea"]);
    expect(tzid(eventos[0] as ICAL.Event)).toBe("Europe/Madrid");
  });
});
