import { describe, expect, it } from "vitest";
import { crearCuenta, entrar } from "../../test/entorno.js";
import {
  admin,
  type Cuenta,
  celebrarHoy,
  cena,
  contar,
  crearActo,
  cuenta,
  dia,
  e,
  hijoDeA,
  inscribir,
  llamar,
  type Metodo,
  prepararActos,
  sinSocio,
  socioC,
  tipoAdulto,
  tipoInfantil,
  usuarioA,
  usuarioB,
} from "./actos.prueba.js";

prepararActos();

describe("matriz de permisos", () => {
  it("cada endpoint responde según el rol (administrador, usuario, socio, anónimo)", async () => {
    const acto = await crearActo({ nombre: "Matriz", aforo: null, menus: [], sePaga: false });
    const cuentas = [admin, usuarioA, socioC];
    const filas: [Metodo, string, ((c: Cuenta) => unknown) | undefined, number[]][] = [
      ["GET", "/api/actos", undefined, [200, 403, 403, 401]],
      ["POST", "/api/actos", () => ({ nombre: "Nuevo", fecha: dia(40) }), [201, 403, 403, 401]],
      ["GET", `/api/actos/${acto.id}`, undefined, [200, 403, 403, 401]],
      [
        "PUT",
        `/api/actos/${acto.id}`,
        () => ({ nombre: "Matriz", fecha: dia(30) }),
        [200, 403, 403, 401],
      ],
      ["DELETE", "/api/actos/999999", undefined, [404, 403, 403, 401]],
      ["POST", `/api/actos/${acto.id}/copia`, () => ({}), [201, 403, 403, 401]],
      ["POST", "/api/actos/999999/cancelacion", undefined, [404, 403, 403, 401]],
      ["GET", "/api/actos/mios", undefined, [200, 200, 200, 401]],
      ["GET", "/api/actos/puntos", undefined, [200, 403, 403, 401]],
      ["GET", "/api/actos/puntos/mios", undefined, [200, 200, 200, 401]],
      ["GET", `/api/actos/${acto.id}/evento.ics`, undefined, [200, 200, 200, 401]],
      ["GET", `/api/actos/${acto.id}/inscripciones`, undefined, [200, 403, 403, 401]],
      [
        "GET",
        `/api/actos/${acto.id}/inscripciones/export?formato=xlsx`,
        undefined,
        [200, 403, 403, 401],
      ],
      [
        "POST",
        `/api/actos/${acto.id}/inscripciones`,
        (c) => ({ idSocio: c.idSocio || 1 }),
        [201, 201, 201, 401],
      ],
      ["DELETE", `/api/actos/${acto.id}/inscripciones/999999`, undefined, [404, 404, 404, 401]],
      [
        "PATCH",
        `/api/actos/${acto.id}/inscripciones/999999`,
        () => ({ alergias: "Ninguna" }),
        [404, 404, 404, 401],
      ],
      [
        "PUT",
        `/api/actos/${acto.id}/inscripciones/999999/asistencia`,
        () => ({ asistio: true }),
        [404, 403, 403, 401],
      ],
      ["GET", "/api/restauracion", undefined, [200, 403, 403, 401]],
      ["POST", "/api/restauracion/enlaces", () => ({ dias: 3 }), [201, 403, 403, 401]],
      ["GET", "/api/restauracion/enlaces", undefined, [200, 403, 403, 401]],
      ["DELETE", "/api/restauracion/enlaces/999999", undefined, [404, 403, 403, 401]],
      ["GET", `/api/restauracion/publico/${"x".repeat(43)}`, undefined, [404, 404, 404, 404]],
      ["GET", "/api/calendario/publico.ics", undefined, [200, 200, 200, 200]],
      ["GET", "/api/calendario/enlace", undefined, [200, 200, 200, 401]],
      ["POST", "/api/calendario/enlace", undefined, [200, 200, 200, 401]],
      ["GET", `/api/calendario/${"y".repeat(43)}.ics`, undefined, [404, 404, 404, 404]],
    ];
    const obtenido: string[] = [];
    const esperado: string[] = [];
    for (const [metodo, url, cuerpo, estados] of filas) {
      for (const [i, c] of [...cuentas, undefined].entries()) {
        const res = await llamar(metodo, url, c?.token, cuerpo?.(c ?? admin));
        obtenido.push(`${metodo} ${url} #${i} → ${res.statusCode}`);
        esperado.push(`${metodo} ${url} #${i} → ${estados[i]}`);
      }
    }
    expect(obtenido).toEqual(esperado);
  });
});

