import type { CategoriaTesoreria, CuentaTesoreria } from "@fila/domain";
import { describe, expect, it } from "vitest";
import {
  anyadirLinea,
  anyoDeUrl,
  categoriasDe,
  comprobarLineas,
  cuerpoMovimiento,
  cuerpoPresupuesto,
  datosGraficoPresupuesto,
  datosMensuales,
  desviacionFavorable,
  diferenciaSaldos,
  type FilaPresupuesto,
  saldos,
  seccionDeUrl,
  type ValoresMovimiento,
} from "./tesoreria-logica";

const base: ValoresMovimiento = {
  tipo: "gasto",
  idCuenta: "2",
  fecha: "2026-12-06",
  concepto: " Factura pólvora ",
  importe: 120.5,
  proveedor: " Pirotecnia Martí ",
  nota: "",
  lineas: [{ idCategoria: "14", importe: "" }],
};

describe("las líneas de un movimiento", () => {
  it("con una sola línea, la línea es todo el importe (no se pregunta)", () => {
    expect(comprobarLineas(base)).toEqual({ total: null, porLinea: [null], pendienteCentimos: 0 });
    expect(cuerpoMovimiento(base)).toEqual({
      idCuenta: 2,
      fecha: "2026-12-06",
      concepto: "Factura pólvora",
      importe: -120.5,
      proveedor: "Pirotecnia Martí",
      nota: "",
      lineas: [{ idCategoria: 14, importe: -120.5 }],
    });
  });

  it("un ingreso va en positivo, con sus líneas", () => {
    const v: ValoresMovimiento = {
      ...base,
      tipo: "ingreso",
      importe: 1000,
      lineas: [
        { idCategoria: "7", importe: 600 },
        { idCategoria: "8", importe: 400 },
      ],
    };
    expect(cuerpoMovimiento(v).importe).toBe(1000);
    expect(cuerpoMovimiento(v).lineas).toEqual([
      { idCategoria: 7, importe: 600 },
      { idCategoria: 8, importe: 400 },
    ]);
  });

  it("varias líneas deben sumar el importe al céntimo: dice cuánto falta o sobra", () => {
    // 0,1 + 0,2 en coma flotante no es 0,3: se suma en céntimos.
    expect(
      comprobarLineas({
        importe: 0.3,
        lineas: [
          { idCategoria: "1", importe: 0.1 },
          { idCategoria: "2", importe: 0.2 },
        ],
      }).total,
    ).toBeNull();
    expect(
      comprobarLineas({
        importe: 120.5,
        lineas: [
          { idCategoria: "1", importe: 100 },
          { idCategoria: "2", importe: 20 },
        ],
      }),
    ).toEqual({
      total: { tipo: "faltan", centimos: 50, sumaCentimos: 12000 },
      porLinea: [null, null],
      pendienteCentimos: 50,
    });
    expect(
      comprobarLineas({
        importe: 100,
        lineas: [
          { idCategoria: "1", importe: 100 },
          { idCategoria: "2", importe: 0.01 },
        ],
      }).total,
    ).toEqual({ tipo: "sobran", centimos: 1, sumaCentimos: 10001 });
  });

  it("cada línea con su categoría, una vez, y su importe; el movimiento con importe", () => {
    expect(
      comprobarLineas({
        importe: 50,
        lineas: [
          { idCategoria: "", importe: 10 },
          { idCategoria: "3", importe: 20 },
          { idCategoria: "3", importe: 20 },
          { idCategoria: "4", importe: "" },
        ],
      }).porLinea,
    ).toEqual(["sinCategoria", null, "repetida", "sinImporte"]);
    expect(comprobarLineas({ ...base, importe: "" }).total).toEqual({ tipo: "sinImporte" });
    expect(comprobarLineas({ ...base, importe: 0 }).total).toEqual({ tipo: "sinImporte" });
  });

  it("repartir en otra línea deja el importe en la primera y la nueva vacía", () => {
    const dos = anyadirLinea(base);
    expect(dos).toEqual([
      { idCategoria: "14", importe: 120.5 },
      { idCategoria: "", importe: "" },
    ]);
    // Con dos líneas que no llegan, la tercera propone lo que falta.
    const tres = anyadirLinea({
      importe: 120.5,
      lineas: [
        { idCategoria: "14", importe: 100 },
        { idCategoria: "15", importe: 20 },
      ],
    });
    expect(tres[2]).toEqual({ idCategoria: "", importe: 0.5 });
  });
});

const cat = (id: number, nombre: string, tipo: "ingreso" | "gasto", activo = true) =>
  ({ id, nombre, tipo, codigoPgc: "629", clave: null, activo }) as CategoriaTesoreria;

