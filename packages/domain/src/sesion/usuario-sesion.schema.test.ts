import { describe, expect, it } from "vitest";
import {
  CambioIdiomaSchema,
  CambioPasswordSchema,
  CondicionesSchema,
  esRol,
  LoginRequestSchema,
  LoginResponseSchema,
  leerUsuarioSesion,
  PasswordNuevaSchema,
  ResetConfirmarSchema,
  ResetSolicitudSchema,
  ROLES,
  RolSchema,
  RolSesionSchema,
  UsuarioSesionSchema,
  usuarioSesionPorDefecto,
} from "./usuario-sesion.schema";

const mensajes = (resultado: { error?: { issues: { message: string }[] } }) =>
  resultado.error?.issues.map((issue) => issue.message) ?? [];

describe("roles", () => {
  it("son administrador, usuario y socio, y la sesión admite además ninguno", () => {
    expect(ROLES).toEqual(["administrador", "usuario", "socio"]);
    expect(RolSchema.options).toEqual(["administrador", "usuario", "socio"]);
    expect(RolSesionSchema.options).toEqual(["administrador", "usuario", "socio", "ninguno"]);
    expect(RolSchema.safeParse("ninguno").success).toBe(false);
  });

  it("reconoce un rol válido", () => {
    expect(esRol("socio")).toBe(true);
    expect(esRol("ninguno")).toBe(false);
    expect(esRol(undefined)).toBe(false);
  });
});

describe("usuario de la sesión", () => {
  it("por defecto no tiene rol, ni socio, ni condiciones aceptadas", () => {
    expect(usuarioSesionPorDefecto()).toEqual({
      id: 0,
      nombre: "",
      email: "",
      rol: "ninguno",
      socioId: 0,
      condicionesAceptadas: "no",
      tokenPush: "",
      idioma: "es",
    });
  });

  it("devuelve un objeto nuevo en cada llamada", () => {
    const a = usuarioSesionPorDefecto();
    a.nombre = "cambiado";
    expect(usuarioSesionPorDefecto().nombre).toBe("");
  });

  it("completa los campos que faltan con sus valores por defecto", () => {
    const usuario = UsuarioSesionSchema.parse({ id: 3, nombre: "Ana", rol: "usuario" });
    expect(usuario).toMatchObject({ rol: "usuario", socioId: 0, condicionesAceptadas: "no" });
  });

  it("rechaza un rol desconocido", () => {
    expect(UsuarioSesionSchema.safeParse({ rol: "root" }).success).toBe(false);
  });
});

describe("login", () => {
  it("recorta y pasa a minúsculas el correo", () => {
    expect(LoginRequestSchema.parse({ email: "  Ana@Fila.ES ", password: "x" })).toEqual({
      email: "ana@fila.es",
      password: "x",
    });
  });

  it("explica en español un correo no válido", () => {
    const resultado = LoginRequestSchema.safeParse({ email: "ana", password: "x" });
    expect(mensajes(resultado)).toEqual(["Introduce un correo electrónico válido"]);
  });

  it("pide la contraseña si está vacía, falta o es desmesurada", () => {
    for (const password of ["", undefined, "x".repeat(1025)]) {
      const resultado = LoginRequestSchema.safeParse({ email: "ana@fila.es", password });
      expect(mensajes(resultado)).toEqual(["Introduce la contraseña"]);
    }
    expect(
      LoginRequestSchema.safeParse({ email: "a@b.es", password: "x".repeat(1024) }).success,
    ).toBe(true);
  });

  it("lee la respuesta con el token y los datos del usuario", () => {
    const respuesta = {
      accessToken: "t0k3n",
      id: 7,
      nombre: "Ana",
      email: "ana@fila.es",
      rol: "administrador",
      socioId: 12,
      condicionesAceptadas: "si",
      idioma: "va",
    };
    expect(LoginResponseSchema.parse(respuesta)).toEqual(respuesta);
    expect(LoginResponseSchema.safeParse({ ...respuesta, rol: "ninguno" }).success).toBe(false);
    expect(LoginResponseSchema.safeParse({ ...respuesta, idioma: "en" }).success).toBe(false);
  });

  it("el idioma es castellano o valenciano; el usuario guardado sin idioma es castellano", () => {
    expect(CambioIdiomaSchema.parse({ idioma: "va" })).toEqual({ idioma: "va" });
    expect(CambioIdiomaSchema.safeParse({ idioma: "ca" }).success).toBe(false);
    expect(leerUsuarioSesion({ id: 1, rol: "socio" }).idioma).toBe("es");
    expect(leerUsuarioSesion({ id: 1, rol: "socio", idioma: "va" }).idioma).toBe("va");
    expect(leerUsuarioSesion({ id: 1, rol: "socio", idioma: "fr" }).rol).toBe("ninguno");
  });
});

describe("contraseñas y condiciones", () => {
  it("el cambio de contraseña lleva el socio, la antigua y la nueva", () => {
    const cambio = { idSocio: 0, antigua: "vieja", nueva: "nueva-segura" };
    expect(CambioPasswordSchema.parse(cambio)).toEqual(cambio);
    expect(CambioPasswordSchema.safeParse({ ...cambio, idSocio: -1 }).success).toBe(false);
    expect(CambioPasswordSchema.safeParse({ ...cambio, idSocio: 1.5 }).success).toBe(false);
  });

  it("la aceptación de condiciones necesita un id positivo", () => {
    expect(CondicionesSchema.parse({ id: 4 })).toEqual({ id: 4 });
    expect(CondicionesSchema.safeParse({ id: 0 }).success).toBe(false);
  });

  it("la solicitud de restablecimiento normaliza el correo", () => {
    expect(ResetSolicitudSchema.parse({ email: " ANA@fila.es" })).toEqual({ email: "ana@fila.es" });
    expect(ResetSolicitudSchema.safeParse({ email: "" }).success).toBe(false);
  });

  it("la confirmación del restablecimiento exige el token", () => {
    expect(ResetConfirmarSchema.safeParse({ token: "", nueva: "x" }).success).toBe(false);
    expect(ResetConfirmarSchema.parse({ token: "abc", nueva: "x" })).toEqual({
      token: "abc",
      nueva: "x",
    });
  });

  it("una contraseña nueva cumple la política con el mensaje en español", () => {
    expect(PasswordNuevaSchema.safeParse("caballo grapa").success).toBe(true);
    expect(mensajes(PasswordNuevaSchema.safeParse("corta"))).toEqual([
      "La contraseña debe tener al menos 8 caracteres",
    ]);
    expect(mensajes(PasswordNuevaSchema.safeParse("password1"))).toEqual([
      "Esa contraseña es demasiado común; elige otra",
    ]);
  });
});
