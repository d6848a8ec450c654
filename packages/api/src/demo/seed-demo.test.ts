import { isValidBIC, isValidIBAN } from "ibantools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BaseDeDatos, Database } from "../db/database.js";
import { verificarPassword } from "../lib/passwords.js";
import { crearBaseDePruebas } from "../test/base-de-pruebas.js";
import { CUENTAS_DEMO, cargarDemo, PASSWORD_DEMO } from "./seed-demo.js";

let bd: BaseDeDatos;
let db: Database;
let primeraCarga: { cargada: boolean };

beforeAll(async () => {
  // Migrated database with the association row (asegurarAsociacion), as after the first start.
  bd = await crearBaseDePruebas();
  db = bd.db;
  primeraCarga = await cargarDemo(db);
});

afterAll(async () => {
  await bd?.cerrar();
});

const LETRAS_NIF = "TRWAGMYFPDXBNJZSQVHLCKE";
const nifValido = (nif: string) => {
  const m = /^(\d{8})([A-Z])$/.exec(nif);
  return m !== null && LETRAS_NIF[Number(m[1]) % 23] === m[2];
};

const edadEn = (nacimiento: string, anyo: number) => anyo - Number(nacimiento.slice(0, 4));

async function socios() {
  return db
    .selectFrom("socio")
    .leftJoin("tipo_socio", "tipo_socio.id", "socio.id_tipo_socio")
    .selectAll("socio")
    .select("tipo_socio.nombre as tipo")
    .orderBy("socio.id")
    .execute();
}

async function cuenta(email: string) {
  return db.selectFrom("usuario").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
}

