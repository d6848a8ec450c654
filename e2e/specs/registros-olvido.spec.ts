import { expect, test } from "@playwright/test";
import { AppPage, CUENTAS } from "../page-models/app-page";
import { infraccionesGraves } from "../support/axe";
import { arrancarSmtp } from "../support/smtp";

async function entrarComoJunta(app: AppPage) {
  await app.entrarConSesion(CUENTAS.administrador);
  const token = await app.page.evaluate(() => window.localStorage.getItem("token"));
  return { Authorization: `Bearer ${token}` };
}

test("correo saliente: un correo que no salió se ve con su error, sin enlace, y se reenvía", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const app = new AppPage(page);
  await entrarComoJunta(app);
  // No SMTP server listens yet: the reset email fails.
  const pedida = await page.request.post("/api/login/psswdrst", {
    data: { email: CUENTAS.usuario.email },
  });
  expect(pedida.ok()).toBe(true);

  await app.irA("utilidades?pestanya=correo");
  await page.getByLabel("Buscar").fill(CUENTAS.usuario.email);
  // Newest first: other specs may have sent this person a reset before (and it went out).
  const fila = page.getByRole("row").filter({ hasText: "Restablecer tu contraseña" }).first();
  await expect(fila).toContainText("Fallido");
  await expect(fila).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(page.locator("body")).not.toContainText("token=");

  const smtp = await arrancarSmtp();
  try {
    await fila
      .getByRole("button", { name: `Reenviar el correo a ${CUENTAS.usuario.email}` })
      .click();
    await expect(page.getByText(`Correo reenviado a ${CUENTAS.usuario.email}`)).toBeVisible();
    const correo = await smtp.esperarCorreo(CUENTAS.usuario.email);
    expect(correo.asunto).toBe("Restablecer tu contraseña");
    await expect(fila).toContainText("Enviado");
  } finally {
    await smtp.cerrar();
  }
});

test("registro de actividad: entradas filtradas por entidad y exportadas a CSV", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const app = new AppPage(page);
  await entrarComoJunta(app);
  await app.irA("utilidades?pestanya=actividad");
  await page.getByRole("combobox", { name: "Entidad" }).click();
  await page.getByRole("option", { name: "Accesos", exact: true }).click();
  const tabla = page.getByRole("table", { name: "Registro de actividad" });
  await expect(tabla.getByRole("row").filter({ hasText: "entrada" }).first()).toBeVisible();
  await expect(tabla).not.toContainText("Tipo de socio");

  const descarga = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar a CSV" }).click();
  const fichero = await descarga;
  expect(fichero.suggestedFilename()).toMatch(/^actividad-\d{4}-\d{2}-\d{2}\.csv$/);
});

test("olvido: la junta anonimiza a un socio dado de baja hace años tras confirmarlo", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const app = new AppPage(page);
  const headers = await entrarComoJunta(app);
  const alta = await page.request.post("/api/socios", {
    headers,
    data: {
      nombre: "Leocadia",
      apellidos: "Olvidada Antigua",
      email: "leocadia.olvidada@correo.test",
      activo: false,
      fechaBaja: "2014-05-01",
      motivoBaja: "Baja voluntaria",
    },
  });
  expect(alta.status(), await alta.text()).toBe(201);
  const { id } = (await alta.json()) as { id: number };

  await app.irA("utilidades?pestanya=olvido");
  const tabla = page.getByRole("table", { name: "Socios que se pueden anonimizar" });
  const fila = tabla.getByRole("row").filter({ hasText: "Leocadia Olvidada Antigua" });
  await expect(fila).toContainText("01/05/2014");
  await fila.getByRole("button", { name: "Anonimizar a Leocadia Olvidada Antigua" }).click();
  const dialogo = page.getByRole("dialog", { name: "Anonimizar 1 socios" });
  await expect(dialogo).toContainText("No se puede deshacer");
  const confirmar = dialogo.getByRole("button", { name: "Anonimizar (1)" });
  await expect(confirmar).toBeDisabled();
  await dialogo.getByLabel("Entiendo que no se puede deshacer").check();
  await confirmar.click();
  await expect(page.getByText("1 socios anonimizados")).toBeVisible();
  await expect(tabla).not.toContainText("Leocadia");

  const ficha = await page.request.get(`/api/socios/${id}`, { headers });
  const socio = (await ficha.json()) as { nombre: string; email: string };
  expect(socio.nombre).toBe(`Socio anonimizado nº ${id}`);
  expect(socio.email).toBe("");
});

test("las pestañas de cierre, correo, actividad y olvido pasan axe (WCAG 2.1 AA) en escritorio y móvil", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await entrarComoJunta(app);
  const hallazgos: string[] = [];
  for (const tamanyo of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(tamanyo);
    for (const pestanya of ["cierre", "correo", "actividad", "olvido"]) {
      await app.irA(`utilidades?pestanya=${pestanya}`);
      await expect(page.getByRole("tab", { selected: true })).toBeVisible();
      await expect(page.locator(".mantine-Loader-root:visible")).toHaveCount(0);
      for (const v of await infraccionesGraves(page)) {
        hallazgos.push(
          `${pestanya} ${tamanyo.width}px: ${v.id} ${v.nodes.map((n) => n.target.join(" "))}`,
        );
      }
    }
  }
  expect(hallazgos).toEqual([]);
});
