import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { validateXML } from "xmllint-wasm";

const XSD = readFileSync(
  fileURLToPath(new URL("./fixtures/sepa/pain.008.001.02.xsd", import.meta.url)),
  "utf8",
);

/** Validates a remittance against the ISO 20022 schema; returns the errors (empty when valid). */
export async function erroresXsdPain008(xml: string): Promise<string[]> {
  const resultado = await validateXML({
    xml: [{ fileName: "remesa.xml", contents: xml }],
    schema: [{ fileName: "pain.008.001.02.xsd", contents: XSD }],
    maxMemoryPages: 16384,
  });
  return resultado.errors.map((e) => e.rawMessage);
}

/** A bank status report pain.002 with the given operations (as fixtures of return files). */
export function pain002(
  operaciones: { e2e: string; estado: string; motivo?: string }[],
  version = "03",
) {
  const tx = operaciones
    .map(
      (o) =>
        `<TxInfAndSts><StsId>${o.e2e}</StsId><OrgnlEndToEndId>${o.e2e}</OrgnlEndToEndId><TxSts>${o.estado}</TxSts>${
          o.motivo ? `<StsRsnInf><Rsn><Cd>${o.motivo}</Cd></Rsn></StsRsnInf>` : ""
        }</TxInfAndSts>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.${version}">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>BANCO-1</MsgId><CreDtTm>2026-12-03T09:00:00</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts><OrgnlMsgId>FILA-R1</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId></OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts><OrgnlPmtInfId>FILA-R1-FRST</OrgnlPmtInfId>${tx}</OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>`;
}
