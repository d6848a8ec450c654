import {
  type EstadoPedidoOnline,
  formatearFechaHora,
  hoyIso,
  type PedidoOnline,
} from "@fila/domain";
import { neutralizar, type ValorCelda } from "../socios-io/socios-io.columnas.js";
import { escribirCsv, escribirXlsx, TIPO_CSV, TIPO_XLSX } from "../socios-io/socios-io.ficheros.js";
import type { FicheroExportado } from "./pagos.export.js";

export const ESTADO_PEDIDO_TEXTO: Record<EstadoPedidoOnline, string> = {
  pendiente: "Pendiente de confirmar",
  pagado: "Pagado",
  denegado: "Denegado",
};

const texto = (s: string) => neutralizar(s);

const COLUMNAS: [string, (p: PedidoOnline) => ValorCelda][] = [
  ["Pedido", (p) => p.numero],
  ["Fecha", (p) => formatearFechaHora(p.fecha)],
  ["Socio", (p) => texto(p.socio)],
  ["Cargos", (p) => texto(p.cargos.map((c) => `${c.id} ${c.concepto}`).join("; "))],
  ["Importe (€)", (p) => p.importe],
  ["Método", (p) => (p.metodo === "bizum" ? "Bizum" : "Tarjeta")],
  ["Estado", (p) => ESTADO_PEDIDO_TEXTO[p.estado]],
  ["Autorización", (p) => texto(p.codigoAutorizacion)],
  ["Respuesta del banco", (p) => texto(p.motivo)],
];

export async function exportarPedidosOnline(
  pedidos: PedidoOnline[],
  formato: "xlsx" | "csv",
): Promise<FicheroExportado> {
  const cabeceras = COLUMNAS.map(([c]) => c);
  const filas = pedidos.map((p) => COLUMNAS.map(([, valor]) => valor(p)));
  const nombre = `pagos-en-linea-${hoyIso()}`;
  if (formato === "xlsx") {
    return {
      nombre: `${nombre}.xlsx`,
      tipo: TIPO_XLSX,
      contenido: await escribirXlsx(cabeceras, filas, "Pagos en línea"),
    };
  }
  return { nombre: `${nombre}.csv`, tipo: TIPO_CSV, contenido: escribirCsv(cabeceras, filas) };
}
