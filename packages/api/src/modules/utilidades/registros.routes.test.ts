import type { AddressInfo } from "node:net";
import { hoyIso } from "@fila/domain";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  crearCuenta,
  crearEntorno,
  type Entorno,
  entrar,
  PASSWORD_PRUEBA,
} from "../../test/entorno.js";

let e: Entorno;
let smtp: SMTPServer;
let rechazar = false;
const recibidos: string[] = [];
const tokens = { administrador: "", usuario: "", socio: "" };
let admin: Awaited<ReturnType<typeof crearCuenta>>;

function pedir(
  metodo: "GET" | "POST" | "PUT",
  url: string,
  payload?: unknown,
  token = tokens.administrador,
) {
  return e.app.inject({
    method: metodo,
    url,
    payload: payload as object | undefined,
    headers: token ? bearer(token) : {},
  });
}

const esperarCorreos = () => e.app.servicios.mail.esperarEnvios();

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(direccion, _sesion, callback) {
      if (rechazar) {
        const err = Object.assign(new Error("Buzón lleno"), { responseCode: 552 });
        return callback(err);
      }
      recibidos.push(direccion.address);
      callback();
    },
    onData(stream, _sesion, callback) {
      stream.resume();
      stream.on("end", () => callback());
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, "127.0.0.1", ok));
  const puerto = (smtp.server.address() as AddressInfo).port;
  e = await crearEntorno({ smtpUrl: `smtp://127.0.0.1:${puerto}` });
  admin = await crearCuenta(e.db, { rol: "administrador" });
  tokens.administrador = await entrar(e.app, admin.email);
  for (const rol of ["usuario", "socio"] as const) {
    tokens[rol] = await entrar(e.app, (await crearCuenta(e.db, { rol })).email);
  }
});

afterAll(async () => {
  await e?.cerrar();
  await new Promise<void>((ok) => smtp.close(() => ok()));
});

describe("correo saliente", () => {
  let invitado = "";
  let fallido = 0;

  it("lista lo enviado sin el cuerpo: el enlace de una invitación no aparece", async () => {
    const socio = await e.db
      .insertInto("socio")
      .values({ nombre: "Invitada", apellidos: "Correo" })
      .returning("id")
      .executeTakeFirstOrThrow();
    invitado = `invitada-${Date.now()}@fila.test`;
    const alta = await pedir("POST", "/api/usuarios", {
      idSocio: socio.id,
      email: invitado,
      rol: "usuario",
    });
    expect(alta.statusCode).toBe(201);
    await esperarCorreos();
    const res = await pedir("GET", `/api/utilidades/correos?q=${encodeURIComponent(invitado)}`);
    expect(res.statusCode).toBe(200);
    const lista = res.json();
    expect(lista.conSmtp).toBe(true);
    expect(lista.total).toBe(1);
    expect(lista.items[0]).toMatchObject({
      para: invitado,
      asunto: "Activa tu cuenta de la Filà",
      estado: "enviado",
      error: "",
    });
    expect(lista.items[0].enviadoEn).toBeTruthy();
    const guardado = await e.db
      .selectFrom("correo_saliente")
      .select("texto")
      .where("para", "=", invitado)
      .executeTakeFirstOrThrow();
    const enlace = /http\S+token=\S+/.exec(guardado.texto)?.[0];
    expect(enlace).toBeTruthy();
    expect(res.body).not.toContain("token=");
    expect(res.body).not.toContain(String(enlace));
  });

  it("un correo que el servidor rechaza queda con su error y se puede reenviar", async () => {
    rechazar = true;
    const pedida = await e.app.inject({
      method: "POST",
      url: "/api/login/psswdrst",
      payload: { email: invitado },
    });
    expect(pedida.statusCode).toBeLessThan(300);
    await esperarCorreos();
    rechazar = false;
    const lista = (await pedir("GET", "/api/utilidades/correos?estado=error")).json();
    expect(lista.total).toBe(1);
    const correo = lista.items[0];
    expect(correo).toMatchObject({
      para: invitado,
      asunto: "Restablecer tu contraseña",
      estado: "error",
    });
    expect(correo.error).toContain("Buzón lleno");
    expect(JSON.stringify(lista)).not.toContain("token=");
    fallido = correo.id;

    const antes = recibidos.length;
    const res = await pedir("POST", `/api/utilidades/correos/${fallido}/reenvio`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: fallido, estado: "enviado", error: "" });
    expect(recibidos.slice(antes)).toEqual([invitado]);
    const auditoria = await e.db
      .selectFrom("auditoria")
      .select(["accion", "id_usuario", "cambios"])
      .where("entidad", "=", "correo_saliente")
      .where("id_entidad", "=", fallido)
      .executeTakeFirstOrThrow();
    expect(auditoria.accion).toBe("reenviar");
    expect(auditoria.id_usuario).toBe(admin.id);
    expect(auditoria.cambios[0]).toEqual({ campo: "estado", antes: "error", despues: "enviado" });
  });

  it("solo se reenvía lo que falló (409) y un correo que no existe es 404", async () => {
    const otra = await pedir("POST", `/api/utilidades/correos/${fallido}/reenvio`);
    expect(otra.statusCode).toBe(409);
    expect(otra.json().mensaje).toBe("Solo se reenvían los correos que no se pudieron enviar.");
    expect((await pedir("POST", "/api/utilidades/correos/999999/reenvio")).statusCode).toBe(404);
  });

  it("pagina en el servidor, del más reciente al más antiguo", async () => {
    const res = (await pedir("GET", "/api/utilidades/correos?pageSize=1&page=2")).json();
    expect(res.total).toBe(2);
    expect(res.page).toBe(2);
    expect(res.items).toHaveLength(1);
    expect(res.items[0].asunto).toBe("Activa tu cuenta de la Filà");
    expect((await pedir("GET", "/api/utilidades/correos?estado=roto")).statusCode).toBe(400);
  });
});

