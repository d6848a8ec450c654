import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { AppPage, CUENTAS, PASSWORD_DEMO } from "../page-models/app-page";

const CONCEPTO = "Cuota de Pau (pago en línea e2e)";
const escapar = (s: string) => s.replace(/[()]/g, "\\$&");

test.use({ viewport: { width: 390, height: 844 } });

test("en el móvil, Jordi paga con Bizum la cuota de su hijo en el banco y descarga el recibo", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(60_000);
  // The board puts a charge on Jordi's son (Jordi pays for him).
  const login = await request.post("/api/login", {
    data: { email: CUENTAS.administrador.email, password: PASSWORD_DEMO },
  });
  const admin = {
    authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`,
  };
  const socios = await request.get("/api/socios?q=Pau%20Pastor%20Ferr%C3%A1ndiz", {
    headers: admin,
  });
  const pau = ((await socios.json()) as { items: { id: number }[] }).items[0];
  expect(pau).toBeDefined();
  const cargo = await request.post("/api/pagos", {
    headers: admin,
    data: { idSocio: pau?.id, concepto: CONCEPTO, importe: 37.5, fechaVencimiento: "2026-12-31" },
  });
  expect(cargo.status()).toBe(201);

  const app = new AppPage(page);
  await app.entrarConSesion(CUENTAS.usuario);

  // From the home's pending-debt card (below the phone's first screen: down to it): every
  // pending charge comes ticked; he keeps his son's cuota.
  await app.verLoDeDebajo();
  await page
    .getByRole("region", { name: "Mis pagos pendientes" })
    .getByRole("button", { name: "Pagar ahora" })
    .click();
  const dialogo = page.getByRole("dialog", { name: "Pagar en línea" });
  const deLaCuota = dialogo.getByRole("checkbox", { name: new RegExp(escapar(CONCEPTO)) });
  await expect(deLaCuota).toBeChecked();
  for (const casilla of await dialogo.getByRole("checkbox").all()) await casilla.uncheck();
  await deLaCuota.check();
  await dialogo.getByText("Bizum", { exact: true }).click();
  await expect(dialogo.getByTestId("total-pago-online")).toHaveText("Total: 37,50 €");
  await dialogo.getByRole("button", { name: "Ir a la página del banco" }).click();

  // The bank's page (the simulated Redsys): Bizum, the exact amount.
  await expect(page.getByRole("heading", { name: "Pago con Bizum" })).toBeVisible();
  await expect(page.getByText("Importe: 37,50 €")).toBeVisible();
  await page.getByRole("button", { name: "Pagar" }).click();

  // Back in the app: paid, with the receipt.
  await app.esperarRuta("pago-online/\\d{12}");
  await expect(page.getByRole("heading", { name: "Pago hecho", level: 1 })).toBeVisible();
  await expect(page.getByText("Bizum", { exact: true })).toBeVisible();
  const boton = page.getByRole("button", {
    name: `Descargar recibo de «${CONCEPTO}»`,
    exact: false,
  });
  const [descarga] = await Promise.all([page.waitForEvent("download"), boton.click()]);
  expect(descarga.suggestedFilename()).toMatch(/\.pdf$/);
  const contenido = await readFile(await descarga.path());
  expect(contenido.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // Mis pagos shows it paid.
  await app.irA("mispagos");
  await expect(page.getByRole("listitem", { name: new RegExp(escapar(CONCEPTO)) })).toContainText(
    "Pagado",
  );

  // The board sees the order in Pagos → Pagos en línea, filtered, and exports it.
  const contexto = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const paginaJunta = await contexto.newPage();
  const junta = new AppPage(paginaJunta);
  await junta.entrarConSesion(CUENTAS.administrador, "pagos");
  await paginaJunta.getByRole("tab", { name: "Pagos en línea" }).click();
  await paginaJunta.getByRole("combobox", { name: "Estado" }).click();
  await paginaJunta.getByRole("option", { name: "Pagado" }).click();
  const fila = paginaJunta.getByRole("row").filter({ hasText: CONCEPTO });
  await expect(fila).toContainText("Jordi Pastor Gisbert");
  await expect(fila).toContainText("37,50 €");
  await expect(fila).toContainText("Bizum");
  await expect(fila).toContainText("Pagado");
  const [csv] = await Promise.all([
    paginaJunta.waitForEvent("download"),
    paginaJunta.getByRole("button", { name: "Exportar CSV" }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^pagos-en-linea-.*\.csv$/);
  expect(await readFile(await csv.path(), "utf8")).toContain(CONCEPTO);
  await contexto.close();
});
