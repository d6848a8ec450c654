import { describe, expect, it } from "vitest";
import { AppConfigSchema } from "../config/app-config.schema";
import { leerMensajePush, MensajePushSchema } from "./mensaje-push.schema";

describe("MensajePushSchema", () => {
  it("lee título, cuerpo e imagen de la notificación", () => {
    const mensaje = { notification: { title: "Ensayo", body: "A las 20:00", image: "/i.png" } };
    expect(MensajePushSchema.parse(mensaje)).toEqual(mensaje);
  });

  it("deja vacíos el cuerpo y la imagen si faltan, pero exige el título", () => {
    expect(MensajePushSchema.parse({ notification: { title: "Aviso" } })).toEqual({
      notification: { title: "Aviso", body: "", image: "" },
    });
    expect(MensajePushSchema.safeParse({ notification: {} }).success).toBe(false);
  });
});

describe("AppConfigSchema", () => {
  it("lee la versión de la aplicación", () => {
    expect(AppConfigSchema.parse({ version: "0.1.0" })).toEqual({ version: "0.1.0" });
    expect(AppConfigSchema.safeParse({}).success).toBe(false);
  });
});

describe("leerMensajePush", () => {
  const casos: unknown[] = [
    null,
    "texto",
    [],
    {},
    { notification: {} },
    { notification: null },
    { notification: { title: "Ensayo", body: "A las 20:00", image: "/i.png" } },
    { notification: { title: "Aviso" } },
    { notification: { title: "Aviso", body: 3 } },
    { notification: { title: "Aviso", image: null } },
    { notification: { title: "Aviso", otro: 1 }, extra: true },
    { notification: { title: "Alerta" }, data: { idAlerta: 12 } },
    { notification: { title: "Alerta" }, data: { idAlerta: 12, x: 1 } },
    { notification: { title: "Alerta" }, data: { idAlerta: 0 } },
    { notification: { title: "Alerta" }, data: { idAlerta: 1.5 } },
    { notification: { title: "Alerta" }, data: { idAlerta: "12" } },
    { notification: { title: "Alerta" }, data: null },
    { notification: { title: "Alerta" }, data: "x" },
  ];

  it.each(casos.map((caso) => [JSON.stringify(caso), caso]))(
    "lee %s igual que MensajePushSchema",
    (_nombre, caso) => {
      const conZod = MensajePushSchema.safeParse(caso);
      expect(leerMensajePush(caso)).toEqual(conZod.success ? conZod.data : null);
    },
  );
});