describe("registro de actividad", () => {
  it("recoge entradas, entradas fallidas y cambios de contraseña", async () => {
    const cuenta = await crearCuenta(e.db, { rol: "usuario" });
    const fallo = await e.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: cuenta.email, password: "no-es-la-contraseña" },
    });
    expect(fallo.statusCode).toBe(401);
    const token = await entrar(e.app, cuenta.email);
    const cambio = await e.app.inject({
      method: "POST",
      url: "/api/login/psswd",
      payload: { idSocio: 0, antigua: PASSWORD_PRUEBA, nueva: "otra-contraseña-larga-2026" },
      headers: bearer(token),
    });
    expect(cambio.statusCode).toBeLessThan(300);

    const res = await pedir(
      "GET",
      `/api/utilidades/actividad?entidad=acceso&idEntidad=${cuenta.id}`,
    );
    expect(res.statusCode).toBe(200);
    const acciones = res.json().items.map((i: { accion: string }) => i.accion);
    expect(acciones).toEqual(["cambiar contraseña", "entrada", "entrada fallida"]);
    const fallida = res.json().items[2];
    expect(fallida.usuario).toBe("Sistema");
    expect(fallida.cambios[0]).toEqual({ campo: "email", antes: null, despues: cuenta.email });
    // No password, hash or token in the log.
    expect(res.body).not.toContain("no-es-la-contraseña");
    expect(res.body).not.toContain("otra-contraseña-larga-2026");
  });

  it("muestra cada cambio campo a campo y filtra por persona, entidad y fechas", async () => {
    const creado = await pedir("POST", "/api/tipossocio", {
      nombre: "Tipo auditado",
      descripcion: "",
      color: "#123456",
    });
    expect(creado.statusCode).toBe(201);
    const id = creado.json().id;
    const cambio = await pedir("PUT", `/api/tipossocio/${id}`, {
      nombre: "Tipo auditado 2",
      descripcion: "",
      color: "#123456",
    });
    expect(cambio.statusCode).toBe(200);
    const hoy = hoyIso();
    const url = `/api/utilidades/actividad?idUsuario=${admin.id}&entidad=tipo_socio&desde=${hoy}&hasta=${hoy}`;
    const res = (await pedir("GET", url)).json();
    const modificar = res.items.find(
      (i: { accion: string; idEntidad: number }) => i.accion === "modificar" && i.idEntidad === id,
    );
    expect(modificar.cambios).toContainEqual({
      campo: "nombre",
      antes: "Tipo auditado",
      despues: "Tipo auditado 2",
    });
    expect(modificar.usuario).toBeTruthy();
    expect(res.items.every((i: { entidad: string }) => i.entidad === "tipo_socio")).toBe(true);

    const pasado = (await pedir("GET", `${url.split("&desde")[0]}&hasta=2020-01-01`)).json();
    expect(pasado.total).toBe(0);
    const deOtro = (
      await pedir("GET", "/api/utilidades/actividad?entidad=tipo_socio&idUsuario=2147483647")
    ).json();
    expect(deOtro.total).toBe(0);

    const pagina = (await pedir("GET", "/api/utilidades/actividad?pageSize=2&page=1")).json();
    expect(pagina.items).toHaveLength(2);
    expect(pagina.total).toBeGreaterThan(2);

    const filtros = (await pedir("GET", "/api/utilidades/actividad/filtros")).json();
    expect(filtros.entidades).toEqual(expect.arrayContaining(["acceso", "tipo_socio"]));
    expect(filtros.usuarios.map((u: { id: number }) => u.id)).toContain(admin.id);

    expect((await pedir("GET", "/api/utilidades/actividad?desde=ayer")).statusCode).toBe(400);
  });

  it("exporta lo filtrado a CSV y a XLSX, una fila por campo cambiado", async () => {
    const csv = await pedir(
      "GET",
      "/api/utilidades/actividad/exportar?formato=csv&entidad=tipo_socio",
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toMatch(/attachment; filename="actividad-.*\.csv"/);
    const lineas = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lineas[0]).toBe("Fecha;Persona;Entidad;Id;Acción;Campo;Antes;Después");
    expect(lineas.some((l) => l.includes("modificar;nombre;Tipo auditado;Tipo auditado 2"))).toBe(
      true,
    );
    expect(lineas[1]).toMatch(/^\d{2}\/\d{2}\/\d{4}/);

    const xlsx = await pedir("GET", "/api/utilidades/actividad/exportar?formato=xlsx");
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });

  it("solo el administrador: 401 sin sesión y 403 a usuario y socio", async () => {
    for (const [metodo, url] of [
      ["GET", "/api/utilidades/correos"],
      ["POST", "/api/utilidades/correos/1/reenvio"],
      ["GET", "/api/utilidades/actividad"],
      ["GET", "/api/utilidades/actividad/filtros"],
      ["GET", "/api/utilidades/actividad/exportar"],
    ] as const) {
      expect((await pedir(metodo, url, undefined, "")).statusCode).toBe(401);
      expect((await pedir(metodo, url, undefined, tokens.usuario)).statusCode).toBe(403);
      expect((await pedir(metodo, url, undefined, tokens.socio)).statusCode).toBe(403);
    }
  });
});

