import type { CategoriaTesoreria, CuentaTesoreria, Movimiento } from "@fila/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { simularApi } from "../../test/api-simulada";
import { pintarEnRuta } from "../../test/listas";
import { ProductosPage } from "../productos/productos-page";
import type { ResultadoExtracto } from "./extractos-logica";

const { rutas: rutasApi, llamadas } = simularApi();

/** Chooses `nombre` in the dropdown of the Select `campo` (its own list, not another's). */
async function elegir(campo: HTMLElement, nombre: string) {
  fireEvent.click(campo);
  await waitFor(() => expect(campo.getAttribute("aria-controls")).toBeTruthy());
  const opciones = document.getElementById(
    campo.getAttribute("aria-controls") ?? "",
  ) as HTMLElement;
  fireEvent.click(within(opciones).getByRole("option", { name: nombre, hidden: true }));
}

const lista = (items: unknown[]) => ({ items, total: items.length, page: 1, pageSize: 50 });

const CAJA: CuentaTesoreria = {
  id: 1,
  nombre: "Caja",
  tipo: "caja",
  iban: "",
  saldoInicial: 0,
  fechaSaldoInicial: "2026-01-01",
  activo: true,
  saldo: 150.25,
  numMovimientos: 3,
};
const BANCO: CuentaTesoreria = {
  ...CAJA,
  id: 2,
  nombre: "Banco",
  tipo: "banco",
  iban: "ES9121000418450200051332",
  saldo: 6317,
};
const cat = (id: number, nombre: string, tipo: "ingreso" | "gasto", codigoPgc: string) =>
  ({ id, nombre, tipo, codigoPgc, clave: null, activo: true }) satisfies CategoriaTesoreria;
const CATEGORIAS = [
  cat(1, "Cuotas", "ingreso", "720"),
  cat(14, "Pólvora", "gasto", "602"),
  cat(15, "Música y bandas", "gasto", "629"),
  cat(18, "Comisiones bancarias", "gasto", "626"),
];
const MOVIMIENTO: Movimiento = {
  id: 40,
  idCuenta: 2,
  cuenta: "Banco",
  fecha: "2026-11-10",
  anyo: 2026,
  concepto: "Remesa de noviembre",
  importe: 4820.5,
  proveedor: "",
  origen: { tipo: "remesa", id: 3 },
  idCorrige: null,
  idCorregidoPor: null,
  fechaOriginal: null,
  idLineaExtracto: null,
  nota: "",
  lineas: [
    {
      idCategoria: 1,
      categoria: "Cuotas",
      tipoCategoria: "ingreso",
      codigoPgc: "720",
      importe: 4820.5,
    },
  ],
  numDocumentos: 0,
  saldo: 6320.5,
  creadoEn: "2026-11-10T10:00:00Z",
};

function servirTesoreria() {
  rutasApi["GET /api/tesoreria/cuentas"] = () => ({ status: 200, cuerpo: lista([CAJA, BANCO]) });
  rutasApi["GET /api/tesoreria/categorias"] = () => ({ status: 200, cuerpo: lista(CATEGORIAS) });
  rutasApi["GET /api/tesoreria/ajustes"] = () => ({
    status: 200,
    cuerpo: { idCuentaBanco: 2, idCuentaTpv: 2 },
  });
  rutasApi["GET /api/tesoreria/movimientos"] = () => ({
    status: 200,
    cuerpo: { ...lista([MOVIMIENTO]), totalIngresos: 4820.5, totalGastos: 0, neto: 4820.5 },
  });
}

