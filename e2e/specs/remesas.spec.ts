import { expect, test } from "@playwright/test";
import { CUENTAS } from "../page-models/app-page";
import { RemesasPage } from "../page-models/remesas-page";

test("el tesorero genera una remesa SEPA, descarga el XML y la borra", async ({ page }) => {
  test.setTimeout(90_000);
  const remesas = new RemesasPage(page);
  await remesas.entrarConSesion(CUENTAS.administrador);
  const anyo = new Date().getFullYear();
  await remesas.emitirCuotasDelAnyo(anyo);

  await remesas.abrir();
  const acreedor = await remesas.identificadorAcreedor();

  // Generating is a background job: its progress bar first (the first answer held at 40 %),
  // then its result.
  let retenida = false;
  await page.route("**/api/trabajos/*", async (ruta) => {
    if (retenida) return ruta.continue();
    retenida = true;
    await ruta.fulfill({
      json: {
        tipo: "remesas.generar",
        estado: "en_curso",
        progreso: 0.4,
        resultado: null,
        error: null,
      },
    });
  });
  const enCurso = remesas.generarSinEsperar(`31/12/${anyo}`);
  await expect(page.getByRole("progressbar").first()).toBeVisible();
  await expect(page.getByText("Trabajando… 40 %")).toBeVisible();
  const numero = await enCurso;
  await page.unroute("**/api/trabajos/*");
  const dialogo = remesas.dialogo("Nueva remesa");
  const { nombre, texto } = await remesas.descargar(
    dialogo.getByRole("button", { name: "Descargar XML" }),
  );
  expect(nombre).toBe(`remesa-${numero}.xml`);
  expect(texto).toContain("<CstmrDrctDbtInitn>");
  expect(texto).toContain(`<Id>${acreedor}</Id>`);
  expect(texto).toContain("<SeqTp>FRST</SeqTp>");
  await page.keyboard.press("Escape");
  await expect(dialogo).toBeHidden();

  // In the list: collection date dd/mm/aaaa, total in euros, state.
  const fila = page.getByRole("row").filter({ hasText: "Generada" }).first();
  await expect(fila).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(fila).toContainText(/\d+,\d{2}\s€/);

  // The detail shows its debits; then the remittance is deleted and its charges released.
  await page.getByRole("button", { name: `Ver la remesa ${numero}` }).click();
  const detalle = remesas.dialogo(`Remesa ${numero}`);
  await expect(detalle.getByRole("table", { name: "Adeudos" })).toContainText(`R${numero}-`);

  // A collection job that fails shows the server's message in Spanish (the job, held here,
  // never reaches the server: nothing is collected).
  const fallo =
    "El trabajo se cortó porque el servidor se reinició. No se ha escrito nada: vuelve a lanzarlo.";
  await page.route(`**/api/remesas/${numero}/cobro`, (ruta) =>
    ruta.fulfill({ status: 202, json: { idTrabajo: 999_999 } }),
  );
  await page.route("**/api/trabajos/999999", (ruta) =>
    ruta.fulfill({
      json: {
        tipo: "remesas.cobrar",
        estado: "fallido",
        progreso: 0,
        resultado: null,
        error: fallo,
      },
    }),
  );
  await detalle.getByRole("button", { name: "Marcar como cobrada" }).click();
  const cobro = remesas.dialogo("Marcar la remesa como cobrada");
  await cobro.getByRole("button", { name: "Marcar como cobrada" }).click();
  await expect(cobro.getByText("No se ha podido terminar")).toBeVisible();
  await expect(cobro.getByText(fallo)).toBeVisible();
  await page.unrouteAll();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: `Borrar la remesa ${numero}` }).click();
  await remesas.dialogo("Borrar la remesa").getByRole("button", { name: "Borrar" }).click();
  await expect(page.getByText("Remesa borrada")).toBeVisible();
  await expect(page.getByRole("button", { name: `Ver la remesa ${numero}` })).toHaveCount(0);
});

// Runs after the test above (same file, one worker): it leaves a remittance with returns, which
// cannot be deleted, so it must not run before a test that needs pending charges.
/** `YYYY-MM-DD`, n days from today. */
function dentroDe(dias: number): string {
  const d = new Date();
  d.setDate(d.getDate() + dias);
  return d.toISOString().slice(0, 10);
}

