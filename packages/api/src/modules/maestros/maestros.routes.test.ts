import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";
import { type ConfigMaestro, MAESTROS } from "./maestros.config.js";

let e: Entorno;
const tokens = { administrador: "", usuario: "", socio: "" };
let idAdmin = 0;

beforeAll(async () => {
  e = await crearEntorno();
  for (const rol of ["administrador", "usuario", "socio"] as const) {
    const cuenta = await crearCuenta(e.db, { rol });
    tokens[rol] = await entrar(e.app, cuenta.email);
    if (rol === "administrador") idAdmin = cuenta.id;
  }
});
afterAll(async () => {
  await e?.cerrar();
});

type Metodo = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

function pedir(metodo: Metodo, url: string, payload?: unknown, token = tokens.administrador) {
  return e.app.inject({
    method: metodo,
    url,
    payload: payload as object | undefined,
    headers: token ? bearer(token) : {},
  });
}

let secuencia = 0;
const nombreUnico = (base: string) => {
  secuencia += 1;
  return `${base} ${secuencia}`;
};

/** The master's own field, valid, for a body. */
function campoPropio(cfg: ConfigMaestro, alternativo = false) {
  if (cfg.clase === "color") return { color: alternativo ? "#ffd43b" : "#c92a2a" };
  return { domiciliada: !alternativo };
}

/** What uses each master first: members for member types and payment methods, events for event types. */
const USO_PRINCIPAL: Record<ConfigMaestro["recurso"], { uno: string; varios: string }> = {
  tipossocio: { uno: "socio", varios: "socios" },
  tiposacto: { uno: "acto", varios: "actos" },
  formaspago: { uno: "socio", varios: "socios" },
};

async function usar(cfg: ConfigMaestro, id: number) {
  if (cfg.recurso === "tiposacto") {
    await e.db
      .insertInto("acto")
      .values({ nombre: "Usa el tipo", fecha: "2040-04-22", id_tipo_acto: id })
      .execute();
    return;
  }
  const columna = cfg.recurso === "tipossocio" ? "id_tipo_socio" : "id_forma_pago";
  await e.db
    .insertInto("socio")
    .values({ nombre: "Usa", apellidos: "El Maestro", [columna]: id })
    .execute();
}

async function auditoriaDe(cfg: ConfigMaestro, id: number) {
  return e.db
    .selectFrom("auditoria")
    .selectAll()
    .where("entidad", "=", cfg.tabla)
    .where("id_entidad", "=", id)
    .orderBy("id")
    .execute();
}

const RECURSOS = Object.values(MAESTROS).map((cfg) => [cfg.recurso, cfg] as const);

