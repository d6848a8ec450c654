import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { CUENTAS, PASSWORD_DEMO } from "../page-models/app-page";
import { arrancarSmtp } from "../support/smtp";

// Issue 38, on a phone: a socio chooses Valencian on the login page, signs in (the choice is saved
// to the account), enrols in an event, gets the receipt PDF and an alert mail in Valencian; a
// second device signing in to the same account opens in Valencian.

test.use({ viewport: { width: 390, height: 844 } });

let smtp: Awaited<ReturnType<typeof arrancarSmtp>>;
test.beforeAll(async () => {
  smtp = await arrancarSmtp();
});
test.afterAll(async () => {
  await smtp?.cerrar();
});

type Sesion = { token: string; socioId: number; idioma: string };

async function entrarApi(request: APIRequestContext, email: string): Promise<Sesion> {
  const res = await request.post("/api/login", { data: { email, password: PASSWORD_DEMO } });
  expect(res.status()).toBe(200);
  const cuerpo = await res.json();
  return { token: cuerpo.accessToken, socioId: cuerpo.socioId, idioma: cuerpo.idioma };
}

const con = (s: Sesion) => ({ headers: { Authorization: `Bearer ${s.token}` } });

function isoDentroDe(dias: number): string {
  const f = new Date();
  f.setDate(f.getDate() + dias);
  return `${f.getFullYear()}-${String(f.getMonth() + 1).padStart(2, "0")}-${String(f.getDate()).padStart(2, "0")}`;
}

async function entrarEnLaPagina(page: Page) {
  await page.getByLabel("Correu electrònic").fill(CUENTAS.socio.email);
  await page.getByLabel("Contrasenya", { exact: true }).fill(PASSWORD_DEMO);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(new RegExp(`#/${CUENTAS.socio.home}`));
  await expect(page.getByRole("heading", { name: /^Hola, / })).toBeVisible();
}

test("un socio elige valencià al entrar: la app, el recibo y el correo le llegan en valenciano, también en otro dispositivo", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await entrarApi(request, CUENTAS.administrador.email);
  const nombre = `Dinar de la filà e2e ${test.info().retry + 1}`;
  const tipos = (await (await request.get("/api/tipossocio?pageSize=100", con(admin))).json())
    .items as { id: number }[];
  const tipoActo = (await (await request.get("/api/tiposacto?pageSize=100", con(admin))).json())
    .items[0].id as number;
  const formaPago = (await (await request.get("/api/formaspago?pageSize=100", con(admin))).json())
    .items[0].id as number;
  const acto = await request.post("/api/actos", {
    ...con(admin),
    data: {
      nombre,
      idTipoActo: tipoActo,
      fecha: isoDentroDe(20),
      fechaMaximaInscripcion: isoDentroDe(10),
      sePaga: true,
      precios: tipos.map((t) => ({ idTipoSocio: t.id, precio: 12.5 })),
    },
  });
  expect(acto.status(), await acto.text()).toBe(201);

  try {
    // The login page, in Spanish on a new device; «Valencià» switches it without a reload.
    await page.goto("/#/login");
    await expect(page.getByText("Entra con tu cuenta de festero")).toBeVisible();
    await page.getByRole("button", { name: "Valencià" }).click();
    await expect(page.getByText("Entra amb el teu compte de fester")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "ca-ES-valencia");
    await entrarEnLaPagina(page);
    // Saved to the account at sign-in.
    await expect
      .poll(async () => (await entrarApi(request, CUENTAS.socio.email)).idioma)
      .toBe("va");

    // Enrols in the event from «Els meus actes».
    await page.goto("/#/misactos");
    const tarjeta = page.getByRole("article", { name: nombre });
    await tarjeta
      .getByRole("button", { name: /^Inscriure / })
      .first()
      .click();
    const modal = page.getByRole("dialog", { name: new RegExp(`^Inscriure .* en «${nombre}»$`) });
    await expect(modal.getByTestId("importe-inscripcion")).toHaveText("Import: 12,50 €");
    await modal.getByRole("button", { name: "Inscriure" }).click();
    await expect(modal).toBeHidden();
    await expect(tarjeta).toContainText("Inscrit");

    // The board records the payment; the receipt is in Valencian, dates and money es-ES.
    const socio = await entrarApi(request, CUENTAS.socio.email);
    const cargos = await (
      await request.get(`/api/pagos?idSocioOPagador=${socio.socioId}&pageSize=200`, con(admin))
    ).json();
    const cargo = (cargos.items as { id: number; concepto: string }[]).find((c) =>
      c.concepto.startsWith(nombre),
    );
    if (!cargo) throw new Error(`Sin cargo de «${nombre}»: ${JSON.stringify(cargos.items)}`);
    const cobro = await request.post(`/api/pagos/${cargo.id}/cobro`, {
      ...con(admin),
      data: { fecha: isoDentroDe(0), idFormaPago: formaPago },
    });
    expect(cobro.status(), await cobro.text()).toBe(200);
    await page.goto("/#/mispagos");
    const boton = page.getByRole("button", {
      name: new RegExp(`^Descarregar el rebut de «${nombre}`),
    });
    const [descarga] = await Promise.all([page.waitForEvent("download"), boton.click()]);
    const pdf = await getDocumentProxy(new Uint8Array(await readFile(await descarga.path())));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain(`Rebut n.º ${cargo.id}`);
    expect(text).toContain("Data de pagament");
    expect(text).toContain("Hem rebut de");
    expect(text).toContain("12,50 €");

    // A mail to him comes in his language.
    const alerta = await request.post("/api/alertas", {
      ...con(admin),
      data: {
        titulo: "Assaig general",
        mensaje: "Dissabte a les 18.00 h",
        destino: { idsSocio: [socio.socioId] },
        email: true,
      },
    });
    expect(alerta.status(), await alerta.text()).toBe(201);
    const correo = await smtp.esperarCorreo(CUENTAS.socio.email);
    expect(correo.texto).toContain("Obri-la en l'aplicació");

    // Another device: the login page in Spanish, and after signing in, the account's Valencian.
    const otro = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: "es-ES",
    });
    const page2 = await otro.newPage();
    await page2.goto("/#/login");
    await expect(page2.getByText("Entra con tu cuenta de festero")).toBeVisible();
    await page2.getByLabel("Correo electrónico").fill(CUENTAS.socio.email);
    await page2.getByLabel("Contraseña", { exact: true }).fill(PASSWORD_DEMO);
    await page2.getByRole("button", { name: "Entrar" }).click();
    await expect(page2.getByRole("button", { name: "Tancar la sessió" })).toBeVisible();
    await expect(page2.locator("html")).toHaveAttribute("lang", "ca-ES-valencia");
    await otro.close();
  } finally {
    // Other specs expect the demo socio in Spanish.
    const socio = await entrarApi(request, CUENTAS.socio.email);
    await request.put("/api/sesion/idioma", { ...con(socio), data: { idioma: "es" } });
  }
});
