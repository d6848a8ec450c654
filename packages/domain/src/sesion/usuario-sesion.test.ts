import { describe, expect, it } from "vitest";
import { leerUsuarioSesion, type UsuarioSesion, usuarioSesionPorDefecto } from "./usuario-sesion";
import { UsuarioSesionSchema } from "./usuario-sesion.schema";

/** What the web did before with zod: defaults for what is missing, all defaults if one is bad. */
function conZod(datos: unknown): UsuarioSesion {
  const base = usuarioSesionPorDefecto();
  if (typeof datos !== "object" || datos === null) return base;
  const resultado = UsuarioSesionSchema.safeParse({ ...base, ...datos });
  return resultado.success ? resultado.data : base;
}

const completo = {
  id: 7,
  nombre: "Ana Pérez",
  email: "ana@filademo.es",
  rol: "socio",
  socioId: 12,
  condicionesAceptadas: "si",
  tokenPush: "",
};

const casos: unknown[] = [
  null,
  undefined,
  "socio",
  42,
  [],
  [1, 2],
  {},
  completo,
  { ...completo, extra: "se descarta", password: "nunca" },
  { id: 3, nombre: "Ana", rol: "usuario" },
  { ...completo, rol: "root" },
  { ...completo, rol: "ninguno" },
  { ...completo, rol: undefined },
  { ...completo, id: -1 },
  { ...completo, id: 1.5 },
  { ...completo, id: "7" },
  { ...completo, id: Number.MAX_SAFE_INTEGER + 1 },
  { ...completo, id: Number.NaN },
  { ...completo, socioId: null },
  { ...completo, nombre: 5 },
  { ...completo, email: null },
  { ...completo, condicionesAceptadas: "sí" },
  { ...completo, condicionesAceptadas: true },
  { ...completo, tokenPush: "abc" },
  { ...completo, tokenPush: 1 },
];

describe("leerUsuarioSesion", () => {
  it.each(casos.map((caso) => [JSON.stringify(caso) ?? String(caso), caso]))(
    "lee %s igual que UsuarioSesionSchema",
    (_nombre, caso) => {
      expect(leerUsuarioSesion(caso)).toEqual(conZod(caso));
    },
  );

  it("completa lo que falta y descarta lo que sobra", () => {
    expect(leerUsuarioSesion({ id: 3, nombre: "Ana", rol: "usuario", otro: 1 })).toEqual({
      ...usuarioSesionPorDefecto(),
      id: 3,
      nombre: "Ana",
      rol: "usuario",
    });
  });

  it("con un campo que no vale, vuelve al usuario sin sesión entero", () => {
    expect(leerUsuarioSesion({ ...completo, rol: "root" })).toEqual(usuarioSesionPorDefecto());
    expect(leerUsuarioSesion({ ...completo, socioId: -2 })).toEqual(usuarioSesionPorDefecto());
  });
});