describe("actos", () => {
  it("crea un acto con precios por tipo, aforo y menús, y lo devuelve en euros", async () => {
    const acto = await crearActo();
    expect(acto).toMatchObject({
      nombre: "Cena de gala",
      sePaga: true,
      aforo: 10,
      plazasLibres: 10,
      numInscritos: 0,
      precioInvitado: 20.25,
      menus: ["Carne", "Pescado"],
      cancelado: false,
      precios: [
        { idTipoSocio: tipoAdulto, precio: 35.5, idProducto: null, idActo: acto.id },
        { idTipoSocio: tipoInfantil, precio: 12, idProducto: null, idActo: acto.id },
      ],
    });
    const fila = await e.db
      .selectFrom("acto")
      .select(["precio_invitado"])
      .where("id", "=", acto.id)
      .executeTakeFirstOrThrow();
    expect(fila.precio_invitado).toBe(2025);
    const auditoria = await e.db
      .selectFrom("auditoria")
      .select("accion")
      .where("entidad", "=", "acto")
      .where("id_entidad", "=", acto.id)
      .execute();
    expect(auditoria.map((a) => a.accion)).toEqual(["crear"]);
  });

  it("rechaza datos incorrectos con mensajes en español y sin crear nada", async () => {
    const antes = await contar("acto");
    const casos: [Record<string, unknown>, string][] = [
      [{ nombre: "" }, "El nombre es obligatorio"],
      [{ fecha: "31/12/2026" }, "Introduce una fecha válida (AAAA-MM-DD)"],
      [
        { fechaMaximaInscripcion: dia(31) },
        "La fecha máxima de inscripción no puede ser posterior al acto",
      ],
      [{ aforo: 0 }, "El aforo debe ser al menos 1 (déjalo vacío si no hay límite)"],
      [{ precioInvitado: -1 }, "El importe no puede ser negativo"],
      [{ precios: [{ idTipoSocio: 999999, precio: 1 }] }, "El tipo de socio no existe"],
      [{ idTipoActo: 999999 }, "El tipo de acto no existe"],
      [{ menus: ["Carne", "carne"] }, "Hay menús repetidos"],
    ];
    for (const [cambio, mensaje] of casos) {
      const res = await llamar("POST", "/api/actos", admin.token, { ...cena(), ...cambio });
      expect(res.statusCode, JSON.stringify(cambio)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(mensaje);
    }
    expect(await contar("acto")).toBe(antes);
  });

  it("lista próximos y pasados con páginas, búsqueda y numInscritos = socios + invitados", async () => {
    const pasado = await crearActo({
      nombre: "Entrada Mora antigua",
      fecha: dia(-10),
      fechaMaximaInscripcion: null,
    });
    const proximo = await crearActo({
      nombre: "Entrada Mora nueva",
      fecha: dia(5),
      fechaMaximaInscripcion: null,
    });
    await inscribir(admin.token, proximo.id, {
      idSocio: usuarioB.idSocio,
      invitados: 2,
      menu: "Carne",
    });
    const res = await llamar("GET", "/api/actos?cuando=proximos&q=entrada%20mora", admin.token);
    expect(res.statusCode).toBe(200);
    const lista = res.json();
    expect(lista.items.map((a: { id: number }) => a.id)).toEqual([proximo.id]);
    expect(lista.items[0]).toMatchObject({ numInscritos: 3, plazasLibres: 7 });
    const pasados = await llamar("GET", "/api/actos?cuando=pasados&q=Entrada", admin.token);
    expect(pasados.json().items.map((a: { id: number }) => a.id)).toEqual([pasado.id]);
    const pagina = await llamar("GET", "/api/actos?pageSize=1&page=2", admin.token);
    expect(pagina.json()).toMatchObject({ page: 2, pageSize: 1 });
    expect(pagina.json().items).toHaveLength(1);
    expect(pagina.json().total).toBeGreaterThan(2);
    expect((await llamar("GET", "/api/actos?pageSize=500", admin.token)).statusCode).toBe(400);
    expect((await llamar("GET", "/api/actos?sort=lugar", admin.token)).statusCode).toBe(400);
  });

  it("modifica y audita; no deja bajar el aforo por debajo de lo ocupado", async () => {
    const acto = await crearActo();
    await inscribir(admin.token, acto.id, {
      idSocio: usuarioB.idSocio,
      invitados: 2,
      menu: "Carne",
    });
    const res = await llamar("PUT", `/api/actos/${acto.id}`, admin.token, {
      ...cena(),
      lugar: "Plaza",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().lugar).toBe("Plaza");
    const mal = await llamar("PUT", `/api/actos/${acto.id}`, admin.token, { ...cena(), aforo: 2 });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().mensaje).toBe("El aforo no puede ser menor que las plazas ya ocupadas (3)");
    const fila = await e.db
      .selectFrom("acto")
      .select(["aforo", "lugar"])
      .where("id", "=", acto.id)
      .executeTakeFirstOrThrow();
    expect(fila).toEqual({ aforo: 10, lugar: "Plaza" });
    const auditoria = await e.db
      .selectFrom("auditoria")
      .select("accion")
      .where("entidad", "=", "acto")
      .where("id_entidad", "=", acto.id)
      .orderBy("id")
      .execute();
    expect(auditoria.map((a) => a.accion)).toEqual(["crear", "modificar"]);
  });

  it("borra un acto sin inscripciones y rechaza borrar uno con inscripciones (409)", async () => {
    const vacio = await crearActo();
    expect((await llamar("DELETE", `/api/actos/${vacio.id}`, admin.token)).statusCode).toBe(204);
    expect(
      await e.db.selectFrom("acto").select("id").where("id", "=", vacio.id).executeTakeFirst(),
    ).toBeUndefined();

    const lleno = await crearActo();
    await inscribir(usuarioA.token, lleno.id, { idSocio: usuarioA.idSocio, menu: "Carne" });
    const res = await llamar("DELETE", `/api/actos/${lleno.id}`, admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().mensaje).toBe(
      "No se puede borrar: tiene inscripciones o cargos. Cancela el acto en su lugar.",
    );
    expect(
      await e.db.selectFrom("acto").select("id").where("id", "=", lleno.id).executeTakeFirst(),
    ).toBeDefined();
  });

  it("copia un acto sin inscripciones, con otra fecha y la fecha máxima desplazada", async () => {
    const original = await crearActo();
    await inscribir(usuarioA.token, original.id, { idSocio: usuarioA.idSocio, menu: "Carne" });
    const res = await llamar("POST", `/api/actos/${original.id}/copia`, admin.token, {
      fecha: dia(60),
    });
    expect(res.statusCode).toBe(201);
    const copia = res.json();
    expect(copia.id).not.toBe(original.id);
    expect(copia).toMatchObject({
      nombre: "Cena de gala",
      fecha: dia(60),
      fechaMaximaInscripcion: dia(50),
      numInscritos: 0,
      aforo: 10,
      menus: ["Carne", "Pescado"],
    });
    expect(copia.precios.map((p: { precio: number }) => p.precio)).toEqual([35.5, 12]);
    const mismaFecha = await llamar("POST", `/api/actos/${original.id}/copia`, admin.token, {});
    expect(mismaFecha.json().fecha).toBe(original.fecha);
  });
});

describe("descripción en castellano y en valenciano (issue 38)", () => {
  /** The DESCRIPTION of the event's own .ics, unfolded and unescaped enough for the check. */
  async function descripcionIcs(idActo: number, token: string) {
    const res = await llamar("GET", `/api/actos/${idActo}/evento.ics`, token);
    expect(res.statusCode).toBe(200);
    const plano = res.body.replace(/\r\n[ \t]/g, "");
    return /^DESCRIPTION:(.*)$/m.exec(plano)?.[1]?.replace(/\\([,;\\])/g, "$1") ?? null;
  }

  it("guarda, devuelve, cambia y copia descripcionVa; el socio recibe las dos", async () => {
    const acto = await crearActo({
      nombre: "Sopar de germanor",
      descripcion: "Cena con música",
      descripcionVa: "  Sopar amb música  ",
    });
    expect(acto).toMatchObject({
      descripcion: "Cena con música",
      descripcionVa: "Sopar amb música",
    });
    const leido = (await llamar("GET", `/api/actos/${acto.id}`, admin.token)).json();
    expect(leido.descripcionVa).toBe("Sopar amb música");

    const cambio = await llamar("PUT", `/api/actos/${acto.id}`, admin.token, {
      ...cena(),
      nombre: "Sopar de germanor",
      descripcion: "Cena con música",
      descripcionVa: "Sopar amb música en directe",
    });
    expect(cambio.statusCode, cambio.body).toBe(200);
    expect(cambio.json().descripcionVa).toBe("Sopar amb música en directe");
    const auditoria = await e.db
      .selectFrom("auditoria")
      .select("cambios")
      .where("entidad", "=", "acto")
      .where("id_entidad", "=", acto.id)
      .where("accion", "=", "modificar")
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(auditoria.cambios)).toContain("descripcion_va");

    const copia = await llamar("POST", `/api/actos/${acto.id}/copia`, admin.token, {});
    expect(copia.statusCode).toBe(201);
    expect(copia.json()).toMatchObject({
      descripcion: "Cena con música",
      descripcionVa: "Sopar amb música en directe",
    });

    const mios = (await llamar("GET", "/api/actos/mios?pageSize=200", usuarioA.token)).json();
    const mio = mios.items.find((a: { id: number }) => a.id === acto.id);
    expect(mio).toMatchObject({
      descripcion: "Cena con música",
      descripcionVa: "Sopar amb música en directe",
    });

    // Without it, an edit from an older client leaves it empty, like any other default.
    const sinVa = await crearActo({ nombre: "Sense traducció", descripcion: "Solo castellano" });
    expect(sinVa.descripcionVa).toBe("");
    const largo = await llamar("POST", "/api/actos", admin.token, {
      ...cena(),
      descripcionVa: "x".repeat(5001),
    });
    expect(largo.statusCode).toBe(400);
  });

  it("el .ics de un acto lleva la descripción en el idioma de la cuenta, o la otra si falta", async () => {
    const cuentaVa = await crearCuenta(e.db, { rol: "usuario" });
    await e.db.updateTable("usuario").set({ idioma: "va" }).where("id", "=", cuentaVa.id).execute();
    const va = await entrar(e.app, cuentaVa.email);
    const dos = await crearActo({
      descripcion: "Cena, con música",
      descripcionVa: "Sopar; amb música",
    });
    expect(await descripcionIcs(dos.id, va)).toBe("Sopar; amb música");
    expect(await descripcionIcs(dos.id, usuarioA.token)).toBe("Cena, con música");
    const soloEs = await crearActo({ descripcion: "Solo en castellano" });
    expect(await descripcionIcs(soloEs.id, va)).toBe("Solo en castellano");
    const soloVa = await crearActo({ descripcion: "", descripcionVa: "Només en valencià" });
    expect(await descripcionIcs(soloVa.id, usuarioA.token)).toBe("Només en valencià");
    expect(await descripcionIcs(soloVa.id, va)).toBe("Només en valencià");
  });
});

