import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, chromium, expect, type Page, request, test } from "@playwright/test";
import { encode } from "uqr";
import { AppPage, CUENTAS, PASSWORD_DEMO } from "../page-models/app-page";
import { PUERTO_APP } from "../support/constantes";

// The door (issue 34 §2) with a fake rear camera that shows a real member card's QR. The video
// file is fixed when the browser starts, so this spec starts its own Chromium.

const BASE = `http://127.0.0.1:${PUERTO_APP}`;
const hoyMadrid = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());

/** A Y4M video (grey levels, 4:2:0) of the QR of `texto`, centred on white. */
function videoQr(texto: string): string {
  const { data, size } = encode(texto, { border: 4 });
  const ancho = 480;
  const alto = 360;
  const escala = Math.floor(320 / size);
  const x0 = Math.floor((ancho - size * escala) / 2);
  const y0 = Math.floor((alto - size * escala) / 2);
  const y = Buffer.alloc(ancho * alto, 255);
  for (let f = 0; f < size; f++) {
    for (let c = 0; c < size; c++) {
      if (!data[f]?.[c]) continue;
      for (let dy = 0; dy < escala; dy++) {
        y.fill(
          0,
          (y0 + f * escala + dy) * ancho + x0 + c * escala,
          (y0 + f * escala + dy) * ancho + x0 + (c + 1) * escala,
        );
      }
    }
  }
  const uv = Buffer.alloc((ancho / 2) * (alto / 2) * 2, 128);
  const cuadro = Buffer.concat([Buffer.from("FRAME\n"), y, uv]);
  const fichero = path.join(mkdtempSync(path.join(tmpdir(), "fila-qr-")), "carnet.y4m");
  writeFileSync(
    fichero,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${ancho} H${alto} F10:1 Ip A1:1 C420jpeg\n`),
      ...Array.from({ length: 10 }, () => cuadro),
    ]),
  );
  return fichero;
}

let navegador: Browser;
let actos: { primero: number; segundo: number };

test.beforeAll(async () => {
  const api = await request.newContext({ baseURL: BASE });
  const login = await api.post("/api/login", {
    data: { email: CUENTAS.administrador.email, password: PASSWORD_DEMO },
  });
  const h = { authorization: `Bearer ${(await login.json()).accessToken}` };
  const socio = await api.post("/api/socios", {
    headers: h,
    data: { nombre: "Vicent", apellidos: `Porta ${Date.now()}` },
  });
  expect(socio.status(), await socio.text()).toBe(201);
  const idSocio = (await socio.json()).id as number;
  const crearActo = async (nombre: string) => {
    const acto = await api.post("/api/actos", {
      headers: h,
      data: { nombre: `${nombre} ${Date.now()}`, fecha: hoyMadrid(), listaEspera: false },
    });
    expect(acto.status(), await acto.text()).toBe(201);
    const id = (await acto.json()).id as number;
    const ins = await api.post(`/api/actos/${id}/inscripciones`, { headers: h, data: { idSocio } });
    expect(ins.status(), await ins.text()).toBe(201);
    return id;
  };
  actos = { primero: await crearActo("Cena puerta"), segundo: await crearActo("Cena sin señal") };
  const carnet = await api.get(`/api/socios/${idSocio}/carnet`, { headers: h });
  const { codigo } = (await carnet.json()) as { codigo: string };
  await api.dispose();

  const debian = "/usr/bin/chromium";
  navegador = await chromium.launch({
    ...(existsSync(debian) ? { executablePath: debian } : {}),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--no-first-run",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${videoQr(codigo)}`,
    ],
  });
});

test.afterAll(async () => {
  await navegador?.close();
});

async function entrar(): Promise<{ page: Page; cerrar: () => Promise<void> }> {
  const contexto = await navegador.newContext({
    baseURL: BASE,
    viewport: { width: 390, height: 844 },
    locale: "es-ES",
    timezoneId: "Europe/Madrid",
    permissions: ["camera"],
  });
  const page = await contexto.newPage();
  await new AppPage(page).entrarConSesion(CUENTAS.administrador);
  return { page, cerrar: () => contexto.close() };
}

const resultado = (page: Page) => page.getByTestId("resultado-acceso");

test("la junta abre el control de acceso en el móvil, lee un carnet: registrado; otra vez: ya había entrado", async () => {
  const { page, cerrar } = await entrar();
  await page.goto(`/#/listado-inscritos?acto=${actos.primero}`);
  await page.getByRole("button", { name: "Control de acceso" }).click();
  await expect(resultado(page)).toHaveAttribute("data-resultado", "registrado");
  await expect(resultado(page)).toContainText("Vicent");
  await expect(page.getByTestId("recuento-acceso")).toHaveText("Han entrado 1 de 1");

  // The same card read again (the screen opened anew): already in, at its time.
  await page.getByRole("button", { name: "Volver al listado" }).click();
  await page.getByRole("button", { name: "Control de acceso" }).click();
  await expect(resultado(page)).toHaveAttribute("data-resultado", "repetido");
  await expect(resultado(page)).toContainText(/Entró a las \d{2}:\d{2}/);
  await cerrar();
});

test("sin señal la lectura queda pendiente y, al volver la conexión, muestra su resultado", async () => {
  const { page, cerrar } = await entrar();
  // Opened once with signal (the page and the QR reader are loaded), then the signal goes.
  await page.goto(`/#/listado-inscritos?acto=${actos.primero}&vista=acceso`);
  await expect(resultado(page)).toHaveAttribute("data-resultado", "repetido");
  await page.context().setOffline(true);
  await page.goto(`/#/listado-inscritos?acto=${actos.segundo}&vista=acceso`);
  await expect(resultado(page)).toHaveAttribute("data-resultado", "pendiente");
  await expect(page.getByText("1 lectura pendiente de enviar")).toBeVisible();

  await page.context().setOffline(false);
  await expect(resultado(page)).toHaveAttribute("data-resultado", "registrado", {
    timeout: 15_000,
  });
  await expect(page.getByText("1 lectura pendiente de enviar")).toBeHidden();
  await expect(page.getByTestId("recuento-acceso")).toHaveText("Han entrado 1 de 1");
  await cerrar();
});
