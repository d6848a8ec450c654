import { describe, expect, it } from "vitest";
import { AppConfigSchema } from "../config/app-config.schema";
import { MensajePushSchema } from "./mensaje-push.schema";

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
