import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { AppPage, CUENTAS } from "../page-models/app-page";
import { euros, PagosPage } from "../page-models/pagos-page";

// A year with no demo data, so that the figures below are only this test's (not next year: the
// demo's events, a few weeks ahead, fall in it in December).
const ANYO = new Date().getFullYear() + 3;
const PRODUCTO = `Cuota e2e ${ANYO}`;
const plazo = (n: number) => `${PRODUCTO} (plazo ${n}/4)`;
const JORDI = "Jordi Pastor Gisbert";

// The three tests tell one story: fees emitted and collected, then seen by the family.
test.describe.configure({ mode: "serial" });

test("la tesorera crea la cuota del año que viene, la emite con vista previa y registra un cobro y un cobro parcial", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const app = new AppPage(page);
  const pagos = new PagosPage(page);
  await app.entrarConSesion(CUENTAS.administrador);

  // Cuotas: a product for next year, cheaper for the Infantil type.
  await app.abrirMenu();
  await app.menu().getByRole("link", { name: "Cuotas" }).click();
  await app.esperarRuta("productos");
  await page.getByRole("textbox", { name: "Año" }).fill(String(ANYO));
  await expect(page.getByText(`No hay productos en ${ANYO}`)).toBeVisible();
  await pagos.crearProducto({
    nombre: PRODUCTO,
    precio: "100",
    preciosPorTipo: { Infantil: "40" },
  });
  const fila = pagos.filaProducto(PRODUCTO);
  await expect(fila).toContainText("100,00 €");
  await expect(fila).toContainText("Activo");

  // Copied to the year after, with its prices.
  await page.getByRole("button", { name: "Copiar al año siguiente" }).click();
  const copia = pagos.dialogo("Copiar productos al año siguiente");
  await expect(copia).toContainText(`de ${ANYO} a ${ANYO + 1}`);
  await expect(copia.getByRole("list", { name: "Productos que se copian" })).toContainText(
    PRODUCTO.replace(String(ANYO), String(ANYO + 1)),
  );
  await copia.getByRole("button", { name: "Copiar" }).click();
  await expect(page.getByText(`Productos copiados a ${ANYO + 1}`)).toBeVisible();
  await expect(page.getByText("Copiados: 1. No copiados: 0.")).toBeVisible();

  // Emit it: preview, confirm, and the list of the year agrees with the preview.
  await page.getByRole("link", { name: "Ver cargos del año" }).click();
  await app.esperarRuta(`pagos\\?anyo=${ANYO}`);
  await expect(pagos.total("cargos")).toContainText("0");
  const previa = await pagos.emitir(PRODUCTO);
  expect(previa.cargos).toBeGreaterThan(0);
  expect(previa.yaExistian).toBe(0);
  expect(previa.nuevos).toBe(previa.cargos);
  await expect(page.getByText(`Se han creado ${previa.nuevos} cargos`)).toBeVisible();
  await expect(pagos.total("cargos")).toHaveText(String(previa.cargos));
  await expect(pagos.total("importe")).toContainText(previa.importe);
  await expect(pagos.total("pendiente")).toContainText(previa.importe);

  // Jordi pays trimestral for his family: four instalments each, the Infantil one at 40 €.
  await pagos.buscar(JORDI);
  await expect(pagos.total("cargos")).toHaveText("16");
  await expect(pagos.total("importe")).toContainText("340,00 €");
  await expect(pagos.filaCargo(plazo(1), JORDI)).toContainText("25,00 €");
  await expect(pagos.filaCargo(plazo(1), "Martina Pastor Ferrándiz")).toContainText("10,00 €");

  // One payment in full, one partial: the rest of that one stays pending.
  await pagos.registrarCobro(plazo(1), JORDI, { referencia: "E2E-1" });
  await expect(page.getByText("Cobro registrado")).toBeVisible();
  await expect(pagos.filaCargo(plazo(1), JORDI)).toContainText("Pagado");
  await pagos.registrarCobro(plazo(2), JORDI, { referencia: "E2E-2", importe: "10" });
  await expect(page.getByText("Cobro parcial de 10,00 € registrado")).toBeVisible();
  await expect(pagos.total("pagado")).toContainText("35,00 €");
  await expect(pagos.total("pendiente")).toContainText("305,00 €");
  await expect(pagos.total("importe")).toContainText("340,00 €");

  // Jordi's record shows the same: his charges and those he pays for his family.
  await app.irA("socios/ficha/2");
  await expect(pagos.filaCargo(plazo(4), "Martina Pastor Ferrándiz")).toContainText("10,00 €");
  await expect(pagos.filaCargo(plazo(4), JORDI)).toContainText("25,00 €");
  await page.goBack();

  // The filtered set as a spreadsheet.
  const [xlsx] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Exportar Excel" }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
});

test("Jordi ve en Pagos sus cargos y los de su familia, con el total pendiente", async ({
  page,
}) => {
  const app = new AppPage(page);
  const pagos = new PagosPage(page);
  await app.entrarConSesion(CUENTAS.usuario);
  const enInicio = page.getByTestId("home-total-pendiente");
  await expect(enInicio).toHaveText(/€$/);
  const totalEnInicio = euros((await enInicio.textContent()) ?? "");
  await app.abrirMenu();
  await app.menu().getByRole("link", { name: "Pagos" }).click();
  await app.esperarRuta("mispagos");
  await expect(page.getByRole("heading", { name: "Mis pagos", level: 1 })).toBeVisible();

  const pendientes = pagos.seccion("Por pagar");
  await expect(pagos.tarjeta(plazo(4), JORDI)).toBeVisible();
  await expect(pagos.tarjeta(plazo(4), "Laura Ferrándiz Reig")).toBeVisible();
  await expect(pagos.tarjeta(plazo(4), "Pau Pastor Ferrándiz")).toBeVisible();
  await expect(pagos.tarjeta(plazo(4), "Martina Pastor Ferrándiz")).toContainText("10,00 €");
  await expect(pendientes.getByText("Para: Martina Pastor Ferrándiz").first()).toBeVisible();

  // What is owed this year (340 € − 25 € paid − 10 € partial), and the total is every pending card.
  const delAnyo = await pagos.importesDe(pendientes, new RegExp(PRODUCTO));
  expect(delAnyo.reduce((a, b) => a + b, 0)).toBeCloseTo(305, 2);
  const todos = await pagos.importesDe(pendientes);
  const texto = await page.getByTestId("total-pendiente").textContent();
  expect(texto).toMatch(/^Total pendiente: /);
  expect(euros(texto ?? "")).toBe(totalEnInicio);
  expect(euros(texto ?? "")).toBeCloseTo(
    todos.reduce((a, b) => a + b, 0),
    2,
  );

  // Paid ones are below, with their receipt.
  const pagados = pagos.seccion("Pagados y anulados");
  await expect(
    pagados
      .getByRole("listitem")
      .filter({ hasText: plazo(1) })
      .first(),
  ).toContainText("Pagado");
});

test("el recibo de un cargo pagado se descarga como PDF", async ({ page }) => {
  const app = new AppPage(page);
  await app.entrarConSesion(CUENTAS.usuario, "mispagos");
  const boton = page.getByRole("button", {
    name: `Descargar recibo de «${plazo(1)}» (${JORDI})`,
  });
  const [descarga] = await Promise.all([page.waitForEvent("download"), boton.click()]);
  expect(descarga.suggestedFilename()).toMatch(/\.pdf$/);
  const ruta = await descarga.path();
  const contenido = await readFile(ruta);
  expect(contenido.subarray(0, 5).toString("latin1")).toBe("%PDF-");
});
