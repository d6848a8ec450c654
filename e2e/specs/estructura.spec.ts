import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { AppPage, CUENTAS, PASSWORD_DEMO } from "../page-models/app-page";

// The filà's structure (issue 49): the board builds a year's escuadras on the laptop, dragging
// festeros onto the cards, moving one with the keyboard («Mover a…») and choosing each cabo.
// Its own year and its own festeros, so the demo's data and other specs don't meet them.

const ANYO = 2041;
const FESTEROS = ["Amparo", "Bernat", "Consol", "Dídac"] as const;
const APELLIDOS = "Esquadrer";

test("la junta forma dos escuadras arrastrando festeros y les pone cabo", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const login = await request.post("/api/login", {
    data: { email: CUENTAS.administrador.email, password: PASSWORD_DEMO },
  });
  const token = (await login.json()).accessToken as string;
  for (const nombre of FESTEROS) {
    const r = await request.post("/api/socios", {
      headers: { Authorization: `Bearer ${token}` },
      data: { nombre, apellidos: APELLIDOS },
    });
    expect(r.status()).toBe(201);
  }

  const app = new AppPage(page);
  await app.entrarConSesion(CUENTAS.administrador, "socios?pestanya=escuadras");
  await expect(page.getByRole("tab", { name: "Escuadras", selected: true })).toBeVisible();
  await page.getByRole("textbox", { name: "Año", exact: true }).fill(String(ANYO));
  await expect(page.getByText(`Aún no hay escuadras en ${ANYO}.`)).toBeVisible();

  for (const [nombre, tipo] of [
    ["Negres", "Ordinaria"],
    ["Blanques", "Especial"],
  ] as const) {
    await page.getByRole("button", { name: "Nueva escuadra" }).click();
    const dialogo = page.getByRole("dialog", { name: "Nueva escuadra" });
    await dialogo.getByLabel("Nombre").fill(nombre);
    await dialogo.getByRole("combobox", { name: "Tipo" }).click();
    await page.getByRole("option", { name: tipo }).click();
    await dialogo.getByRole("button", { name: "Crear" }).click();
    await expect(dialogo).toBeHidden();
  }
  const negres = page.getByRole("region", { name: "Escuadra Negres" });
  const blanques = page.getByRole("region", { name: "Escuadra Blanques" });
  await expect(blanques.getByText("Especial")).toBeVisible();

  // Drag from «Sin escuadra» onto the cards.
  const libres = page.getByRole("region", { name: "Sin escuadra" });
  await libres.getByLabel("Buscar festero").fill(APELLIDOS);
  const arrastrar = async (nombre: string, destino: typeof negres) => {
    await libres.getByLabel(`${APELLIDOS}, ${nombre}`, { exact: true }).dragTo(destino);
    await expect(destino.getByLabel(`${APELLIDOS}, ${nombre}`, { exact: true })).toBeVisible();
  };
  await arrastrar("Amparo", negres);
  await arrastrar("Bernat", negres);
  await arrastrar("Consol", blanques);
  await arrastrar("Dídac", blanques);
  await expect(negres.getByText("2 festeros")).toBeVisible();

  // Between cards too: Bernat dragged from Negres to Blanques…
  await negres.getByLabel(`${APELLIDOS}, Bernat`, { exact: true }).dragTo(blanques);
  await expect(blanques.getByLabel(`${APELLIDOS}, Bernat`, { exact: true })).toBeVisible();
  await expect(negres.getByLabel(`${APELLIDOS}, Bernat`, { exact: true })).toHaveCount(0);
  // …and back with the keyboard alternative.
  await blanques.getByRole("combobox", { name: `Mover a ${APELLIDOS}, Bernat a…` }).click();
  await page.getByRole("option", { name: "Negres" }).click();
  await expect(negres.getByLabel(`${APELLIDOS}, Bernat`, { exact: true })).toBeVisible();
  await expect(blanques.getByText("2 festeros")).toBeVisible();

  // The cabos.
  const ponerCabo = async (escuadra: typeof negres, nombre: string) => {
    await escuadra.getByRole("combobox", { name: "Cabo" }).click();
    await page.getByRole("option", { name: `${APELLIDOS}, ${nombre}` }).click();
    await expect(escuadra.getByRole("combobox", { name: "Cabo" })).toHaveValue(
      `${APELLIDOS}, ${nombre}`,
    );
  };
  await ponerCabo(negres, "Amparo");
  await ponerCabo(blanques, "Dídac");

  // The year's cargos show the two cabos, each with its escuadra (one record per cabo).
  await page.getByRole("tab", { name: "Cargos" }).click();
  await page.getByRole("textbox", { name: "Año", exact: true }).fill(String(ANYO));
  const cargos = page.getByRole("table", { name: `Cargos de ${ANYO}` });
  await expect(
    cargos.getByRole("row", { name: /Cabo · Negres .*Esquadrer, Amparo/ }),
  ).toBeVisible();
  await expect(
    cargos.getByRole("row", { name: /Cabo · Blanques .*Esquadrer, Dídac/ }),
  ).toBeVisible();

  // The federation's census of that year (issue 49b): the preview, then the board downloads it;
  // each festero with their cargo and escuadra of the year.
  await page.getByRole("tab", { name: "Censo" }).click();
  await page.getByRole("textbox", { name: "Año", exact: true }).fill(String(ANYO));
  await expect(page.getByRole("heading", { name: /festeros en el censo/ })).toBeVisible();
  const descarga = page.waitForEvent("download");
  await page.getByRole("button", { name: "Descargar censo (CSV)" }).click();
  const fichero = await descarga;
  expect(fichero.suggestedFilename()).toMatch(new RegExp(`censo-federacion-${ANYO}.*\\.csv$`));
  const csv = await readFile(await fichero.path(), "utf8");
  expect(csv).toMatch(new RegExp(`Amparo;${APELLIDOS};.*;Cabo;Negres`));
  expect(csv).toMatch(new RegExp(`Dídac;${APELLIDOS};.*;Cabo;Blanques`));

  // The festero's home (the demo usuario, in this year's «Negres»): their escuadra and its cabo,
  // drawn after the rest of the home.
  await app.entrarConSesion(CUENTAS.usuario);
  const mia = page.getByRole("region", { name: `Mi escuadra ${new Date().getFullYear()}` });
  await expect(mia).toContainText("Negres");
  await expect(mia).toContainText("Cabo:");
});