describe("restauración", () => {
  it("cuenta personas por menú y lista alergias solo con el nombre de pila", async () => {
    const acto = await crearActo({
      nombre: "Cena restauración",
      fecha: dia(3),
      fechaMaximaInscripcion: null,
      aforo: 3,
      listaEspera: true,
    });
    await inscribir(usuarioA.token, acto.id, {
      idSocio: usuarioA.idSocio,
      menu: "Carne",
      invitados: 1,
      alergias: "Gluten",
    });
    await inscribir(usuarioA.token, acto.id, { idSocio: hijoDeA, menu: "Pescado" });
    // Full: the next waits, apart, and is not cooked for (nor are their allergies listed).
    const espera = await inscribir(usuarioB.token, acto.id, {
      idSocio: usuarioB.idSocio,
      menu: "Carne",
      invitados: 1,
      alergias: "Marisco",
    });
    expect(espera.json().estado).toBe("en_espera");
    const res = await llamar("GET", "/api/restauracion", admin.token);
    expect(res.statusCode).toBe(200);
    const vista = res.json().items.find((a: { id: number }) => a.id === acto.id);
    expect(vista).toEqual({
      id: acto.id,
      nombre: "Cena restauración",
      fecha: dia(3),
      hora: "21:30",
      lugar: "Casal",
      personas: 3,
      porMenu: [
        { menu: "Carne", personas: 2 },
        { menu: "Pescado", personas: 1 },
      ],
      alergias: [{ nombre: expect.stringMatching(/^Socio\d+$/), alergias: "Gluten" }],
      personasEnEspera: 2,
      dietas: expect.objectContaining({ personas: 3, sinDieta: 3 }),
    });
    expect(res.body).not.toContain("Prueba Prueba");
  });

  it("un enlace secreto da la vista sin sesión hasta que se revoca o caduca", async () => {
    const creado = await llamar("POST", "/api/restauracion/enlaces", admin.token, { dias: 7 });
    expect(creado.statusCode).toBe(201);
    const { id, token, url } = creado.json();
    expect(token.length).toBeGreaterThanOrEqual(22);
    // One public address: the app's read-only page, which reads the JSON endpoint.
    expect(url).toBe(`http://fila.test/#/restauracion-home?token=${token}`);
    const guardado = await e.db
      .selectFrom("enlace_restauracion")
      .select("token_hash")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(guardado.token_hash).not.toContain(token);

    const publico = await llamar("GET", `/api/restauracion/publico/${token}`);
    expect(publico.statusCode).toBe(200);
    expect(publico.json().items.length).toBeGreaterThan(0);
    expect(publico.body).not.toContain("Prueba Prueba");
    expect(publico.headers["cache-control"]).toBe("no-store");
    expect(publico.headers["x-robots-tag"]).toBe("noindex");

    const lista = (await llamar("GET", "/api/restauracion/enlaces", admin.token)).json();
    expect(lista.items.find((x: { id: number }) => x.id === id)).toMatchObject({
      activo: true,
      revocadoEn: null,
    });
    expect(JSON.stringify(lista)).not.toContain(token);

    expect(
      (await llamar("DELETE", `/api/restauracion/enlaces/${id}`, admin.token)).statusCode,
    ).toBe(204);
    expect((await llamar("GET", `/api/restauracion/publico/${token}`)).statusCode).toBe(404);
    expect(
      (await llamar("DELETE", `/api/restauracion/enlaces/${id}`, admin.token)).statusCode,
    ).toBe(409);

    const otro = (
      await llamar("POST", "/api/restauracion/enlaces", admin.token, { dias: 1 })
    ).json();
    await e.db
      .updateTable("enlace_restauracion")
      .set({ expira_en: new Date(Date.now() - 1000) })
      .where("id", "=", otro.id)
      .execute();
    expect((await llamar("GET", `/api/restauracion/publico/${otro.token}`)).statusCode).toBe(404);
    expect(
      (await llamar("POST", "/api/restauracion/enlaces", admin.token, { dias: 0 })).statusCode,
    ).toBe(400);
  });
});

