import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { validarFila } from "./socios-io.columnas.js";
import { leerHoja } from "./socios-io.ficheros.js";

const catalogos = { tipos: new Map(), formas: new Map() };
const leer = (celdas: Record<string, string>) =>
  validarFila({ nombre: "Pepa", apellidos: "Ferrándiz", ...celdas }, catalogos, "2026-12-06");

describe("las columnas de dinero", () => {
  it("leen «1.500» como mil quinientos euros, con un aviso que lo dice", () => {
    const { socio, errores, avisos } = leer({ importeDerrama: "1.500", ramellPago1: "12.345" });
    expect(errores).toEqual([]);
    expect(socio.importeDerrama).toBe(150_000);
    expect(socio.ramellPago1).toBe(1_234_500);
    expect(avisos).toEqual([
      {
        campo: "importeDerrama",
        mensaje: "Se ha leído «1.500» como 1.500,00 €: el punto separa los miles",
      },
      {
        campo: "ramellPago1",
        mensaje: "Se ha leído «12.345» como 12.345,00 €: el punto separa los miles",
      },
    ]);
  });

  it("avisan de cualquier otro punto leído como coma decimal", () => {
    const { socio, errores, avisos } = leer({ importeDerrama: "12.5", ramellPago2: "1500.75" });
    expect(errores).toEqual([]);
    expect(socio.importeDerrama).toBe(1250);
    expect(socio.ramellPago2).toBe(150_075);
    expect(avisos).toEqual([
      {
        campo: "importeDerrama",
        mensaje: "Se ha leído el punto de «12.5» como coma decimal: 12,50 €",
      },
      {
        campo: "ramellPago2",
        mensaje: "Se ha leído el punto de «1500.75» como coma decimal: 1.500,75 €",
      },
    ]);
  });

  it("leen sin avisos los importes escritos con coma decimal o sin decimales", () => {
    const { socio, errores, avisos } = leer({
      importeDerrama: "1.234,56",
      ramellPago1: "12,5",
      ramellPago2: "300",
    });
    expect(errores).toEqual([]);
    expect(avisos).toEqual([]);
    expect([socio.importeDerrama, socio.ramellPago1, socio.ramellPago2]).toEqual([
      123_456, 1250, 30_000,
    ]);
  });

  it("rechazan los puntos que no agrupan miles junto a una coma", () => {
    const { errores } = leer({ importeDerrama: "1.2,50" });
    expect(errores).toEqual([{ campo: "importeDerrama", mensaje: "Introduce un importe válido" }]);
  });

  it("de un Excel, un número es un número: 12,5 y 1,234 no se leen como miles", async () => {
    const libro = new ExcelJS.Workbook();
    const ws = libro.addWorksheet("Socios");
    ws.addRow(["Nombre", "Apellidos", "Importe de derrama", "Ramell pago 1"]);
    ws.addRow(["Pepa", "Ferrándiz", 12.5, 1.234]);
    const hoja = await leerHoja(Buffer.from(await libro.xlsx.writeBuffer()));
    const [importe = "", ramell = ""] = hoja.filas[0]?.celdas.slice(2) ?? [];
    const { socio, errores, avisos } = leer({ importeDerrama: importe, ramellPago1: ramell });
    expect(socio.importeDerrama).toBe(1250);
    expect(avisos).toEqual([]);
    expect(errores).toEqual([
      { campo: "ramellPago1", mensaje: "El importe no puede tener más de dos decimales" },
    ]);
  });
});
