import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cargarDemo } from "../../demo/seed-demo.js";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";
import { multipart } from "../../test/subidas.js";

// Export → edit in Excel → import with modo=actualizar gives back exactly the same members.

let e: Entorno;
let admin: string;

beforeAll(async () => {
  e = await crearEntorno();
  await cargarDemo(e.db);
  admin = await entrar(
    e.app,
    (await crearCuenta(e.db, { rol: "administrador", conSocio: false })).email,
  );
});
afterAll(async () => {
  await e?.cerrar();
});

/** Every member as stored, without the instant of the last change. */
const socios = async () =>
  (await e.db.selectFrom("socio").selectAll().orderBy("id").execute()).map(
    ({ actualizado_en, ...resto }) => resto,
  );

function importar(contenido: Buffer, confirmar: 0 | 1) {
  const { payload, headers } = multipart([
    { campo: "archivo", archivo: contenido, nombre: "socios.xlsx" },
  ]);
  return e.app.inject({
    method: "POST",
    url: `/api/socios/importar?confirmar=${confirmar}&modo=actualizar`,
    payload,
    headers: { ...headers, ...bearer(admin) },
  });
}

describe("ida y vuelta de los 300 socios de la demo", () => {
  it.each(["xlsx", "csv"] as const)(
    "exportar a %s e importar sin tocar nada no cambia ningún socio",
    async (formato) => {
      const antes = await socios();
      expect(antes).toHaveLength(300);
      const exportado = await e.app.inject({
        method: "GET",
        url: `/api/socios/exportar?formato=${formato}`,
        headers: bearer(admin),
      });
      expect(exportado.statusCode).toBe(200);
      const res = await importar(exportado.rawPayload, 1);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        filas: 300,
        validas: 300,
        nuevas: 0,
        actualizadas: 0,
        sinCambios: 300,
        rechazadas: [],
        avisos: [],
        importadas: 0,
      });
      expect(res.json().columnas.every((c: { campo: string | null }) => c.campo !== null)).toBe(
        true,
      );
      expect(await socios()).toEqual(antes);
    },
  );

  it("editar un teléfono en el Excel cambia ese teléfono y nada más", async () => {
    const antes = await socios();
    const exportado = await e.app.inject({
      method: "GET",
      url: "/api/socios/exportar?formato=xlsx&sort=matricula",
      headers: bearer(admin),
    });
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(exportado.rawPayload as unknown as ArrayBuffer);
    const ws = libro.worksheets[0];
    const cabeceras = (ws.getRow(1).values as unknown[]).slice(1);
    const fila = ws.getRow(42);
    const matricula = Number(fila.getCell(cabeceras.indexOf("Matrícula") + 1).value);
    fila.getCell(cabeceras.indexOf("Teléfono") + 1).value = "699 00 11 22";
    const editado = Buffer.from(await libro.xlsx.writeBuffer());

    const prueba = (await importar(editado, 0)).json();
    expect(prueba).toMatchObject({ nuevas: 0, actualizadas: 1, sinCambios: 299, rechazadas: [] });
    expect(prueba.avisos).toEqual([
      {
        fila: 42,
        campo: "Teléfono",
        mensaje: "Se han dejado solo las cifras (y el +): «699 00 11 22» → «699001122»",
      },
    ]);
    const res = await importar(editado, 1);
    expect(res.json(), res.body).toMatchObject({ actualizadas: 1, importadas: 1 });

    const despues = await socios();
    const esperado = antes.map((s) =>
      s.matricula === matricula ? { ...s, telefono: "699001122" } : s,
    );
    expect(despues).toEqual(esperado);
  });
});
