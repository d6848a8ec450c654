import { XMLParser } from "fast-xml-parser";
import { DomainError } from "../../errors/domain-error.js";
import { type Mensaje, mensajeCon } from "../../errors/mensajes.js";
import { comoLista, hijo, texto } from "../xml-nodos.js";

/**
 * Fichero de estado o devoluciones del banco (pain.002.001.03, y también .001.02): los
 * adeudos rechazados (TxSts RJCT) con su código de motivo (StsRsnInf/Rsn/Cd).
 */

export type Rechazo = { endToEndId: string; motivo: string };

const noValido = (detalle: Mensaje) =>
  new DomainError("validacion", "sepa.no_es_pain002", [{ campo: "archivo", clave: detalle }]);

export function leerPain002(contenido: Buffer | string): Rechazo[] {
  const xml = typeof contenido === "string" ? contenido : contenido.toString("utf8");
  let arbol: unknown;
  try {
    arbol = new XMLParser({
      removeNSPrefix: true,
      ignoreAttributes: true,
      parseTagValue: false,
      processEntities: false,
    }).parse(xml, true);
  } catch {
    throw noValido("sepa.fichero_no_xml_bien_formado");
  }
  const informe =
    hijo(hijo(arbol, "Document"), "CstmrPmtStsRpt") ??
    hijo(hijo(arbol, "Document"), "pain.002.001.02");
  if (!informe || typeof informe !== "object") {
    throw noValido("sepa.falta_informe_estado_cstmrpmtstsrpt");
  }
  // .001.03 pone las operaciones dentro de OrgnlPmtInfAndSts; .001.02 también, o en TxInfAndSts.
  const operaciones = [
    ...comoLista(hijo(informe, "OrgnlPmtInfAndSts")).flatMap((b) =>
      comoLista(hijo(b, "TxInfAndSts")),
    ),
    ...comoLista(hijo(informe, "TxInfAndSts")),
  ];
  const rechazos: Rechazo[] = [];
  for (const op of operaciones) {
    if (texto(hijo(op, "TxSts")) !== "RJCT") continue;
    const endToEndId = texto(hijo(op, "OrgnlEndToEndId"));
    const motivo = texto(hijo(hijo(comoLista(hijo(op, "StsRsnInf"))[0], "Rsn"), "Cd"));
    if (!endToEndId) throw noValido("sepa.hay_operacion_rechazada_sin_orgnlendtoendid");
    if (!motivo) throw noValido(mensajeCon("sepa.operacion_no_trae_codigo_motivo", { endToEndId }));
    rechazos.push({ endToEndId, motivo });
  }
  if (operaciones.length === 0) throw noValido("sepa.fichero_no_trae_ninguna_operacion");
  return rechazos;
}