it("una línea ofrece las categorías activas del tipo del movimiento, por nombre", () => {
  const todas = [
    cat(1, "Pólvora", "gasto"),
    cat(2, "Cuotas", "ingreso"),
    cat(3, "Música y bandas", "gasto"),
    cat(4, "Antigua", "gasto", false),
  ];
  expect(categoriasDe(todas, "gasto").map((c) => c.nombre)).toEqual(["Música y bandas", "Pólvora"]);
});

it("los saldos de caja y banco se suman en céntimos", () => {
  const cuenta = (id: number, tipo: "caja" | "banco", saldo: number) =>
    ({ id, tipo, saldo }) as CuentaTesoreria;
  expect(
    saldos([cuenta(1, "caja", 0.1), cuenta(2, "banco", 0.2), cuenta(3, "banco", 1000)]),
  ).toEqual({ caja: 0.1, banco: 1000.2, total: 1000.3 });
  expect(diferenciaSaldos(6317, 6316.5)).toBe(0.5);
  expect(diferenciaSaldos(0.3, 0.1 + 0.2)).toBe(0);
});

describe("el presupuesto", () => {
  const fila = (
    idCategoria: number,
    categoria: string,
    tipo: "ingreso" | "gasto",
    presupuesto: number,
    real: number,
    meses: number[] = Array(12).fill(0),
  ): FilaPresupuesto => ({
    idCategoria,
    categoria,
    tipo,
    codigoPgc: "",
    presupuesto,
    real,
    desviacion: real - presupuesto,
    meses,
  });

  it("el gráfico lleva las categorías del tipo con algo, la mayor primero", () => {
    const lineas = [
      fila(1, "Pólvora", "gasto", 3000, 3200),
      fila(2, "Seguros", "gasto", 0, 0),
      fila(3, "Música", "gasto", 8000, 7500),
      fila(4, "Cuotas", "ingreso", 20000, 19000),
    ];
    expect(datosGraficoPresupuesto(lineas, "gasto")).toEqual([
      { categoria: "Música", presupuesto: 8000, real: 7500 },
      { categoria: "Pólvora", presupuesto: 3000, real: 3200 },
    ]);
  });

  it("los meses suman ingresos y gastos de todas las categorías", () => {
    const enero = (v: number) => [v, ...Array(11).fill(0)];
    const datos = datosMensuales(
      [
        fila(1, "Cuotas", "ingreso", 0, 0.1, enero(0.1)),
        fila(2, "Bar", "ingreso", 0, 0.2, enero(0.2)),
        fila(3, "Pólvora", "gasto", 0, 50, enero(50)),
      ],
      ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"],
    );
    expect(datos[0]).toEqual({ mes: "ene", ingresos: 0.3, gastos: 50 });
    expect(datos[1]).toEqual({ mes: "feb", ingresos: 0, gastos: 0 });
  });

  it("una desviación es buena con más ingresos o menos gastos", () => {
    expect(desviacionFavorable("ingreso", 100)).toBe(true);
    expect(desviacionFavorable("ingreso", -100)).toBe(false);
    expect(desviacionFavorable("gasto", -100)).toBe(true);
    expect(desviacionFavorable("gasto", 0.001)).toBeNull();
  });

  it("se guarda cada línea con importe, redondeada al céntimo", () => {
    expect(cuerpoPresupuesto({ 1: 3000, 2: "", 3: 0, 4: 10.005 })).toEqual({
      lineas: [
        { idCategoria: 1, importe: 3000 },
        { idCategoria: 4, importe: 10.01 },
      ],
    });
  });
});

it("la sección y el año salen de la URL", () => {
  expect(seccionDeUrl(new URLSearchParams("vista=tesoreria"))).toBe("libro");
  expect(seccionDeUrl(new URLSearchParams("seccion=presupuesto"))).toBe("presupuesto");
  expect(seccionDeUrl(new URLSearchParams("seccion=nada"))).toBe("libro");
  const hoy = new Date(2026, 11, 6);
  expect(anyoDeUrl(new URLSearchParams("anyo=2025"), hoy)).toBe(2025);
  expect(anyoDeUrl(new URLSearchParams("anyo=1999"), hoy)).toBe(2026);
  expect(anyoDeUrl(new URLSearchParams(""), hoy)).toBe(2026);
});

it("un importe escrito con su cero final llega como texto y vale igual", () => {
  expect(
    comprobarLineas({
      importe: "350.50",
      lineas: [
        { idCategoria: "1", importe: 200 },
        { idCategoria: "2", importe: "150.50" },
      ],
    }).total,
  ).toBeNull();
  expect(cuerpoPresupuesto({ 1: "3000.00", 2: "abc" })).toEqual({
    lineas: [{ idCategoria: 1, importe: 3000 }],
  });
});
