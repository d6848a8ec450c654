import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { AppPage, CUENTAS, PASSWORD_DEMO } from "../page-models/app-page";
import { infraccionesGraves } from "../support/axe";

// The treasury (issue 47) on the phone. The statement is the association's account at CaixaBank
// (ES66 2100 0418 40 1234567891: entity, office and account in record 11), the IBAN of the demo's
// «Banco»: the import recognises the account from the file.

test.use({ viewport: { width: 390, height: 844 } });

// ——— A Norma 43 file written from the AEB's layout (cuaderno 43), positions from 1 ———

function registro(codigo: string, campos: [desde: number, valor: string][]): string {
  const r = [...`${codigo}${" ".repeat(78)}`];
  for (const [desde, valor] of campos) {
    [...valor].forEach((c, i) => {
      r[desde - 1 + i] = c;
    });
  }
  return r.join("");
}
const num = (n: number, ancho: number) => String(n).padStart(ancho, "0");
const aammdd = (iso: string) => iso.slice(2).replaceAll("-", "");
const clave = (centimos: number) => (centimos < 0 ? "1" : "2");
const CUENTA: [number, string][] = [
  [3, "2100"],
  [7, "0418"],
  [11, "1234567891"],
];

function norma43(
  fecha: string,
  saldoInicial: number,
  apuntes: { importe: number; texto: string }[],
) {
  const saldoFinal = apuntes.reduce((s, a) => s + a.importe, saldoInicial);
  const debe = apuntes.filter((a) => a.importe < 0);
  const haber = apuntes.filter((a) => a.importe > 0);
  const registros = [
    registro("11", [
      ...CUENTA,
      [21, aammdd(fecha)],
      [27, aammdd(fecha)],
      [33, clave(saldoInicial)],
      [34, num(Math.abs(saldoInicial), 14)],
      [48, "978"],
      [51, "3"],
      [52, "FILA DEMO".padEnd(26)],
    ]),
    ...apuntes.map((a) =>
      registro("22", [
        [7, "0418"],
        [11, aammdd(fecha)],
        [17, aammdd(fecha)],
        [23, "99"],
        [25, "000"],
        [28, clave(a.importe)],
        [29, num(Math.abs(a.importe), 14)],
        [43, num(0, 10)],
        [53, num(0, 12)],
        [65, a.texto.padEnd(16).slice(0, 16)],
      ]),
    ),
    registro("33", [
      ...CUENTA,
      [21, num(debe.length, 5)],
      [26, num(-debe.reduce((s, a) => s + a.importe, 0), 14)],
      [40, num(haber.length, 5)],
      [
        45,
        num(
          haber.reduce((s, a) => s + a.importe, 0),
          14,
        ),
      ],
      [59, clave(saldoFinal)],
      [60, num(Math.abs(saldoFinal), 14)],
      [74, "978"],
    ]),
  ];
  registros.push(
    registro("88", [
      [3, "9".repeat(18)],
      [21, num(registros.length, 6)],
    ]),
  );
  return Buffer.from(`${registros.join("\r\n")}\r\n`, "latin1");
}

