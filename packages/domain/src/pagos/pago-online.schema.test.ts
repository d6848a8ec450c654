import { describe, expect, it } from "vitest";
import {
  motivoRespuestaRedsys,
  NumeroPedidoSchema,
  PagoOnlineEntradaSchema,
  respuestaAutorizada,
} from "./pago-online.schema";

describe("pago en línea (Redsys)", () => {
  it("Ds_Response de 0000 a 0099 es una operación autorizada; lo demás no", () => {
    for (const r of ["0000", "0", "0099", "99", "0050"]) expect(respuestaAutorizada(r)).toBe(true);
    for (const r of ["0100", "0116", "9915", "", "abc", "-1", "00000"]) {
      expect(respuestaAutorizada(r)).toBe(false);
    }
  });

  it("da el motivo del banco en castellano, y uno general para los códigos que no conoce", () => {
    expect(motivoRespuestaRedsys("0116")).toBe("No hay saldo suficiente.");
    expect(motivoRespuestaRedsys("9915")).toBe("Has cancelado el pago.");
    expect(motivoRespuestaRedsys("116")).toBe("No hay saldo suficiente.");
    expect(motivoRespuestaRedsys("0000")).toBe("Operación autorizada.");
    expect(motivoRespuestaRedsys("0666")).toBe("El banco ha denegado la operación.");
    expect(motivoRespuestaRedsys("")).toBe("");
  });

  it("y en valenciano para quien lo lee en valenciano, con el mismo general", () => {
    expect(motivoRespuestaRedsys("0116", "va")).toBe("No hi ha prou saldo.");
    expect(motivoRespuestaRedsys("9915", "va")).toBe("Has cancel·lat el pagament.");
    expect(motivoRespuestaRedsys("0000", "va")).toBe("Operació autoritzada.");
    expect(motivoRespuestaRedsys("0666", "va")).toBe("El banc ha denegat l'operació.");
  });

  it("el número de pedido son 4 cifras y luego hasta 8 letras o cifras", () => {
    expect(NumeroPedidoSchema.safeParse("000000000001").success).toBe(true);
    expect(NumeroPedidoSchema.safeParse("1234abcdEFGH").success).toBe(true);
    expect(NumeroPedidoSchema.safeParse("123").success).toBe(false);
    expect(NumeroPedidoSchema.safeParse("abcd1234").success).toBe(false);
    expect(NumeroPedidoSchema.safeParse("1234567890123").success).toBe(false);
  });

  it("la petición pide al menos un cargo, sin repetir, y tarjeta o bizum", () => {
    expect(PagoOnlineEntradaSchema.safeParse({ idsPago: [1, 2], metodo: "bizum" }).success).toBe(
      true,
    );
    expect(PagoOnlineEntradaSchema.safeParse({ idsPago: [], metodo: "bizum" }).success).toBe(false);
    expect(PagoOnlineEntradaSchema.safeParse({ idsPago: [1, 1], metodo: "tarjeta" }).success).toBe(
      false,
    );
    expect(PagoOnlineEntradaSchema.safeParse({ idsPago: [1], metodo: "paypal" }).success).toBe(
      false,
    );
  });
});