describe("correo saliente sin SMTP", () => {
  let sinSmtp: Entorno;
  afterAll(async () => {
    await sinSmtp?.cerrar();
  });

  it("los correos quedan guardados y uno con error no se puede reenviar (409)", async () => {
    sinSmtp = await crearEntorno({ smtpUrl: null });
    const cuenta = await crearCuenta(sinSmtp.db, { rol: "administrador" });
    const token = await entrar(sinSmtp.app, cuenta.email);
    await sinSmtp.app.inject({
      method: "POST",
      url: "/api/login/psswdrst",
      payload: { email: cuenta.email },
    });
    await sinSmtp.app.servicios.mail.esperarEnvios();
    const lista = await sinSmtp.app.inject({
      method: "GET",
      url: "/api/utilidades/correos",
      headers: bearer(token),
    });
    expect(lista.json().conSmtp).toBe(false);
    expect(lista.json().items[0]).toMatchObject({ para: cuenta.email, estado: "sin_smtp" });
    const error = await sinSmtp.db
      .insertInto("correo_saliente")
      .values({
        para: "x@fila.test",
        asunto: "Prueba",
        texto: "",
        estado: "error",
        error: "ECONNREFUSED",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const res = await sinSmtp.app.inject({
      method: "POST",
      url: `/api/utilidades/correos/${error.id}/reenvio`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().mensaje).toMatch(/^No hay servidor de correo configurado/);
  });
});