test("en el móvil, la tesorera anota la foto de una factura como gasto, concilia el extracto del banco con el libro y descarga las cuentas del año", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const app = new AppPage(page);
  await app.entrarConSesion(CUENTAS.administrador);

  // The invoice, photographed and filed as an expense: one dialog, five fields, one photo. (How
  // long it takes is not asserted here: speed is measured in bench/, never by timed tests.)
  await app.irA("productos?vista=tesoreria");
  await page.getByRole("button", { name: "Nuevo gasto" }).click();
  const gasto = page.getByRole("dialog", { name: "Nuevo gasto" });
  await gasto.getByLabel(/^Importe/).fill("48,40");
  await gasto.getByLabel(/^Concepto/).fill("Traca de la entrada");
  await gasto.getByLabel(/^Proveedor/).fill("Pirotecnia Martí");
  await gasto.getByLabel(/^Categoría/).click();
  await page.getByRole("option", { name: "Pólvora (602)" }).click();
  const factura = await sharp({
    create: { width: 600, height: 800, channels: 3, background: "#f8f9fa" },
  })
    .jpeg()
    .toBuffer();
  await gasto
    .locator("input[type='file'][capture]")
    .setInputFiles({ name: "factura.jpg", mimeType: "image/jpeg", buffer: factura });
  await expect(gasto.getByText("factura.jpg")).toBeVisible();
  await gasto.getByRole("button", { name: "Guardar" }).click();
  await expect(gasto).toBeHidden();
  const fila = page.getByRole("row").filter({ hasText: "Traca de la entrada" });
  await expect(fila).toContainText("-48,40 €");
  await expect(fila.getByLabel("1 documento")).toBeVisible();
  expect(await infraccionesGraves(page)).toEqual([]);

  // The bank's statement of today: the invoice paid and a maintenance fee.
  const login = await request.post("/api/login", {
    data: { email: CUENTAS.administrador.email, password: PASSWORD_DEMO },
  });
  const admin = {
    authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`,
  };
  const cuentas = (await (
    await request.get("/api/tesoreria/cuentas", { headers: admin })
  ).json()) as { items: { id: number; nombre: string; saldo: number }[] };
  const banco = cuentas.items.find((c) => c.nombre === "Banco");
  const movimientos = (await (
    await request.get(`/api/tesoreria/movimientos?idCuenta=${banco?.id}&q=Traca`, {
      headers: admin,
    })
  ).json()) as { items: { fecha: string }[] };
  const fecha = movimientos.items[0]?.fecha ?? "";
  const saldo = Math.round((banco?.saldo ?? 0) * 100);
  const extracto = norma43(fecha, saldo + 4840, [
    { importe: -4840, texto: "PIROTECNIA MARTI" },
    { importe: -250, texto: "COMISION MANTEN." },
  ]);

  await page.getByRole("tab", { name: "Extractos del banco" }).click();
  const importar = page.getByRole("region", { name: "Importar un extracto del banco" });
  // No account chosen: record 11 names the association's account, which is the demo's «Banco».
  await expect(importar.getByLabel(/^Cuenta/)).toHaveValue("");
  await importar
    .locator("input[type='file']")
    .setInputFiles({ name: "extracto.n43", mimeType: "text/plain", buffer: extracto });
  const paso = page.getByRole("region", { name: "Conciliar extracto.n43" });
  const facturaEnBanco = paso.getByRole("article", { name: "Línea 1 del extracto" });
  await expect(facturaEnBanco.getByTestId("propuesta")).toContainText("Traca de la entrada");
  // The fee: nothing in the book; the demo's rule «COMISION» proposes it as a bank expense.
  const comision = paso.getByRole("article", { name: "Línea 2 del extracto" });
  await expect(comision.getByTestId("propuesta")).toHaveText(
    "Propuesta: movimiento nuevo en Comisiones bancarias",
  );
  await expect(comision.getByLabel("Categoría de la línea 2")).toHaveValue(
    "Comisiones bancarias (626)",
  );
  await expect(paso.getByTestId(`saldos-extracto-${banco?.id}`)).toContainText("Diferencia0,00 €");
  await paso.getByRole("button", { name: "Aplicar" }).click();

  const resultado = page.getByTestId("resultado-extracto");
  await expect(resultado).toContainText("Banco: el banco y el libro cuadran");
  await expect(resultado).toContainText("diferencia 0,00 €");
  await expect(page.getByRole("region", { name: "Banco y libro de Banco" })).toContainText(
    "Cuadra",
  );
  expect(await infraccionesGraves(page)).toEqual([]);

  // The year's accounts for the assembly.
  await page.getByRole("tab", { name: "Cuentas del año" }).click();
  await expect(page.getByTestId("resumen-cuentas-anuales")).toBeVisible();
  const descarga = page.waitForEvent("download");
  await page.getByRole("button", { name: "PDF para la asamblea" }).click();
  expect((await descarga).suggestedFilename()).toBe(`cuentas-anuales-${fecha.slice(0, 4)}.pdf`);
});
