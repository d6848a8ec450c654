import { ErrorHttp } from "@fila/domain";
import { describe, expect, it } from "vitest";
import { erroresDeServidor } from "./errores-formulario";
import {
  conCambio,
  FILTROS_POR_DEFECTO,
  filtrosAApi,
  filtrosAUrl,
  filtrosDesdeUrl,
} from "./filtros-url";

describe("filtros de la lista de socios en la URL", () => {
  it("sin query da los filtros por defecto (activos, por apellidos, 50 por página)", () => {
    expect(filtrosDesdeUrl(new URLSearchParams())).toEqual(FILTROS_POR_DEFECTO);
    expect(filtrosAUrl(FILTROS_POR_DEFECTO).toString()).toBe("");
  });

  it("ida y vuelta: lo que se escribe en la URL se vuelve a leer igual", () => {
    const filtros = {
      ...FILTROS_POR_DEFECTO,
      q: "garcía",
      tipo: "3",
      activo: "todos" as const,
      sexo: "mujer",
      edadMin: "18",
      edadMax: "40",
      conDeuda: "1" as const,
      page: 2,
      pageSize: 100,
      sort: "-matricula",
    };
    const url = filtrosAUrl(filtros);
    expect(url.get("activo")).toBe("todos");
    expect(filtrosDesdeUrl(new URLSearchParams(url.toString()))).toEqual(filtros);
  });

  it("descarta valores mal formados de una URL escrita a mano", () => {
    const leidos = filtrosDesdeUrl(
      new URLSearchParams(
        "tipo=abc&activo=quizas&sexo=otro&edadMin=-3&conDeuda=si&page=0&pageSize=999&sort=a;b",
      ),
    );
    expect(leidos).toEqual(FILTROS_POR_DEFECTO);
  });

  it("la API recibe activo=1/0 y nada con «todos»", () => {
    expect(filtrosAApi(FILTROS_POR_DEFECTO).toString()).toBe(
      "activo=1&page=1&pageSize=50&sort=apellidos",
    );
    const todos = filtrosAApi({ ...FILTROS_POR_DEFECTO, activo: "todos", q: "pep" });
    expect(todos.has("activo")).toBe(false);
    expect(todos.get("q")).toBe("pep");
  });

  it("«Con deuda» y «Sin deuda» van a la API como conDeuda=1/0; sin elegir, nada (issue 51)", () => {
    expect(filtrosAApi({ ...FILTROS_POR_DEFECTO, conDeuda: "1" }).get("conDeuda")).toBe("1");
    expect(filtrosAApi({ ...FILTROS_POR_DEFECTO, conDeuda: "0" }).get("conDeuda")).toBe("0");
    expect(filtrosAApi(FILTROS_POR_DEFECTO).has("conDeuda")).toBe(false);
  });

  it("cambiar un filtro vuelve a la primera página; cambiar de página no", () => {
    const en3 = { ...FILTROS_POR_DEFECTO, page: 3 };
    expect(conCambio(en3, { sexo: "hombre" }).page).toBe(1);
    expect(conCambio(en3, { page: 4 }).page).toBe(4);
  });
});

describe("errores del servidor en el formulario", () => {
  const campos = ["nombre", "nif", "iban", "tipo"];

  it("lleva cada detalle a su campo y guarda el mensaje general", () => {
    const error = new ErrorHttp(400, "Bad Request", {
      error: "validacion",
      mensaje: "Revisa los datos del socio",
      detalles: [
        { campo: "nif", mensaje: "El NIF o NIE no es válido" },
        { campo: "nif", mensaje: "otro mensaje del mismo campo" },
        { campo: "body.iban", mensaje: "El IBAN no es válido" },
        { campo: "tipo.id", mensaje: "Elige un valor de la lista" },
        { campo: "rol", mensaje: "No puedes cambiar el rol" },
      ],
    });
    expect(erroresDeServidor(error, campos)).toEqual({
      general: "Revisa los datos del socio",
      campos: {
        nif: "El NIF o NIE no es válido",
        iban: "El IBAN no es válido",
        tipo: "Elige un valor de la lista",
      },
      otros: ["No puedes cambiar el rol"],
    });
  });

  it("sin cuerpo usa el mensaje de SPEC §8", () => {
    expect(erroresDeServidor(new ErrorHttp(502, "Bad Gateway"), campos)).toEqual({
      general: "Fallo en la petición con 502 Bad Gateway",
      campos: {},
      otros: [],
    });
  });
});