describe("la pestaña Tesorería de Cuotas", () => {
  it("se abre con ?vista=tesoreria: el saldo de cada cuenta y el libro con su saldo tras cada movimiento", async () => {
    rutasApi["GET /api/productos"] = () => ({ status: 200, cuerpo: lista([]) });
    servirTesoreria();
    const { consulta } = pintarEnRuta(<ProductosPage />, "/productos");
    // The treasury's requests wait for its tab.
    expect(await screen.findByRole("button", { name: "Nuevo producto" })).toBeTruthy();
    expect(llamadas.some((l) => l.url.pathname.startsWith("/api/tesoreria"))).toBe(false);

    fireEvent.click(screen.getByRole("tab", { name: "Tesorería" }));
    expect(consulta()).toBe("?vista=tesoreria");
    // The tab's chunk loads first (slow on a busy machine).
    expect(
      await screen.findByRole("button", { name: "Caja 150,25 €" }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Banco 6.317,00 €" })).toBeTruthy();
    const fila = (await screen.findByText("Remesa de noviembre")).closest("tr");
    expect(fila?.textContent).toContain("Cuotas (720)");
    expect(fila?.textContent).toContain("Remesa");
    expect(fila?.textContent).toContain("4.820,50 €");
    expect(fila?.textContent).toContain("6.320,50 €");
    expect(screen.getByTestId("totales-libro").textContent).toBe(
      "Ingresos 4.820,50 € · Gastos 0,00 € · Neto 4.820,50 €",
    );

    // Choosing an account's balance filters the book by it, in the URL.
    fireEvent.click(screen.getByRole("button", { name: "Caja 150,25 €" }));
    expect(consulta()).toBe("?vista=tesoreria&idCuenta=1");
    await waitFor(() => expect(llamadas.at(-1)?.url.searchParams.get("idCuenta")).toBe("1"));

    fireEvent.click(screen.getByRole("tab", { name: "Presupuesto" }));
    expect(consulta()).toBe("?vista=tesoreria&seccion=presupuesto");
  }, 30_000);

  it("un gasto en dos categorías que no suman lo dice en castellano, y al cuadrar se anota con su factura", async () => {
    servirTesoreria();
    rutasApi["POST /api/tesoreria/movimientos"] = (init) => ({
      status: 201,
      cuerpo: { ...MOVIMIENTO, id: 41, ...JSON.parse(String(init.body)) },
    });
    rutasApi["POST /api/tesoreria/movimientos/41/documentos"] = () => ({
      status: 201,
      cuerpo: { id: 1, idMovimiento: 41, nombreArchivo: "factura.jpg" },
    });
    pintarEnRuta(<ProductosPage />, "/productos?vista=tesoreria");
    const nuevo = await screen.findByRole("button", { name: "Nuevo gasto" }, { timeout: 10_000 });
    await waitFor(() => expect(nuevo).toHaveProperty("disabled", false));
    fireEvent.click(nuevo);
    const dialogo = await screen.findByRole("dialog", { name: "Nuevo gasto" });
    fireEvent.change(within(dialogo).getByLabelText(/^Importe/), { target: { value: "350,50" } });
    fireEvent.change(within(dialogo).getByLabelText(/^Concepto/), {
      target: { value: "Traca y banda del 9 d'Octubre" },
    });
    fireEvent.change(within(dialogo).getByLabelText(/^Proveedor/), {
      target: { value: "Pirotecnia Martí" },
    });
    // The account starts as the bank of the settings.
    expect((within(dialogo).getByLabelText(/^Cuenta/) as HTMLInputElement).value).toBe("Banco");

    await elegir(within(dialogo).getByLabelText(/^Categoría/), "Pólvora (602)");
    fireEvent.click(within(dialogo).getByRole("button", { name: "Repartir en otra categoría" }));
    await elegir(within(dialogo).getByLabelText(/^Categoría 2/), "Música y bandas (629)");
    fireEvent.change(within(dialogo).getByLabelText(/^Importe 1/), { target: { value: "200" } });
    fireEvent.change(within(dialogo).getByLabelText(/^Importe 2/), { target: { value: "100" } });
    expect(within(dialogo).getByTestId("reparto-lineas").textContent).toBe(
      "Falta repartir 50,50 €.",
    );

    const foto = new File(["jpeg"], "factura.jpg", { type: "image/jpeg" });
    const entradas = dialogo.querySelectorAll<HTMLInputElement>('input[type="file"]');
    // The first offers the phone's camera.
    expect(entradas[0]?.getAttribute("capture")).toBe("environment");
    expect(entradas[1]?.getAttribute("accept")).toBe("image/*,application/pdf");
    fireEvent.change(entradas[0] as HTMLInputElement, { target: { files: [foto] } });
    expect(within(dialogo).getByText("factura.jpg")).toBeTruthy();

    fireEvent.click(within(dialogo).getByRole("button", { name: "Guardar" }));
    expect(
      await within(dialogo).findByText(
        "Las líneas suman 300,00 € y el movimiento es de 350,50 €: faltan 50,50 € por repartir",
      ),
    ).toBeTruthy();
    expect(llamadas.some((l) => l.metodo === "POST")).toBe(false);

    fireEvent.change(within(dialogo).getByLabelText(/^Importe 2/), { target: { value: "150,50" } });
    expect(within(dialogo).getByTestId("reparto-lineas").textContent).toBe(
      "Las líneas suman el importe.",
    );
    fireEvent.click(within(dialogo).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const posts = llamadas.filter((l) => l.metodo === "POST");
    expect(JSON.parse(String(posts[0]?.init.body))).toMatchObject({
      idCuenta: 2,
      concepto: "Traca y banda del 9 d'Octubre",
      importe: -350.5,
      proveedor: "Pirotecnia Martí",
      lineas: [
        { idCategoria: 14, importe: -200 },
        { idCategoria: 15, importe: -150.5 },
      ],
    });
    expect(posts[1]?.url.pathname).toBe("/api/tesoreria/movimientos/41/documentos");
    expect((posts[1]?.init.body as FormData | undefined)?.get("archivo")).toBeInstanceOf(File);
  }, 30_000);
});

describe("importar un extracto", () => {
  const previa = (confirmado: boolean, saldoLibro: number): ResultadoExtracto => ({
    formato: "norma43",
    confirmado,
    cuentas: [
      {
        idExtracto: confirmado ? 5 : null,
        idCuenta: 2,
        cuenta: "Banco",
        iban: BANCO.iban,
        fechaDesde: "2026-11-01",
        fechaHasta: "2026-11-30",
        saldoInicial: 1500,
        saldoFinal: 6317,
        saldoLibro,
        diferencia: Math.round((6317 - saldoLibro) * 100) / 100,
        lineas: [
          {
            id: confirmado ? 101 : null,
            n: 1,
            linea: 2,
            fechaOperacion: "2026-11-10",
            fechaValor: "2026-11-11",
            importe: 4820.5,
            concepto: "REMESA 2026-11",
            conceptos: [],
            conceptoComun: null,
            conceptoPropio: null,
            documento: null,
            referencia1: null,
            referencia2: null,
            endToEndId: null,
            referenciaBanco: null,
            estado: confirmado ? "conciliada" : "pendiente",
            propuesta: confirmado
              ? null
              : {
                  accion: "conciliar",
                  regla: "remesa",
                  movimientos: [
                    {
                      id: 40,
                      fecha: "2026-11-10",
                      concepto: "Remesa de noviembre",
                      importe: 4820.5,
                      origen: { tipo: "remesa", id: 3 },
                    },
                  ],
                  comision: 0,
                },
            movimientos: [],
          },
          {
            id: confirmado ? 102 : null,
            n: 2,
            linea: 4,
            fechaOperacion: "2026-11-15",
            fechaValor: "2026-11-15",
            importe: -3.5,
            concepto: "COMISION MANTENIMIENTO",
            conceptos: [],
            conceptoComun: null,
            conceptoPropio: null,
            documento: null,
            referencia1: null,
            referencia2: null,
            endToEndId: null,
            referenciaBanco: null,
            estado: confirmado ? "conciliada" : "pendiente",
            propuesta: confirmado
              ? null
              : { accion: "nuevo", idCategoria: null, categoria: null, idRegla: null },
            movimientos: [],
          },
        ],
      },
    ],
  });

  it("la previa propone, la tesorera crea la comisión, ve banco y libro cuadrar y aplica", async () => {
    servirTesoreria();
    rutasApi["GET /api/tesoreria/conciliacion"] = () => ({ status: 200, cuerpo: [] });
    rutasApi["GET /api/tesoreria/extractos"] = () => ({ status: 200, cuerpo: lista([]) });
    rutasApi["GET /api/tesoreria/reglas"] = () => ({ status: 200, cuerpo: lista([]) });
    rutasApi["POST /api/tesoreria/extractos"] = (_init, url) =>
      url.searchParams.get("confirmar") === "1"
        ? { status: 201, cuerpo: previa(true, 6317) }
        : { status: 200, cuerpo: previa(false, 6320.5) };
    pintarEnRuta(<ProductosPage />, "/productos?vista=tesoreria&seccion=extractos");
    await screen.findByRole(
      "heading",
      { name: "Importar un extracto del banco" },
      { timeout: 10_000 },
    );
    const n43 = new File(["11…"], "noviembre.n43", { type: "text/plain" });
    fireEvent.change(document.querySelector('input[type="file"]') as HTMLInputElement, {
      target: { files: [n43] },
    });

    const paso = await screen.findByRole("region", { name: "Conciliar noviembre.n43" });
    const remesa = within(paso).getByRole("article", { name: "Línea 1 del extracto" });
    expect(within(remesa).getByTestId("propuesta").textContent).toBe(
      "Propuesta: la remesa — 10/11/2026 · Remesa de noviembre · 4.820,50 €",
    );
    const saldos = within(paso).getByTestId("saldos-extracto-2");
    expect(saldos.textContent).toContain("Banco6.317,00 €");
    expect(saldos.textContent).toContain("Libro6.320,50 €");
    expect(saldos.textContent).toContain("Diferencia-3,50 €");

    // The fee: nothing in the book, so a new movement in Comisiones bancarias.
    const comision = within(paso).getByRole("article", { name: "Línea 2 del extracto" });
    await elegir(within(comision).getByLabelText("Qué hacer con la línea 2"), "Movimiento nuevo");
    expect(within(comision).getByRole("alert").textContent).toBe(
      "Elige la categoría del movimiento nuevo",
    );
    expect(within(paso).getByRole("button", { name: "Aplicar" })).toHaveProperty("disabled", true);
    await elegir(
      within(comision).getByLabelText("Categoría de la línea 2"),
      "Comisiones bancarias (626)",
    );
    expect(saldos.textContent).toContain("Libro6.317,00 €");
    expect(saldos.textContent).toContain("Diferencia0,00 €");

    fireEvent.click(within(paso).getByRole("button", { name: "Aplicar" }));
    expect(
      await screen.findByText(
        "Saldo del banco 6.317,00 € · saldo del libro 6.317,00 € · diferencia 0,00 €",
      ),
    ).toBeTruthy();
    expect(screen.getByText("Banco: el banco y el libro cuadran")).toBeTruthy();
    const envio = llamadas.find((l) => l.url.searchParams.get("confirmar") === "1");
    const datos = envio?.init.body as FormData;
    expect(datos.get("archivo")).toBeInstanceOf(File);
    expect(JSON.parse(String(datos.get("decisiones")))).toEqual([
      { n: 1, accion: "conciliar", idsMovimiento: [40] },
      { n: 2, accion: "nuevo", idCategoria: 18 },
    ]);
  }, 30_000);
});

describe("presupuesto y cuentas del año", () => {
  const fila = (
    idCategoria: number,
    categoria: string,
    tipo: "ingreso" | "gasto",
    presupuesto: number,
    real: number,
  ) => ({
    idCategoria,
    categoria,
    tipo,
    codigoPgc: "",
    presupuesto,
    real,
    desviacion: real - presupuesto,
    meses: Array(12).fill(0),
  });

  it("el presupuesto muestra lo real y la desviación, y guarda lo que la asamblea aprobó", async () => {
    const lineas = [
      fila(1, "Cuotas", "ingreso", 20000, 19500),
      fila(14, "Pólvora", "gasto", 3000, 3200),
    ];
    rutasApi["GET /api/tesoreria/presupuestos/2026"] = () => ({
      status: 200,
      cuerpo: {
        anyo: 2026,
        cerrado: false,
        lineas,
        ingresos: { presupuesto: 20000, real: 19500, desviacion: -500 },
        gastos: { presupuesto: 3000, real: 3200, desviacion: 200 },
      },
    });
    rutasApi["PUT /api/tesoreria/presupuestos/2026"] = (init) => ({
      status: 200,
      cuerpo: { ...JSON.parse(String(init.body)), anyo: 2026 },
    });
    pintarEnRuta(<ProductosPage />, "/productos?vista=tesoreria&seccion=presupuesto&anyo=2026");
    const gastos = await screen.findByRole(
      "table",
      { name: "Presupuesto de Gastos" },
      { timeout: 10_000 },
    );
    const polvora = within(gastos).getByText("Pólvora").closest("tr");
    expect(polvora?.textContent).toContain("3.200,00 €");
    expect(polvora?.textContent).toContain("200,00 €");
    expect(screen.getByTestId("resultado-presupuesto").textContent).toBe(
      "Resultado presupuestado: 17.000,00 € · resultado real: 16.300,00 €",
    );
    const guardar = screen.getByRole("button", { name: "Guardar el presupuesto" });
    expect(guardar).toHaveProperty("disabled", true);
    fireEvent.change(screen.getByLabelText("Presupuesto de Pólvora"), {
      target: { value: "3500" },
    });
    fireEvent.click(guardar);
    await waitFor(() => expect(llamadas.some((l) => l.metodo === "PUT")).toBe(true));
    const envio = llamadas.find((l) => l.metodo === "PUT");
    expect(JSON.parse(String(envio?.init.body))).toEqual({
      lineas: [
        { idCategoria: 1, importe: 20000 },
        { idCategoria: 14, importe: 3500 },
      ],
    });
  }, 30_000);

  it("las cuentas del año muestran las partidas y los saldos, y cierran el año", async () => {
    rutasApi["GET /api/tesoreria/cierres"] = () => ({ status: 200, cuerpo: [] });
    rutasApi["GET /api/tesoreria/cuentas-anuales"] = () => ({
      status: 200,
      cuerpo: {
        anyo: 2026,
        cerrado: false,
        partidas: [
          {
            clave: "1.a",
            texto: "Cuotas de asociados y afiliados",
            importe: 19500,
            categorias: [{ idCategoria: 1, categoria: "Cuotas", codigoPgc: "720", importe: 19500 }],
          },
          {
            clave: "6",
            texto: "Aprovisionamientos",
            importe: -3200,
            categorias: [
              { idCategoria: 14, categoria: "Pólvora", codigoPgc: "602", importe: -3200 },
            ],
          },
        ],
        totalIngresos: 19500,
        totalGastos: -3200,
        resultado: 16300,
        cuentas: [
          { idCuenta: 1, cuenta: "Caja", tipo: "caja", saldoInicio: 100, saldoFin: 400 },
          { idCuenta: 2, cuenta: "Banco", tipo: "banco", saldoInicio: 1000, saldoFin: 17000 },
        ],
        saldoInicio: 1100,
        saldoFin: 17400,
        pendienteCobro: { importe: 450, numCargos: 3 },
        presupuesto: null,
      },
    });
    rutasApi["POST /api/tesoreria/cierres"] = () => ({
      status: 201,
      cuerpo: { anyo: 2026, cerradoEn: "2027-01-10T10:00:00Z", idUsuario: 1 },
    });
    pintarEnRuta(<ProductosPage />, "/productos?vista=tesoreria&seccion=cuentas-anuales&anyo=2026");
    const partidas = await screen.findByRole(
      "table",
      { name: "Cuenta de resultados" },
      { timeout: 10_000 },
    );
    expect(
      within(partidas).getByText("6. Aprovisionamientos").closest("tr")?.textContent,
    ).toContain("-3.200,00 €");
    expect(within(partidas).getByText("Pólvora (602)")).toBeTruthy();
    const saldos = screen.getByRole("table", { name: "Saldos de caja y bancos" });
    expect(within(saldos).getByText("Total").closest("tr")?.textContent).toBe(
      "Total1.100,00 €17.400,00 €",
    );
    expect(screen.getByTestId("pendiente-cobro").textContent).toBe(
      "Cargos de socios por cobrar: 450,00 € (3 cargos)",
    );
    fireEvent.click(screen.getByRole("button", { name: "Cerrar 2026" }));
    const dialogo = await screen.findByRole("dialog", { name: "Cerrar la tesorería de 2026" });
    fireEvent.click(within(dialogo).getByRole("button", { name: "Cerrar el año" }));
    await waitFor(() => expect(llamadas.some((l) => l.metodo === "POST")).toBe(true));
    const envio = llamadas.find((l) => l.metodo === "POST");
    expect(JSON.parse(String(envio?.init.body))).toEqual({ anyo: 2026 });
  }, 30_000);
});
