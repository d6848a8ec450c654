import { describe, expect, it } from "vitest";
import {
  clavePedido,
  codificarParametros,
  decodificarParametros,
  firmar,
  firmaValida,
  parametro,
} from "./redsys.js";

/** Redsys's published test terminal key (merchant 999008881, terminal 1). */
const CLAVE = "sq7HjrUOBfKmC576ILgskD5srU870gJ7";

// Known answers: notifications signed by Redsys's test environment with the published key, as
// published in the examples of two independent integrations (Redsys's PHP API and redsys-pos).
const NOTIFICACION_PHP =
  "eyJEc19EYXRlIjoiMzAlMkYwOCUyRjIwMjIiLCJEc19Ib3VyIjoiMTIlM0ExOCIsIkRzX1NlY3VyZVBheW1lbnQiOiIxIiwiRHNfQ2FyZF9Db3VudHJ5IjoiNzI0IiwiRHNfQW1vdW50IjoiMTU5MDAiLCJEc19DdXJyZW5jeSI6Ijk3OCIsIkRzX09yZGVyIjoiTU4wMDAwNDkiLCJEc19NZXJjaGFudENvZGUiOiIzNTU4NjgxMDAiLCJEc19UZXJtaW5hbCI6IjAwMSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX1RyYW5zYWN0aW9uVHlwZSI6IjAiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMDAyNDEzIiwiRHNfQ2FyZF9CcmFuZCI6IjEiLCJEc19Qcm9jZXNzZWRQYXlNZXRob2QiOiI1IiwiRHNfQ29udHJvbF8xNjYxODU0NjgzOTg4IjoiMTY2MTg1NDY4Mzk4OCJ9";
const NOTIFICACION_POS =
  "eyJEc19EYXRlIjoiMjAlMkYxMCUyRjIwMTciLCJEc19Ib3VyIjoiMTclM0EyMyIsIkRzX1NlY3VyZVBheW1lbnQiOiIwIiwiRHNfQW1vdW50IjoiMTAwIiwiRHNfQ3VycmVuY3kiOiI5NzgiLCJEc19PcmRlciI6IjAwMDA5NjU1RDg0IiwiRHNfTWVyY2hhbnRDb2RlIjoiMzI3MjM0Njg4IiwiRHNfVGVybWluYWwiOiIwMDEiLCJEc19SZXNwb25zZSI6Ijk5MTUiLCJEc19UcmFuc2FjdGlvblR5cGUiOiIwIiwiRHNfTWVyY2hhbnREYXRhIjoiIiwiRHNfQXV0aG9yaXNhdGlvbkNvZGUiOiIrKysrKysiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSJ9";

describe("firma de Redsys (HMAC_SHA256_V1)", () => {
  it("diversifica la clave por pedido con 3DES-CBC y relleno de ceros", () => {
    expect(clavePedido(CLAVE, "0").toString("base64")).toBe("Qyx5NZhbucY=");
    expect(clavePedido(CLAVE, "MN000049")).toHaveLength(8);
    expect(clavePedido(CLAVE, "00009655D84")).toHaveLength(16);
  });

  it("da la firma publicada de una notificación real del entorno de pruebas", () => {
    const p = decodificarParametros(NOTIFICACION_PHP);
    expect(p && parametro(p, "Ds_Order")).toBe("MN000049");
    expect(firmar(CLAVE, "MN000049", NOTIFICACION_PHP)).toBe(
      "O9aFvML5qK8VBQhV4GK8kFHvmAQaSnX1hfckr7abzIs=",
    );
  });

  it("acepta la firma en base64 para URL y rechaza la que no es", () => {
    const p = decodificarParametros(NOTIFICACION_POS);
    const pedido = (p && parametro(p, "Ds_Order")) ?? "";
    expect(pedido).toBe("00009655D84");
    expect(
      firmaValida(CLAVE, pedido, NOTIFICACION_POS, "vrUsaNbxfonyn4ONUos6oosUaTBY0_SGoKDel6qsHqk="),
    ).toBe(true);
    expect(
      firmaValida(CLAVE, pedido, NOTIFICACION_POS, "vrUsaNbxfonyn4ONUos6oosUaTBY0_SGoKDel6qsHqk"),
    ).toBe(true);
    expect(
      firmaValida(CLAVE, pedido, NOTIFICACION_POS, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa="),
    ).toBe(false);
    expect(firmaValida(CLAVE, pedido, NOTIFICACION_POS, "corta")).toBe(false);
    expect(
      firmaValida(
        CLAVE,
        "00009655D85",
        NOTIFICACION_POS,
        "vrUsaNbxfonyn4ONUos6oosUaTBY0_SGoKDel6qsHqk=",
      ),
    ).toBe(false);
  });

  it("codifica y decodifica los parámetros como JSON en base64", () => {
    const b64 = codificarParametros({ Ds_Merchant_Order: "0001abc", Ds_Merchant_Amount: "1250" });
    expect(decodificarParametros(b64)).toEqual({
      Ds_Merchant_Order: "0001abc",
      Ds_Merchant_Amount: "1250",
    });
    expect(decodificarParametros("no es base64 de json")).toBeNull();
    expect(decodificarParametros(Buffer.from("[1]").toString("base64"))).toBeNull();
  });
});
