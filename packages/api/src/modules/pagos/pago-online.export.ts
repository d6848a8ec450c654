import {
  type EstadoPedidoOnline,
  formatearFechaHora,
  hoyIso,
  type Idioma,
  type PedidoOnline,
} from "@fila/domain";
import { neutralizar } from "../socios-io/socios-io.columnas.js";
import {
  type CeldaExportada,
  escribirCsv,
  escribirXlsx,
  TIPO_CSV,
  TIPO_XLSX,
} from "../socios-io/socios-io.ficheros.js";
import { fijo } from "../socios-io/socios-io.textos-exportacion.js";
import type { FicheroExportado } from "./pagos.export.js";

export const ESTADO_PEDIDO_TEXTO: Record<EstadoPedidoOnline, string> = {
  pendiente: "Pendiente de confirmar",
  pagado: "Pagado",
  denegado: "Denegado",
};

const texto = (s: string) => neutralizar(s);

const COLUMNAS: [string, (p: PedidoOnline) => CeldaExportada][] = [
  ["Pedido", (p) => p.numero],
  ["Fecha", (p) => formatearFechaHora(p.fecha)],
  ["Socio", (p) => texto(p.socio)],
  ["Cargos", (p) => texto(p.cargos.map((c) => `${c.id} ${c.concepto}`).join("; "))],
  ["Importe (€)", (p) => p.importe],
  ["Método", (p) => (p.metodo === "bizum" ? "Bizum" : fijo("Tarjeta"))],
  ["Estado", (p) => fijo(ESTADO_PEDIDO_TEXTO[p.estado])],
  ["Autorización", (p) => texto(p.codigoAutorizacion)],
  ["Respuesta del banco", (p) => texto(p.motivo)],
];

export async function exportarPedidosOnline(
  pedidos: PedidoOnline[],
  formato: "xlsx" | "csv",
  idioma: Idioma = "es",
): Promise<FicheroExportado> {
  const cabeceras = COLUMNAS.map(([c]) => c);
  const filas = pedidos.map((p) => COLUMNAS.map(([, valor]) => valor(p)));
  const nombre = `pagos-en-linea-${hoyIso()}`;
  if (formato === "xlsx") {
    return {
      nombre: `${nombre}.xlsx`,
      tipo: TIPO_XLSX,
      contenido: await escribirXlsx(cabeceras, filas, "Pagos en línea", idioma),
    };
  }
  return {
    nombre: `${nombre}.csv`,
    tipo: TIPO_CSV,
    contenido: escribirCsv(cabeceras, filas, idioma),
  };
}