describe("asistencia y puntos solo de actos celebrados", () => {
  it("no marca la asistencia (409) de un acto que aún no se ha celebrado; hoy o antes, sí", async () => {
    const acto = await crearActo({ nombre: "Cena futura", puntos: 3, sePaga: false });
    const ins = (
      await inscribir(admin.token, acto.id, { idSocio: usuarioB.idSocio, menu: "Carne" })
    ).json();
    const url = `/api/actos/${acto.id}/inscripciones/${ins.id}/asistencia`;
    const antes = (await llamar("GET", "/api/actos/puntos/mios", usuarioB.token)).json();
    const futura = await llamar("PUT", url, admin.token, { asistio: true });
    expect(futura.statusCode).toBe(409);
    expect(futura.json()).toEqual({
      error: "conflicto",
      mensaje: `El acto aún no se ha celebrado: la asistencia se marca a partir del día del acto (${dia(30).split("-").reverse().join("/")}).`,
      detalles: [],
    });
    expect((await llamar("GET", "/api/actos/puntos/mios", usuarioB.token)).json()).toEqual(antes);

    await celebrarHoy(acto.id);
    const hoyMismo = await llamar("PUT", url, admin.token, { asistio: true });
    expect(hoyMismo.statusCode).toBe(200);
    expect(hoyMismo.json().asistio).toBe(true);
    expect((await llamar("GET", "/api/actos/puntos/mios", usuarioB.token)).json().puntosTotal).toBe(
      antes.puntosTotal + 3,
    );
  });
});