describe.each(RECURSOS)("/api/%s", (_recurso, cfg: ConfigMaestro) => {
  const base = `/api/${cfg.recurso}`;

  async function crear(datos: Record<string, unknown> = {}) {
    const res = await pedir("POST", base, { nombre: nombreUnico("Maestro"), ...datos });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; nombre: string } & Record<string, unknown>;
  }

  describe("CRUD", () => {
    it("crea con 201 y devuelve la entidad con sus valores por defecto", async () => {
      const res = await pedir("POST", base, { nombre: "  Capità  " });
      expect(res.statusCode).toBe(201);
      const creado = res.json();
      expect(creado).toEqual({
        id: expect.any(Number),
        nombre: "Capità",
        descripcion: "",
        activo: true,
        enUso: 0,
        ...(cfg.clase === "color"
          ? { color: "#1971c2" }
          : { domiciliada: false, idCuentaTesoreria: null }),
      });
    });

    it("crea con todos los campos y normaliza el color a minúsculas", async () => {
      const datos =
        cfg.clase === "color"
          ? { color: "#AbCdEf", esperado: { color: "#abcdef" } }
          : { domiciliada: true, esperado: { domiciliada: true } };
      const { esperado, ...propio } = datos;
      const res = await pedir("POST", base, {
        nombre: nombreUnico("Completo"),
        descripcion: "Con descripción",
        activo: false,
        ...propio,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        descripcion: "Con descripción",
        activo: false,
        ...esperado,
      });
    });

    it("rechaza con 400 los campos que no son suyos (id, enUso, el campo del otro maestro)", async () => {
      const nombre = nombreUnico("Masivo");
      const ajeno = cfg.clase === "color" ? "domiciliada" : "color";
      const res = await pedir("POST", base, {
        nombre,
        id: 999999,
        enUso: 42,
        ...(cfg.clase === "color" ? { domiciliada: true } : { color: "#000000" }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().detalles).toEqual(
        ["id", "enUso", ajeno].map((campo) => ({
          campo,
          mensaje: "Este campo no existe en esta petición.",
        })),
      );
      const lista = await pedir("GET", `${base}?q=${encodeURIComponent(nombre)}`);
      expect(lista.json().total).toBe(0);
    });

    it("lee un registro por id", async () => {
      const creado = await crear({ descripcion: "Para leer", ...campoPropio(cfg) });
      const res = await pedir("GET", `${base}/${creado.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(creado);
    });

    it("cambia con PUT solo los campos enviados", async () => {
      const creado = await crear({ descripcion: "Antes", ...campoPropio(cfg) });
      const nuevoNombre = nombreUnico("Cambiado");
      const res = await pedir("PUT", `${base}/${creado.id}`, {
        nombre: nuevoNombre,
        ...campoPropio(cfg, true),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ...creado, nombre: nuevoNombre, ...campoPropio(cfg, true) });
      const leido = await pedir("GET", `${base}/${creado.id}`);
      expect(leido.json().descripcion).toBe("Antes");
    });

    it("cambia también con PATCH", async () => {
      const creado = await crear();
      const res = await pedir("PATCH", `${base}/${creado.id}`, { descripcion: "Parcheado" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ nombre: creado.nombre, descripcion: "Parcheado" });
    });

    it("permite cambiar solo mayúsculas del propio nombre", async () => {
      const creado = await crear();
      const res = await pedir("PUT", `${base}/${creado.id}`, {
        nombre: creado.nombre.toUpperCase(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().nombre).toBe(creado.nombre.toUpperCase());
    });

    it("borra con 204 y después ya no existe", async () => {
      const creado = await crear();
      const res = await pedir("DELETE", `${base}/${creado.id}`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe("");
      expect((await pedir("GET", `${base}/${creado.id}`)).statusCode).toBe(404);
    });
  });

  describe("lista", () => {
    const marca = `Lista${cfg.recurso}`;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      for (const [nombre, activo] of [
        [`${marca} Bravo`, true],
        [`${marca} alfa`, true],
        [`${marca} Charlie`, false],
      ] as const) {
        const res = await pedir("POST", base, { nombre, activo, descripcion: "de la lista" });
        ids[nombre] = res.json().id;
      }
    });

    const nombresDe = (res: { json: () => { items: { nombre: string }[] } }) =>
      res.json().items.map((i) => i.nombre);

    it("devuelve items, total, page y pageSize, ordenada por nombre sin distinguir mayúsculas", async () => {
      const res = await pedir("GET", `${base}?q=${marca}`);
      expect(res.statusCode).toBe(200);
      const cuerpo = res.json();
      expect(cuerpo).toMatchObject({ total: 3, page: 1, pageSize: 50 });
      expect(nombresDe(res)).toEqual([`${marca} alfa`, `${marca} Bravo`, `${marca} Charlie`]);
      expect(cuerpo.items[0]).toHaveProperty("enUso", 0);
    });

    it("busca con q sin distinguir mayúsculas, también en la descripción", async () => {
      const res = await pedir("GET", `${base}?q=${encodeURIComponent(`${marca} BRAVO`)}`);
      expect(nombresDe(res)).toEqual([`${marca} Bravo`]);
      const porDescripcion = await pedir("GET", `${base}?q=DE%20LA%20LISTA`);
      expect(porDescripcion.json().total).toBe(3);
    });

    it("trata % y _ de q como texto, no como comodines", async () => {
      const res = await pedir("GET", `${base}?q=${encodeURIComponent("%")}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(0);
    });

    it("filtra por activo=1 y activo=0", async () => {
      const activos = await pedir("GET", `${base}?q=${marca}&activo=1`);
      expect(nombresDe(activos)).toEqual([`${marca} alfa`, `${marca} Bravo`]);
      const inactivos = await pedir("GET", `${base}?q=${marca}&activo=0`);
      expect(nombresDe(inactivos)).toEqual([`${marca} Charlie`]);
    });

    it("ordena con -nombre, id y -id", async () => {
      expect(nombresDe(await pedir("GET", `${base}?q=${marca}&sort=-nombre`))).toEqual([
        `${marca} Charlie`,
        `${marca} Bravo`,
        `${marca} alfa`,
      ]);
      const porId = (await pedir("GET", `${base}?q=${marca}&sort=id`))
        .json()
        .items.map((i: { id: number }) => i.id);
      expect(porId).toEqual([...porId].sort((a, b) => a - b));
      const porIdDesc = (await pedir("GET", `${base}?q=${marca}&sort=-id`))
        .json()
        .items.map((i: { id: number }) => i.id);
      expect(porIdDesc).toEqual([...porId].reverse());
    });

    it("pagina con page y pageSize", async () => {
      const res = await pedir("GET", `${base}?q=${marca}&pageSize=2&page=2`);
      expect(res.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
      expect(nombresDe(res)).toEqual([`${marca} Charlie`]);
    });

    it.each([
      ["sort=descripcion", "sort"],
      ["pageSize=201", "pageSize"],
      ["page=0", "page"],
      ["activo=quizas", "activo"],
    ])("rechaza %s con 400 y el campo en detalles", async (query, campo) => {
      const res = await pedir("GET", `${base}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("validacion");
      expect(res.json().detalles.map((d: { campo: string }) => d.campo)).toContain(campo);
    });
  });

  describe("validación", () => {
    async function errorDe(metodo: Metodo, url: string, payload: unknown) {
      const res = await pedir(metodo, url, payload);
      expect(res.statusCode).toBe(400);
      const cuerpo = res.json();
      expect(cuerpo.error).toBe("validacion");
      return cuerpo.detalles as { campo: string; mensaje: string }[];
    }

    it("exige el nombre", async () => {
      expect(await errorDe("POST", base, { descripcion: "sin nombre" })).toEqual([
        { campo: "nombre", mensaje: "El nombre es obligatorio." },
      ]);
    });

    it("no acepta un nombre vacío o de solo espacios", async () => {
      expect(await errorDe("POST", base, { nombre: "   " })).toEqual([
        { campo: "nombre", mensaje: "El nombre es obligatorio." },
      ]);
      const creado = await crear();
      expect(await errorDe("PUT", `${base}/${creado.id}`, { nombre: "" })).toEqual([
        { campo: "nombre", mensaje: "El nombre es obligatorio." },
      ]);
    });

    it("limita el nombre a 80 caracteres", async () => {
      expect(await errorDe("POST", base, { nombre: "x".repeat(81) })).toEqual([
        { campo: "nombre", mensaje: "El nombre no puede tener más de 80 caracteres." },
      ]);
      expect(
        (await pedir("POST", base, { nombre: `${secuencia}${"y".repeat(78)}` })).statusCode,
      ).toBe(201);
    });

    it("limita la descripción a 500 caracteres", async () => {
      expect(
        await errorDe("POST", base, { nombre: nombreUnico("D"), descripcion: "d".repeat(501) }),
      ).toEqual([
        { campo: "descripcion", mensaje: "La descripción no puede tener más de 500 caracteres." },
      ]);
    });

    if (cfg.clase === "color") {
      it.each(["rojo", "#fff", "#12345g", "1971c2", "#1971c2 x", 12])(
        "rechaza el color %s",
        async (color) => {
          expect(await errorDe("POST", base, { nombre: nombreUnico("C"), color })).toEqual([
            { campo: "color", mensaje: "Introduce un color válido en formato #rrggbb." },
          ]);
        },
      );
    } else {
      it("exige que domiciliada sea verdadero o falso", async () => {
        expect(
          await errorDe("POST", base, { nombre: nombreUnico("F"), domiciliada: "si" }),
        ).toEqual([{ campo: "domiciliada", mensaje: "Indica sí o no (true o false)." }]);
      });
    }

    it("informa de todos los campos no válidos a la vez", async () => {
      const detalles = await errorDe("POST", base, {
        nombre: "",
        descripcion: "d".repeat(501),
        activo: "no",
        ...(cfg.clase === "color" ? { color: "azul" } : { domiciliada: 1 }),
      });
      expect(detalles.map((d) => d.campo).sort()).toEqual(
        ["activo", "descripcion", "nombre", cfg.clase === "color" ? "color" : "domiciliada"].sort(),
      );
      expect(detalles.every((d) => d.mensaje.length > 0)).toBe(true);
    });

    it("rechaza un id que no es un número con 400", async () => {
      expect((await errorDe("GET", `${base}/abc`, undefined))[0].campo).toBe("id");
    });
  });

  describe("nombres únicos", () => {
    const mensaje = `Ya existe ${cfg.conArticuloIndefinido} con ese nombre.`;

    it("rechaza con 409 un nombre repetido sin distinguir mayúsculas ni espacios", async () => {
      const nombre = nombreUnico("Únic");
      await crear({ nombre });
      const res = await pedir("POST", base, { nombre: `  ${nombre.toUpperCase()} ` });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: "conflicto",
        mensaje,
        detalles: [{ campo: "nombre", mensaje }],
      });
    });

    it("la base de datos tampoco admite el mismo nombre con otras mayúsculas", async () => {
      const nombre = nombreUnico("Base");
      const tabla = e.db as unknown as Kysely<Record<string, { nombre: string }>>;
      await tabla.insertInto(cfg.tabla).values({ nombre }).execute();
      await expect(
        tabla.insertInto(cfg.tabla).values({ nombre: nombre.toUpperCase() }).execute(),
      ).rejects.toMatchObject({ code: "23505" });
    });

    it("de muchas altas a la vez con el mismo nombre solo una sale bien; las demás, 409", async () => {
      const nombre = nombreUnico("Simultani");
      const variantes = [nombre, nombre.toUpperCase(), nombre.toLowerCase(), ` ${nombre} `];
      const respuestas = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          pedir("POST", base, { nombre: variantes[i % variantes.length] }),
        ),
      );
      const codigos = respuestas.map((r) => r.statusCode).sort();
      expect(codigos).toEqual([201, ...Array(11).fill(409)]);
      for (const r of respuestas.filter((r) => r.statusCode === 409)) {
        expect(r.json()).toEqual({
          error: "conflicto",
          mensaje,
          detalles: [{ campo: "nombre", mensaje }],
        });
      }
    });

    it("rechaza con 409 cambiar el nombre al de otro registro", async () => {
      const uno = await crear();
      const otro = await crear();
      const res = await pedir("PUT", `${base}/${otro.id}`, { nombre: uno.nombre.toLowerCase() });
      expect(res.statusCode).toBe(409);
      expect(res.json().mensaje).toBe(mensaje);
    });
  });

  describe("en uso", () => {
    const { uno, varios } = USO_PRINCIPAL[cfg.recurso];

    it(`no se puede borrar si lo usa un ${uno} (409 en_uso, en singular)`, async () => {
      const creado = await crear();
      await usar(cfg, creado.id);
      const res = await pedir("DELETE", `${base}/${creado.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: "en_uso",
        mensaje: `No se puede borrar: lo usa 1 ${uno}. Puedes desactivarlo.`,
        detalles: [],
      });
      expect((await pedir("GET", `${base}/${creado.id}`)).json().enUso).toBe(1);
    });

    it(`dice cuántos ${varios} lo usan, lo cuenta en la lista y se puede desactivar`, async () => {
      const creado = await crear();
      await usar(cfg, creado.id);
      await usar(cfg, creado.id);
      await usar(cfg, creado.id);
      const res = await pedir("DELETE", `${base}/${creado.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().mensaje).toBe(
        `No se puede borrar: lo usan 3 ${varios}. Puedes desactivarlo.`,
      );
      const lista = await pedir("GET", `${base}?q=${encodeURIComponent(creado.nombre)}`);
      expect(lista.json().items).toEqual([expect.objectContaining({ id: creado.id, enUso: 3 })]);

      const desactivado = await pedir("PUT", `${base}/${creado.id}`, { activo: false });
      expect(desactivado.statusCode).toBe(200);
      expect(desactivado.json()).toMatchObject({ activo: false, enUso: 3 });
      const activos = await pedir("GET", `${base}?activo=1&pageSize=200`);
      expect(activos.json().items.some((i: { id: number }) => i.id === creado.id)).toBe(false);
      expect((await pedir("GET", `${base}/${creado.id}`)).statusCode).toBe(200);
    });

    it("sin nada que lo use: enUso 0 y se puede borrar", async () => {
      const creado = await crear();
      expect(creado.enUso).toBe(0);
      expect((await pedir("DELETE", `${base}/${creado.id}`)).statusCode).toBe(204);
    });
  });

  describe("permisos", () => {
    let existente: { id: number; nombre: string };
    beforeAll(async () => {
      existente = await crear();
    });

    for (const rol of ["usuario", "socio"] as const) {
      it(`${rol}: puede leer la lista y un registro (desplegables)`, async () => {
        const lista = await pedir("GET", `${base}?activo=1`, undefined, tokens[rol]);
        expect(lista.statusCode).toBe(200);
        expect(lista.json().items.length).toBeGreaterThan(0);
        expect(
          (await pedir("GET", `${base}/${existente.id}`, undefined, tokens[rol])).statusCode,
        ).toBe(200);
      });

      it(`${rol}: no puede crear, cambiar ni borrar (403)`, async () => {
        const intentos: [Metodo, string, unknown][] = [
          ["POST", base, { nombre: nombreUnico("Prohibido") }],
          ["PUT", `${base}/${existente.id}`, { nombre: "Prohibido" }],
          ["PATCH", `${base}/${existente.id}`, { activo: false }],
          ["DELETE", `${base}/${existente.id}`, undefined],
        ];
        for (const [metodo, url, cuerpo] of intentos) {
          const res = await pedir(metodo, url, cuerpo, tokens[rol]);
          expect(res.statusCode, `${metodo} ${url}`).toBe(403);
          expect(res.json().error).toBe("prohibido");
        }
        const leido = await pedir("GET", `${base}/${existente.id}`);
        expect(leido.json()).toMatchObject({ nombre: existente.nombre, activo: true });
      });
    }

    it("anónimo: 401 en lectura y escritura", async () => {
      const intentos: [Metodo, string, unknown][] = [
        ["GET", base, undefined],
        ["GET", `${base}/${existente.id}`, undefined],
        ["POST", base, { nombre: nombreUnico("Anónimo") }],
        ["PUT", `${base}/${existente.id}`, { activo: false }],
        ["DELETE", `${base}/${existente.id}`, undefined],
      ];
      for (const [metodo, url, cuerpo] of intentos) {
        const res = await pedir(metodo, url, cuerpo, "");
        expect(res.statusCode, `${metodo} ${url}`).toBe(401);
        expect(res.json().error).toBe("no_autenticado");
      }
    });

    it("administrador: puede todo", async () => {
      const creado = await crear();
      expect((await pedir("PUT", `${base}/${creado.id}`, { activo: false })).statusCode).toBe(200);
      expect((await pedir("DELETE", `${base}/${creado.id}`)).statusCode).toBe(204);
    });
  });

  describe("no encontrado", () => {
    it.each(["GET", "PUT", "PATCH", "DELETE"] as const)(
      "%s de un id que no existe da 404",
      async (metodo) => {
        const res = await pedir(
          metodo,
          `${base}/987654`,
          metodo === "GET" || metodo === "DELETE" ? undefined : { activo: false },
        );
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          error: "no_encontrado",
          mensaje: `${cfg.conArticuloDefinido} no existe.`,
          detalles: [],
        });
      },
    );
  });

  describe("auditoría", () => {
    it("registra crear, modificar y borrar con quién y qué cambió", async () => {
      const nombre = nombreUnico("Auditado");
      const creado = await crear({ nombre, descripcion: "Primera", ...campoPropio(cfg) });
      await pedir("PUT", `${base}/${creado.id}`, { descripcion: "Segunda", activo: false });
      // A write that changes nothing leaves no entry.
      await pedir("PUT", `${base}/${creado.id}`, { descripcion: "Segunda" });
      await pedir("DELETE", `${base}/${creado.id}`);

      const filas = await auditoriaDe(cfg, creado.id);
      expect(filas.map((f) => f.accion)).toEqual(["crear", "modificar", "borrar"]);
      expect(filas.every((f) => f.id_usuario === idAdmin)).toBe(true);
      const [alta, cambio, baja] = filas;
      const propio = Object.entries(campoPropio(cfg))[0];
      expect(alta.cambios).toEqual(
        expect.arrayContaining([
          { campo: "nombre", antes: null, despues: nombre },
          { campo: "descripcion", antes: null, despues: "Primera" },
          { campo: propio[0], antes: null, despues: propio[1] },
        ]),
      );
      expect(cambio.cambios).toEqual([
        { campo: "descripcion", antes: "Primera", despues: "Segunda" },
        { campo: "activo", antes: true, despues: false },
      ]);
      expect(baja.cambios).toEqual(
        expect.arrayContaining([{ campo: "nombre", antes: nombre, despues: null }]),
      );
    });

    it("no registra nada cuando la escritura falla", async () => {
      const creado = await crear();
      const antes = (await auditoriaDe(cfg, creado.id)).length;
      const otro = await crear();
      await pedir("PUT", `${base}/${creado.id}`, { nombre: otro.nombre });
      await pedir("DELETE", `${base}/${creado.id}`, undefined, tokens.usuario);
      expect((await auditoriaDe(cfg, creado.id)).length).toBe(antes);
    });
  });
});

describe("en uso fuera de las fichas de socio", () => {
  it("una forma de pago usada solo en cobros, y un tipo de socio solo en precios, dan 409", async () => {
    const forma = (await pedir("POST", "/api/formaspago", { nombre: nombreUnico("Bizum") })).json();
    const socio = await e.db
      .insertInto("socio")
      .values({ nombre: "Cobrado", apellidos: "Con Bizum" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const producto = await e.db
      .insertInto("producto")
      .values({ nombre: nombreUnico("Cuota"), anyo: 2040, tipo: "cuota" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await e.db
      .insertInto("pago")
      .values({
        id_socio: socio.id,
        id_pagador: socio.id,
        id_producto: producto.id,
        anyo: 2040,
        concepto: "Cuota",
        importe: 1000,
        estado: "pagado",
        fecha_emision: "2040-01-01",
        fecha_vencimiento: "2040-01-31",
        fecha_pago: "2040-01-15",
        id_forma_pago: forma.id,
      } as never)
      .execute();
    const borrarForma = await pedir("DELETE", `/api/formaspago/${forma.id}`);
    expect(borrarForma.statusCode).toBe(409);
    expect(borrarForma.json().mensaje).toBe(
      "No se puede borrar: lo usa 1 cobro. Puedes desactivarlo.",
    );
    expect((await pedir("GET", `/api/formaspago/${forma.id}`)).json().enUso).toBe(1);

    const tipo = (
      await pedir("POST", "/api/tipossocio", { nombre: nombreUnico("Jubilat") })
    ).json();
    await e.db
      .insertInto("producto_precio")
      .values({ id_producto: producto.id, id_tipo_socio: tipo.id, precio: 500 })
      .execute();
    await usar(MAESTROS.tipossocio, tipo.id);
    const borrarTipo = await pedir("DELETE", `/api/tipossocio/${tipo.id}`);
    expect(borrarTipo.statusCode).toBe(409);
    expect(borrarTipo.json().mensaje).toBe(
      "No se puede borrar: lo usan 1 socio y 1 precio de producto. Puedes desactivarlo.",
    );
  });
});

describe("OpenAPI", () => {
  it("documenta los tres recursos con la etiqueta Maestros", async () => {
    const doc = (await pedir("GET", "/api/openapi.json")).json();
    for (const cfg of Object.values(MAESTROS)) {
      expect(doc.paths[`/api/${cfg.recurso}`].get.tags).toEqual(["Maestros"]);
      expect(doc.paths[`/api/${cfg.recurso}/{id}`].delete.tags).toEqual(["Maestros"]);
    }
  });
});
