import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { AppPage, CUENTAS } from "../page-models/app-page";

test("la junta anota la gallofa (dinero de un socio, especie de alguien de fuera), ve los totales y descarga la lista de agradecimiento", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const app = new AppPage(page);
  await app.entrarConSesion(CUENTAS.administrador, "gallofa");
  await expect(page.getByRole("heading", { name: "Gallofa", level: 1 })).toBeVisible();
  const dinero = page.getByRole("region", { name: "Dinero" });
  await expect(dinero).toContainText("0,00 €");

  // Money from a member, chosen with the member search.
  await page.getByRole("button", { name: "Nueva aportación" }).click();
  let form = page.getByRole("dialog", { name: "Nueva aportación" });
  await form.getByRole("combobox", { name: "Socio" }).fill("a");
  const opcion = page.getByRole("option").first();
  await expect(opcion).toBeVisible();
  // The picker says "Apellidos, Nombre (matrícula)"; the gallofa names people "Nombre Apellidos".
  const [apellidos, nombre] = ((await opcion.textContent()) ?? "")
    .replace(/\s*\(\d+\)$/, "")
    .split(", ");
  const socio = `${nombre} ${apellidos}`.trim();
  await opcion.click();
  await form.getByLabel("Importe (€)").fill("50");
  await form.getByLabel("Recogido por").fill("Vicent");
  await form.getByRole("button", { name: "Guardar" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: socio })).toContainText("50,00 €");

  // Kind from someone outside the filà, who asks to stay anonymous.
  await page.getByRole("button", { name: "Nueva aportación" }).click();
  form = page.getByRole("dialog", { name: "Nueva aportación" });
  await form.getByText("Alguien de fuera").click();
  await form.getByLabel("Nombre").fill("Forn de la Plaça");
  await form.getByText("Especie").click();
  await form.getByLabel("Qué se da").fill("Dos docenas de coques");
  await form.getByLabel("Valor estimado (€)").fill("30");
  await form.getByLabel("Pide salir como «Anónimo» en la lista de agradecimiento").check();
  await form.getByRole("button", { name: "Guardar" }).click();
  await expect(form).toBeHidden();
  const fila = page.getByRole("row").filter({ hasText: "Forn de la Plaça" });
  await expect(fila).toContainText("Anónimo");
  await expect(fila).toContainText("Dos docenas de coques");

  // Totals of the year and last year's to compare.
  await expect(dinero).toContainText("50,00 €");
  await expect(page.getByRole("region", { name: "En especie (estimado)" })).toContainText(
    "30,00 €",
  );
  const donantes = page.getByRole("region", { name: "Donantes" });
  await expect(donantes).toContainText("2");
  await expect(donantes).toContainText("2 aportaciones");
  await expect(dinero).toContainText(`${new Date().getFullYear() - 1}: 70,00 €`);

  // The printable thank-you list.
  const descarga = page.waitForEvent("download");
  await page.getByRole("button", { name: "Agradecimientos (PDF)" }).click();
  const pdf = await descarga;
  expect(pdf.suggestedFilename()).toBe(`gallofa-${new Date().getFullYear()}-agradecimientos.pdf`);
  const ruta = await pdf.path();
  expect(readFileSync(ruta).subarray(0, 5).toString()).toBe("%PDF-");

  const excel = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar Excel" }).click();
  expect((await excel).suggestedFilename()).toBe(`gallofa-${new Date().getFullYear()}.xlsx`);
});