describe("asistencia de un acto cancelado", () => {
  it("no se marca (409) ni da puntos; desmarcarla sí se puede", async () => {
    const acto = await crearActo({
      nombre: "Cena suspendida por lluvia",
      puntos: 5,
      sePaga: false,
    });
    const ins = (
      await inscribir(admin.token, acto.id, { idSocio: usuarioB.idSocio, menu: "Carne" })
    ).json();
    await celebrarHoy(acto.id);
    const url = `/api/actos/${acto.id}/inscripciones/${ins.id}/asistencia`;
    expect((await llamar("PUT", url, admin.token, { asistio: true })).statusCode).toBe(200);
    await e.db.updateTable("acto").set({ cancelado: true }).where("id", "=", acto.id).execute();
    const antes = (await llamar("GET", "/api/actos/puntos/mios", usuarioB.token)).json();
    const desmarcar = await llamar("PUT", url, admin.token, { asistio: false });
    expect(desmarcar.statusCode).toBe(200);
    const marcar = await llamar("PUT", url, admin.token, { asistio: true });
    expect(marcar.statusCode).toBe(409);
    expect(marcar.json().mensaje).toBe(
      "El acto está cancelado: no se marca la asistencia ni da puntos.",
    );
    const despues = (await llamar("GET", "/api/actos/puntos/mios", usuarioB.token)).json();
    expect(despues.puntosTotal).toBeLessThanOrEqual(antes.puntosTotal);
  });
});