describe("cargarDemo", () => {
  it("carga la demo en una base vacía", () => {
    expect(primeraCarga).toEqual({ cargada: true });
  });

  it("pone nombre, CIF válido y dirección a la asociación sin tocar sus textos", async () => {
    const a = await db.selectFrom("asociacion").selectAll().executeTakeFirstOrThrow();
    expect(a.nombre).toBe("Filà Contrabandistes");
    // The street, and the town in its own fields (printed together: receipts, the lottery).
    expect(a.direccion).toBe("Carrer Sant Nicolau, 37");
    expect(`${a.cod_postal} ${a.poblacion} (${a.provincia})`).toBe("03801 Alcoi (Alacant)");
    expect(a.texto_condiciones.length).toBeGreaterThan(0);
    const m = /^G(\d{7})(\d)$/.exec(a.cif);
    expect(m).not.toBeNull();
    const d = (m as RegExpExecArray)[1].split("").map(Number);
    const suma = d.reduce(
      (s, x, i) => s + (i % 2 === 0 ? Math.floor((2 * x) / 10) + ((2 * x) % 10) : x),
      0,
    );
    expect(Number((m as RegExpExecArray)[2])).toBe((10 - (suma % 10)) % 10);
  });

  it("crea los maestros", async () => {
    const tipos = await db.selectFrom("tipo_socio").select(["nombre", "color"]).execute();
    expect(tipos.map((t) => t.nombre).sort()).toEqual(
      ["Dama", "Fester", "Infantil", "Jubilat", "Juvenil", "Protector"].sort(),
    );
    for (const t of tipos) expect(t.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(tipos.map((t) => t.color)).size).toBe(tipos.length);

    const formas = await db.selectFrom("forma_pago").select(["nombre", "domiciliada"]).execute();
    expect(formas).toEqual(
      expect.arrayContaining([
        { nombre: "Efectivo", domiciliada: false },
        { nombre: "Transferencia", domiciliada: false },
        { nombre: "Domiciliación bancaria", domiciliada: true },
        { nombre: "Bizum", domiciliada: false },
      ]),
    );
    const actos = await db.selectFrom("tipo_acto").select("nombre").execute();
    expect(actos.map((a) => a.nombre)).toEqual(
      expect.arrayContaining(["Assaig", "Entrada", "Dinar"]),
    );
    // The treasurer's first rules for the bank statement.
    const reglas = await db
      .selectFrom("tesoreria_regla as r")
      .innerJoin("tesoreria_categoria as c", "c.id", "r.id_categoria")
      .select(["r.texto", "r.tipo", "c.clave"])
      .orderBy("r.id")
      .execute();
    expect(reglas).toEqual([
      { texto: "COMISION", tipo: "gasto", clave: "comisiones_bancarias" },
      { texto: "SUBVENCION", tipo: "ingreso", clave: "subvenciones" },
    ]);
    // The bank account carries the association's IBAN, so its statements are recognised.
    const { iban } = await db
      .selectFrom("asociacion")
      .select("iban")
      .where("id", "=", 1)
      .executeTakeFirstOrThrow();
    expect(iban).not.toBe("");
    const banco = await db
      .selectFrom("tesoreria_cuenta")
      .select("iban")
      .where("nombre", "=", "Banco")
      .executeTakeFirstOrThrow();
    expect(banco.iban).toBe(iban);
  });

  it("crea las tres cuentas con su rol, la contraseña de la demo y las condiciones aceptadas", async () => {
    const { version_condiciones } = await db
      .selectFrom("asociacion")
      .select("version_condiciones")
      .executeTakeFirstOrThrow();
    const roles = [
      [CUENTAS_DEMO.administrador, "administrador"],
      [CUENTAS_DEMO.usuario, "usuario"],
      [CUENTAS_DEMO.socio, "socio"],
    ] as const;
    for (const [email, rol] of roles) {
      const u = await cuenta(email);
      expect(u.rol).toBe(rol);
      expect(u.activo).toBe(true);
      expect(u.condiciones_aceptadas_en).not.toBeNull();
      expect(u.condiciones_version).toBe(version_condiciones);
      expect(await verificarPassword(u.password_hash, PASSWORD_DEMO)).toBe(true);
      expect(await verificarPassword(u.password_hash, "otra-contraseña")).toBe(false);
      const s = await db
        .selectFrom("socio")
        .selectAll()
        .where("id", "=", u.id_socio as number)
        .executeTakeFirstOrThrow();
      expect(u.nombre).toBe(`${s.nombre} ${s.apellidos}`);
      expect(s.activo).toBe(true);
    }
  });

  it("tiene unos 300 socios con datos coherentes", async () => {
    const todos = await socios();
    expect(todos.length).toBeGreaterThanOrEqual(280);
    expect(todos.length).toBeLessThanOrEqual(320);

    const matriculas = todos.map((s) => s.matricula);
    expect(new Set(matriculas).size).toBe(todos.length);
    expect(Math.min(...(matriculas as number[]))).toBe(1);
    expect(Math.max(...(matriculas as number[]))).toBe(todos.length);

    const emails = todos.map((s) => s.email);
    expect(new Set(emails).size).toBe(todos.length);
    for (const s of todos) {
      expect(s.email).toMatch(/^[a-z0-9.]+@example\.(com|org|net)$/);
      expect(s.telefono).toMatch(/^6\d{2} \d{3} \d{3}$/);
      expect(["hombre", "mujer"]).toContain(s.sexo);
      expect(s.provincia).toBe("Alacant");
      expect(s.cod_postal).toMatch(/^03\d{3}$/);
      expect(s.apellidos.split(" ").length).toBeGreaterThanOrEqual(2);
      expect((s.fecha_alta as string) >= (s.fecha_nacimiento as string)).toBe(true);
      expect(s.anyo_alta).toBe(Number((s.fecha_alta as string).slice(0, 4)));
      const edad = edadEn(s.fecha_nacimiento as string, 2026);
      if (s.tipo === "Infantil") expect(edad).toBeLessThan(14);
      else if (s.tipo === "Juvenil") expect(edad >= 14 && edad <= 17).toBe(true);
      else if (s.tipo === "Jubilat") expect(edad).toBeGreaterThanOrEqual(65);
      else expect(edad).toBeGreaterThanOrEqual(18);
      if (s.tipo === "Dama") expect(s.sexo).toBe("mujer");
      if (s.activo) {
        expect(s.fecha_baja).toBeNull();
        expect(s.edad_festera).toBe(2026 - (s.anyo_alta as number));
      } else {
        expect((s.fecha_baja as string) > (s.fecha_alta as string)).toBe(true);
        expect(s.motivo_baja).not.toBe("");
      }
    }
    const bajas = todos.filter((s) => !s.activo).length;
    expect(bajas).toBeGreaterThan(5);
    expect(bajas).toBeLessThan(30);
  });

  it("da a cada socio un NIF válido y único (o ninguno si es menor de 14)", async () => {
    const todos = await socios();
    const nifs = todos.filter((s) => s.nif !== null).map((s) => s.nif as string);
    for (const nif of nifs) expect(nifValido(nif), nif).toBe(true);
    expect(new Set(nifs).size).toBe(nifs.length);
    for (const s of todos.filter((x) => x.nif === null)) expect(s.tipo).toBe("Infantil");
  });

  it("da a cada socio un IBAN español válido con el BIC de su banco", async () => {
    const BIC: Record<string, string> = {
      "2100": "CAIXESBBXXX",
      "0049": "BSCHESMMXXX",
      "0081": "BSABESBBXXX",
      "0182": "BBVAESMMXXX",
      "2038": "CAHMESMMXXX",
      "3058": "CCRIES2AXXX",
      "0128": "BKBKESMMXXX",
    };
    for (const s of await socios()) {
      expect(isValidIBAN(s.iban), s.iban).toBe(true);
      expect(s.iban).toMatch(/^ES\d{22}$/);
      expect(s.bic).toBe(BIC[s.iban.slice(4, 8)]);
      expect(isValidBIC(s.bic)).toBe(true);
    }
  });

  it("enlaza las familias: parejas en los dos sentidos, hijos con su padre y su pagador", async () => {
    const todos = await socios();
    const porId = new Map(todos.map((s) => [s.id, s]));
    let parejas = 0;
    let hijos = 0;
    for (const s of todos) {
      if (s.id_pareja !== null) {
        parejas++;
        expect(porId.get(s.id_pareja)?.id_pareja).toBe(s.id);
      }
      if (s.id_padre !== null) {
        hijos++;
        expect(["Infantil", "Juvenil"]).toContain(s.tipo);
        expect(s.id_pagador).toBe(s.id_padre);
        expect(porId.get(s.id_padre)?.tipo).toBe("Fester");
      }
      if (s.id_pagador !== null) expect(porId.get(s.id_pagador)?.id_pagador).toBeNull();
    }
    expect(parejas / 2).toBeGreaterThanOrEqual(35);
    expect(hijos).toBeGreaterThanOrEqual(40);
  });

  it("el socio de usuario@ paga por su pareja y sus dos hijos", async () => {
    const u = await cuenta(CUENTAS_DEMO.usuario);
    const yo = await db
      .selectFrom("socio")
      .selectAll()
      .where("id", "=", u.id_socio as number)
      .executeTakeFirstOrThrow();
    expect(yo.id_pagador).toBeNull();
    const pagados = await db
      .selectFrom("socio")
      .selectAll()
      .where("id_pagador", "=", yo.id)
      .execute();
    expect(pagados).toHaveLength(3);
    const pareja = pagados.filter((p) => p.id === yo.id_pareja);
    expect(pareja).toHaveLength(1);
    expect(pareja[0].id_pareja).toBe(yo.id);
    const hijos = pagados.filter((p) => p.id_padre === yo.id);
    expect(hijos).toHaveLength(2);
    for (const h of hijos) expect(h.id_pareja).toBeNull();
  });

  it("el socio de socio@ se paga lo suyo y no paga por nadie", async () => {
    const u = await cuenta(CUENTAS_DEMO.socio);
    const yo = await db
      .selectFrom("socio")
      .selectAll()
      .where("id", "=", u.id_socio as number)
      .executeTakeFirstOrThrow();
    expect(yo.id_pagador).toBeNull();
    expect(yo.id_pareja).toBeNull();
    expect(yo.id_padre).toBeNull();
    const pagados = await db
      .selectFrom("socio")
      .select("id")
      .where("id_pagador", "=", yo.id)
      .execute();
    expect(pagados).toHaveLength(0);
  });

  it("genera siempre la misma filà", async () => {
    const otra = await crearBaseDePruebas();
    try {
      expect(await cargarDemo(otra.db)).toEqual({ cargada: true });
      const huella = (q: Database) =>
        q
          .selectFrom("socio")
          .select([
            "matricula",
            "nombre",
            "apellidos",
            "fecha_nacimiento",
            "nif",
            "iban",
            "email",
            "direccion",
            "fecha_alta",
            "activo",
          ])
          .orderBy("matricula")
          .execute();
      expect(await huella(otra.db)).toEqual(await huella(db));
    } finally {
      await otra.cerrar();
    }
  });

  it("la segunda vez no carga nada", async () => {
    const contar = async () => ({
      socios: (await db.selectFrom("socio").select("id").execute()).length,
      usuarios: (await db.selectFrom("usuario").select("id").execute()).length,
      tipos: (await db.selectFrom("tipo_socio").select("id").execute()).length,
    });
    const antes = await contar();
    expect(await cargarDemo(db)).toEqual({ cargada: false });
    expect(await contar()).toEqual(antes);
  });
});
