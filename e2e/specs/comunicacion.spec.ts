import { formatearFecha, hoyIso } from "@fila/domain";
import { expect, test } from "@playwright/test";
import { AppPage, CUENTAS } from "../page-models/app-page";
import { ComunicacionPage } from "../page-models/comunicacion-page";

test("un administrador redacta y publica una noticia y un socio la lee en vernoticias", async ({
  page,
}) => {
  const app = new AppPage(page);
  const com = new ComunicacionPage(page);
  const titulo = `Horario de la Entrada ${Date.now()}`;
  await app.entrarConSesion(CUENTAS.administrador, "noticias");
  await expect(com.titulo("Noticias")).toBeVisible();

  const editor = await com.redactarNoticia({
    titulo,
    resumen: "La Entrada empieza a las 17:00",
    parrafos: ["Nos vemos en la plaza.", "Traed el traje completo."],
    negrita: "Puntualidad",
    publicar: true,
  });
  // The preview shows the body as readers will see it, cleaned by the server.
  await editor.getByRole("tab", { name: "Vista previa" }).click();
  await expect(editor.getByTestId("vista-previa").locator("strong")).toHaveText("Puntualidad");
  await editor.getByRole("tab", { name: "Editar" }).click();
  await editor.getByRole("button", { name: "Guardar noticia" }).click();
  await expect(editor).toBeHidden();

  const fila = com.filaNoticia(titulo);
  await expect(fila).toContainText("Publicada");
  await expect(fila).toContainText(formatearFecha(hoyIso()));
  // Publishing can notify the members through an alert pointing at the news item.
  await fila.getByRole("button", { name: `Notificar a los socios: ${titulo}` }).click();
  await expect(page.getByText("Aviso enviado a los socios")).toBeVisible();

  await app.entrarConSesion(CUENTAS.usuario);
  // The alert about it is among the member's latest alerts on the home.
  await expect(page.getByRole("region", { name: "Últimas alertas" })).toContainText(titulo);
  await app.irA("vernoticias");
  // The home (whose cards also link to the news and its alert) has given way to the news list.
  await expect(page.getByRole("heading", { name: /^Hola, / })).toBeHidden();
  const tarjeta = com.tarjetaNoticia(titulo);
  await expect(tarjeta).toContainText("La Entrada empieza a las 17:00");
  await expect(tarjeta).toContainText(formatearFecha(hoyIso()));
  await tarjeta.click();
  await app.esperarRuta("vernoticias");
  await expect(page).toHaveURL(/vernoticias\?id=\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: titulo })).toBeVisible();
  const cuerpo = page.getByTestId("contenido-noticia");
  await expect(cuerpo).toContainText("Nos vemos en la plaza.");
  await expect(cuerpo).toContainText("Traed el traje completo.");
  await expect(cuerpo.locator("strong")).toHaveText("Puntualidad");
});

test("un documento solo para administradores no aparece ni se descarga para un socio", async ({
  page,
}) => {
  const app = new AppPage(page);
  const com = new ComunicacionPage(page);
  const titulo = `Cuentas de la junta ${Date.now()}`;
  const pdf = Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );
  await app.entrarConSesion(CUENTAS.administrador, "documentos");
  await expect(com.titulo("Documentos")).toBeVisible();
  const doc = await com.subirDocumento({
    archivo: { name: "cuentas.pdf", mimeType: "application/pdf", buffer: pdf },
    titulo,
    categoria: "Junta",
    visibilidad: "Solo administradores",
  });
  await expect(com.documento(titulo)).toContainText("Solo administradores");
  const tokenAdmin = await com.token();
  const propia = await page.request.get(`/api/documentos/${doc.id}/archivo`, {
    headers: { Authorization: `Bearer ${tokenAdmin}` },
  });
  expect(propia.status()).toBe(200);
  expect(propia.headers()["content-disposition"]).toContain("attachment;");
  expect(propia.headers()["x-content-type-options"]).toBe("nosniff");
  expect(Buffer.from(await propia.body()).equals(pdf)).toBe(true);

  // A file whose content is HTML is refused whatever its name, with a clear message.
  await page.getByRole("button", { name: "Subir documento" }).click();
  const form = com.dialogo("Subir documento");
  await form.locator("input[type='file']").setInputFiles({
    name: "acta.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("<html><script>alert(1)</script></html>"),
  });
  await form.getByRole("button", { name: "Subir", exact: true }).click();
  await expect(form.getByRole("alert").first()).toContainText("Tipo de archivo no permitido");
  await form.getByRole("button", { name: "Cancelar" }).click();
  await app.cerrarSesion();

  for (const cuenta of [CUENTAS.usuario, CUENTAS.socio]) {
    await app.entrarConSesion(cuenta, "documentos");
    await expect(com.titulo("Documentos")).toBeVisible();
    await expect(page.getByRole("button", { name: "Subir documento" })).toHaveCount(0);
    await expect(page.getByText(titulo)).toHaveCount(0);
    const token = await com.token();
    const ajena = await page.request.get(`/api/documentos/${doc.id}/archivo`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(ajena.status()).toBe(404);
  }
  const sinSesion = await page.request.get(`/api/documentos/${doc.id}/archivo`);
  expect(sinSesion.status()).toBe(401);
});