describe("cualquier rol con socio enlazado ve sus actos y sus puntos", () => {
  it("un administrador con socio ve los suyos; sin socio, lista vacía y ceros", async () => {
    const acto = await crearActo({ nombre: "Cena del admin", puntos: 4 });
    const ins = (
      await inscribir(admin.token, acto.id, { idSocio: admin.idSocio, menu: "Carne" })
    ).json();
    const mios = await llamar("GET", "/api/actos/mios?pageSize=200", admin.token);
    expect(mios.statusCode).toBe(200);
    const suyo = mios.json().items.find((a: { id: number }) => a.id === acto.id);
    expect(suyo.familia).toEqual([
      expect.objectContaining({ idSocio: admin.idSocio, esYo: true, inscrito: true }),
    ]);
    await celebrarHoy(acto.id);
    const antes = (await llamar("GET", "/api/actos/puntos/mios", admin.token)).json();
    await llamar("PUT", `/api/actos/${acto.id}/inscripciones/${ins.id}/asistencia`, admin.token, {
      asistio: true,
    });
    const despues = (await llamar("GET", "/api/actos/puntos/mios", admin.token)).json();
    expect(despues.idSocio).toBe(admin.idSocio);
    expect(despues.puntosTotal - antes.puntosTotal).toBe(4);

    const adminSinSocio = await cuenta("administrador", false);
    for (const c of [adminSinSocio, sinSocio]) {
      const lista = await llamar("GET", "/api/actos/mios", c.token);
      expect(lista.statusCode).toBe(200);
      expect(lista.json()).toMatchObject({ items: [], total: 0 });
      expect((await llamar("GET", "/api/actos/puntos/mios", c.token)).json()).toMatchObject({
        idSocio: null,
        puntosAnyo: 0,
        puntosTotal: 0,
      });
    }
  });
});
