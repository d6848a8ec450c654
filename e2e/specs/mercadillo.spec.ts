import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { AppPage, CUENTAS } from "../page-models/app-page";
import { type Foto, MercadilloPage } from "../page-models/mercadillo-page";

const MOVIL = { width: 390, height: 844 };
const ESCRITORIO = { width: 1280, height: 900 };

async function foto(nombre: string, color: string): Promise<Foto> {
  const buffer = await sharp({
    create: { width: 800, height: 600, channels: 3, background: color },
  })
    .jpeg()
    .toBuffer();
  return { name: nombre, mimeType: "image/jpeg", buffer };
}

test("un usuario publica desde el móvil, otro socio lo encuentra por etiqueta, la junta lo destaca y el dueño lo marca vendido", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  const mercadillo = new MercadilloPage(page);
  const marca = Date.now().toString(36);
  const titulo = `Tabal de segunda mano ${marca}`;
  const etiqueta = `tabal-${marca}`;

  // The usuario, on a 390 px phone, reaches the market from their home and posts the ad.
  await page.setViewportSize(MOVIL);
  await app.entrarConSesion(CUENTAS.usuario);
  // The member's card on the home: name, matrícula with its QR code, type and edad festera.
  const carnet = page.getByRole("region", { name: "Mi carnet" });
  await expect(carnet).toContainText("Matrícula");
  await expect(carnet).toContainText("Edad festera");
  const matricula = ((await carnet.locator("strong").first().textContent()) ?? "").trim();
  expect(matricula).toMatch(/^\d+$/);
  await expect(
    carnet.getByRole("img", { name: `Código QR del carnet de la matrícula ${matricula}` }),
  ).toBeVisible();
  // The featured strip, below the phone's first screen: down to it.
  await app.verLoDeDebajo();
  await page.getByRole("link", { name: "Ir al mercadillo" }).first().click();
  await app.esperarRuta("market");
  await mercadillo.publicar({
    titulo,
    descripcion: "Poco uso, con funda.",
    precio: "1234,5",
    etiqueta: etiqueta.toUpperCase(),
    telefono: "600 11 22 33",
    fotos: [await foto("tabal-1.jpg", "#c92a2a"), await foto("tabal-2.jpg", "#2b8a3e")],
  });
  const tarjeta = mercadillo.tarjeta(titulo);
  await expect(tarjeta).toContainText("1.234,50 €");
  await expect(tarjeta).toContainText(etiqueta);
  await expect(tarjeta.locator("img")).toHaveCount(1);
  // Phone layout: two cards a row inside the screen, nothing wider than it.
  const caja = await tarjeta.boundingBox();
  expect(caja?.width ?? 0).toBeLessThan(MOVIL.width / 2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    MOVIL.width,
  );
  const detalle = await mercadillo.abrir(titulo);
  await expect(detalle.getByRole("button", { name: "Ver la foto 2" })).toBeVisible();
  await expect(detalle.getByRole("img", { name: `Foto 1 de «${titulo}»` })).toBeVisible();
  await page.setViewportSize(ESCRITORIO);
  await detalle.getByRole("button", { name: "Cerrar" }).first().click();

  // Another member finds it by its tag and sees how to reach the seller.
  await app.entrarConSesion(CUENTAS.socio, "market");
  await page.getByLabel("Filtrar por etiqueta").getByText(etiqueta, { exact: true }).click();
  await expect(page.getByRole("radio", { name: etiqueta })).toBeChecked();
  await expect(page.getByTestId("tarjeta-anuncio")).toHaveCount(1);
  const visto = await mercadillo.abrir(titulo);
  await expect(visto).toContainText("Poco uso, con funda.");
  await expect(visto.getByRole("link", { name: "Llamar" })).toHaveAttribute(
    "href",
    "tel:600112233",
  );
  await expect(visto.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
    "href",
    "https://wa.me/34600112233",
  );
  await expect(visto.getByRole("button", { name: "Editar" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // The board features it: it shows on #/destacado.
  await app.entrarConSesion(CUENTAS.administrador, "market");
  await page.getByRole("searchbox", { name: "Buscar en el mercadillo" }).fill(marca);
  const moderado = await mercadillo.abrir(titulo);
  await moderado.getByRole("button", { name: "Destacar" }).click();
  await expect(moderado).toBeHidden();
  await expect(mercadillo.tarjeta(titulo)).toContainText("Destacado");
  await app.irA("destacado");
  await expect(page.getByTestId("tarjeta-destacado").filter({ hasText: titulo })).toBeVisible();

  // The owner sees it in the featured strip of their home and marks it sold.
  await app.entrarConSesion(CUENTAS.usuario);
  await expect(page.getByRole("region", { name: "Destacado" })).toContainText(titulo);
  await app.irA("market");
  await page.getByText("Mis anuncios").click();
  const mio = await mercadillo.abrir(titulo);
  await mio.getByRole("button", { name: "Marcar vendido" }).click();
  await expect(mio).toBeHidden();
  await expect(mercadillo.tarjeta(titulo)).toContainText("Vendido o retirado");
  await page.getByText("Todos los anuncios").click();

  // Sold, it no longer shows for other members.
  await app.entrarConSesion(CUENTAS.socio, "market");
  await page.getByRole("searchbox", { name: "Buscar en el mercadillo" }).fill(marca);
  await expect(page.getByText("No hay anuncios que coincidan.")).toBeVisible();
});

// A failed photo and a retry: one ad, not two. The filters then survive reload and «back».
test("reintentar tras una foto fallida y filtros en la URL", async ({ page }) => {
  const marca = Date.now().toString(36);
  const titulo = `Casco de moro ${marca}`;
  const etiqueta = `casco-${marca}`;
  test.setTimeout(60_000);
  const app = new AppPage(page);
  await app.entrarConSesion(CUENTAS.usuario);
  const mercadillo = new MercadilloPage(page);
  await app.irA("market");

  // A good photo and a broken one: the ad and the first photo are saved, the second refused.
  await page.getByRole("button", { name: "Publicar anuncio" }).click();
  const form = mercadillo.dialogo("Nuevo anuncio");
  await form.getByLabel("Título").fill(titulo);
  const etiquetas = form.getByLabel("Etiquetas");
  await etiquetas.fill(etiqueta);
  await etiquetas.press("Enter");
  await form.getByLabel("Teléfono").fill("600 11 22 33");
  const rota = { name: "rota.jpg", mimeType: "image/jpeg", buffer: Buffer.from("no ".repeat(80)) };
  await form
    .locator("input[type='file'][multiple]")
    .setInputFiles([await foto("casco.jpg", "#1971c2"), rota]);
  const error = page.getByText("La imagen debe ser un archivo JPEG, PNG o WebP.");
  for (let intento = 0; intento < 2; intento++) {
    await form.getByRole("button", { name: "Guardar" }).click();
    await expect(error.first()).toBeVisible();
    await expect(form.getByText("1 foto(s) por subir")).toBeVisible();
  }
  // Without the broken photo the form saves and closes: one ad, with its one photo.
  await form.getByRole("button", { name: "No subir rota.jpg" }).click();
  await form.getByRole("button", { name: "Guardar" }).click();
  await expect(form).toBeHidden({ timeout: 20_000 });

  const buscar = page.getByRole("searchbox", { name: "Buscar en el mercadillo" });
  await buscar.fill(marca);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${marca}`));
  await expect(page.getByTestId("tarjeta-anuncio")).toHaveCount(1);
  await expect(mercadillo.tarjeta(titulo).locator("img")).toHaveCount(1);

  // Search and tag live in the URL: a reload, opening an ad and «back» keep them.
  await page.getByLabel("Filtrar por etiqueta").getByText(etiqueta, { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`etiqueta=${etiqueta}`));
  await page.reload();
  await expect(buscar).toHaveValue(marca);
  await expect(page.getByRole("radio", { name: etiqueta })).toBeChecked();
  await expect(page.getByTestId("tarjeta-anuncio")).toHaveCount(1);
  const detalle = await mercadillo.abrir(titulo);
  await expect(page).toHaveURL(/[?&]anuncio=\d+/);
  await page.keyboard.press("Escape");
  await expect(detalle).toBeHidden();
  await expect(page).toHaveURL(
    new RegExp(`q=${marca}.*etiqueta=${etiqueta}|etiqueta=${etiqueta}.*q=${marca}`),
  );
  await app.irA("destacado");
  await page.goBack();
  await expect(buscar).toHaveValue(marca);
  await expect(page.getByRole("radio", { name: etiqueta })).toBeChecked();
  await expect(page.getByTestId("tarjeta-anuncio")).toHaveCount(1);
});