test("un cargo devuelto vuelve a ponerse al cobro y entra en la siguiente remesa", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const remesas = new RemesasPage(page);
  await remesas.entrarConSesion(CUENTAS.administrador);
  const anyo = new Date().getFullYear();
  await remesas.emitirCuotasDelAnyo(anyo);
  const headers = { Authorization: `Bearer ${await remesas.token()}` };

  // A remittance, and the bank returns two of its debits: one for lack of funds, one disputed.
  const generada = (await remesas.esperarTrabajo(
    await page.request.post("/api/remesas", {
      headers,
      data: { fechaCobro: dentroDe(5), hasta: `${anyo}-12-31` },
    }),
  )) as { id: number };
  const remesa = (await (
    await page.request.get(`/api/remesas/${generada.id}`, { headers })
  ).json()) as {
    id: number;
    adeudos: { pagos: { id: number; concepto: string }[] }[];
  };
  expect(remesa.adeudos.length).toBeGreaterThanOrEqual(2);
  const [sinFondos, disputado] = remesa.adeudos.map((a) => a.pagos[0]);
  const devoluciones = await page.request.post(`/api/remesas/${remesa.id}/devoluciones`, {
    headers,
    data: {
      devoluciones: [
        { idPago: sinFondos.id, motivo: "AM04" },
        { idPago: disputado.id, motivo: "MD06" },
      ],
    },
  });
  expect(devoluciones.ok(), await devoluciones.text()).toBe(true);

  // Pagos, only the returned charges: the reason is on the row.
  await remesas.irA(`pagos?estado=devuelto&anyo=${anyo}`);
  const tabla = page.getByRole("table", { name: "Cargos" });
  await expect(page.getByTestId(`devolucion-${sinFondos.id}`)).toHaveText(
    /^AM04 · Fondos insuficientes \(\d{2}\/\d{2}\/\d{4}\)$/,
  );
  await expect(page.getByTestId(`devolucion-${disputado.id}`)).toContainText(
    "MD06 · Devolución solicitada por el deudor",
  );

  // MD06: the modal warns before re-presenting; cancel.
  const filaDisputada = tabla
    .getByRole("row")
    .filter({ has: page.getByTestId(`devolucion-${disputado.id}`) });
  await filaDisputada.getByRole("button", { name: /^Volver a poner al cobro/ }).click();
  const aviso = page.getByRole("dialog", { name: "Volver a poner al cobro" });
  await expect(aviso).toContainText("MD06 · Devolución solicitada por el deudor");
  await expect(aviso).toContainText("No conviene volver a presentarlo");
  await aviso.getByRole("button", { name: "Cancelar" }).click();
  await expect(aviso).toBeHidden();

  // AM04: no warning; confirm, and the charge leaves the returned list.
  const filaSinFondos = tabla
    .getByRole("row")
    .filter({ has: page.getByTestId(`devolucion-${sinFondos.id}`) });
  await filaSinFondos.getByRole("button", { name: /^Volver a poner al cobro/ }).click();
  const dialogo = page.getByRole("dialog", { name: "Volver a poner al cobro" });
  await expect(dialogo).toContainText("AM04 · Fondos insuficientes");
  await expect(dialogo).not.toContainText("No conviene volver a presentarlo");
  await dialogo.getByLabel("Nota (opcional)").fill("Ya tiene saldo");
  await dialogo.getByRole("button", { name: "Volver a poner al cobro" }).click();
  await expect(page.getByText("El cargo vuelve a estar pendiente de cobro")).toBeVisible();
  await expect(page.getByTestId(`devolucion-${sinFondos.id}`)).toHaveCount(0);
  await expect(page.getByTestId(`devolucion-${disputado.id}`)).toBeVisible();

  // The next remittance includes it again.
  await remesas.abrir();
  const numero = await remesas.generar(`31/12/${anyo}`);
  await page.keyboard.press("Escape");
  const siguiente = await page.request.get(`/api/remesas/${numero}`, { headers });
  const ids = ((await siguiente.json()) as { adeudos: { pagos: { id: number }[] }[] }).adeudos
    .flatMap((a) => a.pagos)
    .map((p) => p.id);
  expect(ids).toContain(sinFondos.id);
  expect(ids).not.toContain(disputado.id);

  // The remittance list filters by number and state.
  await page.getByLabel("Buscar remesa").fill(String(remesa.id));
  await expect(page.getByRole("button", { name: `Ver la remesa ${remesa.id}` })).toBeVisible();
  await expect(page.getByRole("button", { name: `Ver la remesa ${numero}` })).toHaveCount(0);
  await page.getByLabel("Buscar remesa").fill("");
  await page.getByRole("combobox", { name: "Estado" }).click();
  await page.getByRole("option", { name: "Cobrada" }).click();
  await expect(page.getByText("Todavía no hay remesas")).toBeVisible();
});
