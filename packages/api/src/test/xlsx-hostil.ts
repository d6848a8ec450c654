import { constants, crc32, deflateRawSync } from "node:zlib";

// Hostile XLSX files for the import's tests and bench/importar.bench.ts (issue 45, item 10), made
// small: a zip bomb is a few hundred kilobytes.

export const MB = 1024 * 1024;
export type Parte = { nombre: string; datos: Buffer; tamanyo: number; crc: number };

export const almacenada = (nombre: string, texto: string): Parte => {
  const datos = Buffer.from(texto);
  return { nombre, datos, tamanyo: datos.length, crc: crc32(datos) };
};

/** A ZIP of its parts (stored or already deflated), with its central directory. */
export function zip(partes: (Parte & { metodo?: 0 | 8; declarado?: number })[]): Buffer {
  const locales: Buffer[] = [];
  const directorio: Buffer[] = [];
  let desplazamiento = 0;
  for (const p of partes) {
    const nombre = Buffer.from(p.nombre);
    const cabecera = (firma: number, largo: number) => {
      const b = Buffer.alloc(largo);
      b.writeUInt32LE(firma, 0);
      return b;
    };
    const tamanyo = p.declarado ?? p.tamanyo;
    const local = cabecera(0x04034b50, 30);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(p.metodo ?? 0, 8);
    local.writeUInt32LE(p.crc >>> 0, 14);
    local.writeUInt32LE(p.datos.length, 18);
    local.writeUInt32LE(tamanyo, 22);
    local.writeUInt16LE(nombre.length, 26);
    const central = cabecera(0x02014b50, 46);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(p.metodo ?? 0, 10);
    central.writeUInt32LE(p.crc >>> 0, 16);
    central.writeUInt32LE(p.datos.length, 20);
    central.writeUInt32LE(tamanyo, 24);
    central.writeUInt16LE(nombre.length, 28);
    central.writeUInt32LE(desplazamiento, 42);
    locales.push(local, nombre, p.datos);
    directorio.push(central, nombre);
    desplazamiento += 30 + nombre.length + p.datos.length;
  }
  const tamDirectorio = directorio.reduce((s, b) => s + b.length, 0);
  const fin = Buffer.alloc(22);
  fin.writeUInt32LE(0x06054b50, 0);
  fin.writeUInt16LE(partes.length, 8);
  fin.writeUInt16LE(partes.length, 10);
  fin.writeUInt32LE(tamDirectorio, 12);
  fin.writeUInt32LE(desplazamiento, 16);
  return Buffer.concat([...locales, ...directorio, fin]);
}

export const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const NS_R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/** The parts of a one-sheet workbook around its sheet. */
export const libro = () => [
  almacenada(
    "[Content_Types].xml",
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
  ),
  almacenada(
    "xl/workbook.xml",
    `<?xml version="1.0" encoding="UTF-8"?><workbook ${NS} ${NS_R}><sheets><sheet name="Socios" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ),
  almacenada(
    "xl/_rels/workbook.xml.rels",
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  ),
];

/**
 * An XLSX whose sheet inflates to `mb` megabytes: a header and one member whose name is a giant
 * cell. Its deflated data is one compressed megabyte of «A» repeated (each piece ends on a sync
 * flush, so the pieces join into one stream), so it is built without ever holding the sheet.
 * `declarado`: the sheet's size the ZIP claims (a lying ZIP), else the true one.
 */
export function bomba(mb: number, declarado?: number): Buffer {
  const sincronizado = (b: Buffer) =>
    deflateRawSync(b, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const antes = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Nombre</t></is></c><c r="B1" t="inlineStr"><is><t>Apellidos</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>`,
  );
  const relleno = Buffer.alloc(MB, "A");
  const despues = Buffer.from(
    '</t></is></c><c r="B2" t="inlineStr"><is><t>Bomba</t></is></c></row></sheetData></worksheet>',
  );
  const rellenoComprimido = sincronizado(relleno);
  let crc = crc32(antes);
  for (let i = 0; i < mb; i++) crc = crc32(relleno, crc);
  crc = crc32(despues, crc);
  const datos = Buffer.concat([
    sincronizado(antes),
    ...Array.from({ length: mb }, () => rellenoComprimido),
    deflateRawSync(despues),
  ]);
  const tamanyo = antes.length + mb * MB + despues.length;
  const hoja = { nombre: "xl/worksheets/sheet1.xml", datos, tamanyo, crc };
  return zip([...libro(), { ...hoja, metodo: 8, declarado }]);
}
