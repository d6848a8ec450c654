import { afterEach, describe, expect, it, vi } from "vitest";
import { CuerpoErrorSchema } from "./cuerpo-error.schema";
import {
  CODIGOS_ERROR,
  codigoYStatus,
  ErrorCliente,
  ErrorHttp,
  MENSAJE_ERROR_DESCONOCIDO,
  mensajeDeError,
  VARIANTES_ERROR,
} from "./error-catalogo";

describe("mensajeDeError", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("usa una cadena tal cual", () => {
    expect(mensajeDeError("No hay plazas")).toBe("No hay plazas");
    expect(mensajeDeError("")).toBe("");
  });

  it("antepone «Error!» al mensaje de un error del cliente", () => {
    expect(mensajeDeError(new ErrorCliente("Failed to fetch"))).toBe("Error! Failed to fetch");
  });

  it("antepone «Error!» al mensaje de un ErrorEvent del navegador", () => {
    class ErrorEventFalso {
      constructor(
        readonly type: string,
        readonly init: { message: string },
      ) {}
      get message() {
        return this.init.message;
      }
    }
    vi.stubGlobal("ErrorEvent", ErrorEventFalso);
    expect(mensajeDeError(new ErrorEventFalso("error", { message: "sin red" }))).toBe(
      "Error! sin red",
    );
  });

  it("no confunde un objeto con message con un ErrorEvent", () => {
    expect(mensajeDeError({ message: "hola" })).toBe(MENSAJE_ERROR_DESCONOCIDO);
  });

  it("describe un error HTTP con su estado y su texto", () => {
    expect(mensajeDeError(new ErrorHttp(500, "Internal Server Error"))).toBe(
      "Fallo en la petición con 500 Internal Server Error",
    );
  });

  it("prefiere el mensaje del cuerpo de la respuesta de la API", () => {
    const error = new ErrorHttp(409, "Conflict", {
      error: "conflicto",
      mensaje: "El acto ya está completo",
    });
    expect(mensajeDeError(error)).toBe("El acto ya está completo");
  });

  it.each([
    ["sin cuerpo", undefined],
    ["con cuerpo nulo", null],
    ["con cuerpo de texto", "<html>"],
    ["con mensaje vacío", { error: "x", mensaje: "" }],
    ["con mensaje que no es texto", { mensaje: 42 }],
  ])("describe el error HTTP por su estado %s", (_caso, cuerpo) => {
    expect(mensajeDeError(new ErrorHttp(404, "Not Found", cuerpo))).toBe(
      "Fallo en la petición con 404 Not Found",
    );
  });

  it.each([
    ["un Error cualquiera", new Error("boom")],
    ["null", null],
    ["undefined", undefined],
    ["un número", 42],
    ["un objeto", { status: 500 }],
  ])("da el mensaje por defecto para %s", (_caso, error) => {
    expect(mensajeDeError(error)).toBe("Ha ocurrido un error desconocido");
  });
});

describe("clases de error", () => {
  it("ErrorHttp guarda estado, texto y cuerpo y es un Error", () => {
    const cuerpo = { error: "no_encontrado", mensaje: "No existe" };
    const error = new ErrorHttp(404, "Not Found", cuerpo);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ErrorHttp");
    expect([error.status, error.statusText, error.cuerpo]).toEqual([404, "Not Found", cuerpo]);
  });

  it("ErrorCliente es un Error con su nombre", () => {
    const error = new ErrorCliente("sin conexión");
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ErrorCliente");
    expect(error.message).toBe("sin conexión");
  });
});

describe("cuerpo de error", () => {
  it("asocia cada código con su estado HTTP", () => {
    expect(CODIGOS_ERROR.validacion).toBe(400);
    expect(CODIGOS_ERROR.no_autenticado).toBe(401);
    expect(CODIGOS_ERROR.prohibido).toBe(403);
    expect(CODIGOS_ERROR.no_encontrado).toBe(404);
    expect(CODIGOS_ERROR.conflicto).toBe(409);
    expect(CODIGOS_ERROR.demasiados_intentos).toBe(429);
    expect(CODIGOS_ERROR.duplicado).toBe(409);
    expect(CODIGOS_ERROR.en_uso).toBe(409);
    expect(CODIGOS_ERROR.copia_no_valida).toBe(400);
    for (const [codigo, status] of Object.entries(CODIGOS_ERROR)) {
      expect(codigo).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(status >= 400 && status < 600).toBe(true);
    }
  });

  it("una variante sale con el código de otro y su propio estado", () => {
    expect(codigoYStatus("codigo_incorrecto")).toEqual({
      codigo: "codigo_incorrecto",
      status: 401,
    });
    expect(codigoYStatus("codigo_incorrecto_en_sesion")).toEqual({
      codigo: "codigo_incorrecto",
      status: 400,
    });
    for (const v of Object.values(VARIANTES_ERROR)) expect(CODIGOS_ERROR[v.codigo]).toBeDefined();
  });

  it("valida la forma del cuerpo con detalles por campo", () => {
    const cuerpo = {
      error: "validacion",
      mensaje: "Revisa los datos",
      detalles: [{ campo: "nif", mensaje: "El NIF o NIE no es válido" }],
    };
    expect(CuerpoErrorSchema.parse(cuerpo)).toEqual(cuerpo);
    expect(CuerpoErrorSchema.safeParse({ error: "x" }).success).toBe(false);
  });
});
