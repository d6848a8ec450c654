import { validarPassword } from "@fila/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BaseDeDatos } from "../db/database.js";
import { verificarPassword } from "../lib/passwords.js";
import { crearBaseDePruebas } from "../test/base-de-pruebas.js";
import { crearPrimerAdministrador } from "./bootstrap.js";

let bd: BaseDeDatos;
beforeAll(async () => {
  bd = await crearBaseDePruebas();
});
afterAll(async () => {
  await bd?.cerrar();
});

describe("primer administrador", () => {
  it("se crea una sola vez, con una contraseña generada válida cuando no se da ninguna", async () => {
    const primero = await crearPrimerAdministrador(bd.db, { email: null, password: null });
    expect(primero).toMatchObject({ email: "admin@fila.local", generada: true });
    expect(validarPassword(primero?.password ?? "")).toBeNull();
    const cuenta = await bd.db
      .selectFrom("usuario")
      .selectAll()
      .where("email", "=", "admin@fila.local")
      .executeTakeFirstOrThrow();
    expect(cuenta.rol).toBe("administrador");
    expect(cuenta.condiciones_version).toBeNull();
    expect(await verificarPassword(cuenta.password_hash, primero?.password ?? "")).toBe(true);
    expect(
      await crearPrimerAdministrador(bd.db, {
        email: "otro@fila.test",
        password: "otra-clave-larga",
      }),
    ).toBeNull();
  });

  it("rechaza un ADMIN_PASSWORD débil", async () => {
    await bd.db.deleteFrom("usuario").execute();
    await expect(
      crearPrimerAdministrador(bd.db, { email: "a@fila.test", password: "1234" }),
    ).rejects.toThrow(/ADMIN_PASSWORD/);
    const creada = await crearPrimerAdministrador(bd.db, {
      email: "a@fila.test",
      password: "una-clave-de-arranque",
    });
    expect(creada).toMatchObject({ email: "a@fila.test", password: null, generada: false });
  });
});
