import { expect, type Page, test } from "@playwright/test";
import { CUENTAS } from "../page-models/app-page";
import { EnviosPage } from "../page-models/envios-page";
import { infraccionesGraves } from "../support/axe";
import { arrancarSmtp } from "../support/smtp";

// Issue 36: the board writes to «con deuda pendiente» with placeholders, sees the live count and
// the preview, sends itself a test, sends the mailing and follows its progress to the result; each
// recipient gets their own mail over real SMTP, and the history lists the mailing.

/** WCAG 2.1 AA inside an open dialog: no serious or critical violation. */
async function sinHallazgosGraves(page: Page, selector: string) {
  const graves = await infraccionesGraves(page, selector);
  expect(
    graves.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

let smtp: Awaited<ReturnType<typeof arrancarSmtp>>;
test.beforeAll(async () => {
  smtp = await arrancarSmtp();
});
test.afterAll(async () => {
  await smtp?.cerrar();
});

test("la junta envía un correo a los socios con deuda pendiente y sigue su progreso hasta el resultado", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const envios = new EnviosPage(page);
  const asunto = `Cuotas pendientes ${Date.now()}`;
  await envios.entrarConSesion(CUENTAS.administrador);
  await envios.abrir();
  const d = await envios.redactar(asunto, [
    "Hola ",
    { marcador: "el nombre" },
    ", te queda por pagar ",
    { marcador: "la deuda pendiente" },
    ".",
  ]);

  const todos = await envios.recuento();
  await d.getByLabel("Con deuda pendiente").check();
  await expect
    .poll(async () => (await envios.recuento()).total, { timeout: 10_000 })
    .toBeLessThan(todos.total);
  // Narrowed by age too, so that the mailing takes seconds, not a minute.
  const soloDeuda = await envios.recuento();
  await d.getByLabel("Edad mínima").fill("40");
  await d.getByLabel("Edad máxima").fill("45");
  await expect
    .poll(async () => (await envios.recuento()).total, { timeout: 10_000 })
    .toBeLessThan(soloDeuda.total);
  const conDeuda = await envios.recuento();
  expect(conDeuda.conEmail).toBeGreaterThan(0);

  // The preview is the message of one real recipient, placeholders filled.
  const vista = d.getByTestId("vista-previa-envio");
  await expect(vista).toContainText(asunto);
  await expect(vista).toContainText(/Hola \S+.*, te queda por pagar \d{1,3}(\.\d{3})*,\d{2} €\./);

  await sinHallazgosGraves(page, "[role=dialog]");

  await d.getByRole("button", { name: "Enviarme una prueba" }).click();
  await expect(page.getByText("Te hemos enviado una prueba a tu correo")).toBeVisible();
  const prueba = await smtp.esperarCorreo(CUENTAS.administrador.email);
  expect(prueba.asunto).toBe(`[Prueba] ${asunto}`);
  expect(prueba.texto).toMatch(/te queda por pagar \d/);

  await d.getByRole("button", { name: "Enviar…" }).click();
  await expect(d).toContainText(`a ${conDeuda.conEmail} persona`);
  await d.getByRole("button", { name: "Enviar ahora" }).click();
  await expect(d).toBeHidden();

  // Progress, then the result, in the panel (one mail every 100 ms on the e2e server).
  const enCurso = page.getByRole("region", { name: "Envío en curso" });
  await expect(enCurso.getByTestId("trabajo-en-curso")).toBeVisible();
  await expect(enCurso.getByRole("progressbar", { name: "Progreso del trabajo" })).toBeVisible();
  await expect(enCurso.getByTestId("trabajo-terminado")).toBeVisible({ timeout: 90_000 });
  await expect(enCurso.getByText("Envío terminado")).toBeVisible();
  const enviados = conDeuda.conEmail === 1 ? "1 enviado" : `${conDeuda.conEmail} enviados`;
  await expect(enCurso.getByTestId("cuentas-envio")).toContainText(enviados);
  await expect(enCurso.getByTestId("cuentas-envio")).toContainText("0 fallidos");

  // One mail per recipient, never shared, each with its own name and the unsubscribe footer.
  const delEnvio = smtp.recibidos.filter((c) => c.asunto === asunto);
  expect(delEnvio).toHaveLength(conDeuda.conEmail);
  for (const c of delEnvio) expect(c.para.split(",")).toHaveLength(1);
  expect(new Set(delEnvio.map((c) => c.para)).size).toBe(conDeuda.conEmail);
  expect(delEnvio[0]?.texto).toMatch(/^Hola \S+.*, te queda por pagar \d/);
  expect(delEnvio[0]?.texto).toContain("/api/envios/baja/");

  // The history lists it, finished, with its recipients.
  const fila = page.getByRole("row").filter({ hasText: asunto });
  await expect(fila).toContainText("Terminado");
  await expect(fila).toContainText("con deuda pendiente");
  await expect(fila).toContainText("de 40 a 45 años");
  await fila.getByRole("button", { name: `Ver el envío «${asunto}»` }).click();
  const detalle = page.getByRole("dialog", { name: asunto });
  await expect(detalle.getByRole("table", { name: "Destinatarios del envío" })).toContainText(
    "Enviado",
  );
  await sinHallazgosGraves(page, "[role=dialog]");
});
