import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { AppPage, CUENTAS } from "../page-models/app-page";

const ACTO = "Entrada Mora";

test("la junta pone imagen a un acto en su formulario y el socio la ve en Mis actos", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const app = new AppPage(page);
  await app.entrarConSesion(CUENTAS.administrador, "actos");
  await page
    .getByRole("button", { name: `Editar «${ACTO}»` })
    .first()
    .click();
  const form = page.getByRole("dialog", { name: `Editar «${ACTO}»` });
  const cartel = await sharp({
    create: { width: 1200, height: 600, channels: 3, background: "#1c7ed6" },
  })
    .jpeg()
    .toBuffer();
  await form.locator("input[type='file']").setInputFiles({
    name: "cartel.jpg",
    mimeType: "image/jpeg",
    buffer: cartel,
  });
  await expect(form.getByRole("img", { name: `Imagen de «${ACTO}»` })).toBeVisible();
  // Saving the rest of the form keeps the image just uploaded.
  await form.getByRole("button", { name: "Guardar" }).click();
  await expect(form).toBeHidden();

  await app.entrarConSesion(CUENTAS.socio, "misactos");
  const tarjeta = page.getByRole("article", { name: ACTO });
  await expect(tarjeta.getByRole("img", { name: `Imagen de «${ACTO}»` })).toBeVisible();
});
