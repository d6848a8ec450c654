import { randomBytes, randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { CLAVE_PUBLICA_PRUEBAS_REDSYS } from "../config.js";
import {
  codificarParametros,
  decodificarParametros,
  firmar,
  firmaValida,
  parametro,
  VERSION_FIRMA,
} from "../modules/pagos/redsys.js";

/**
 * The simulated bank's merchant: its key is made for each run (never Redsys's published one, which
 * puts the app in test mode, where nothing is paid), so the tests pay for real.
 */
export const COMERCIO_SIMULADO = {
  merchantCode: "336699001",
  terminal: "1",
  secretKey: randomBytes(24).toString("base64"),
} as const;

/** Redsys's published test merchant and key (its integration guide): the app's test mode. */
export const COMERCIO_PUBLICO_PRUEBAS = {
  merchantCode: "999008881",
  terminal: "1",
  secretKey: CLAVE_PUBLICA_PRUEBAS_REDSYS,
} as const;

/** A configuration for the simulated merchant that never reaches a bank (tests that only sign). */
export const REDSYS_SIN_BANCO = {
  ...COMERCIO_SIMULADO,
  url: "http://127.0.0.1:9/sis/realizarPago",
} as const;

export type FormularioBanco = {
  Ds_SignatureVersion: string;
  Ds_MerchantParameters: string;
  Ds_Signature: string;
};

/** Who receives the notification: by default an HTTP POST to MerchantURL, as the bank does. */
export type Enviar = (url: string, cuerpo: string) => Promise<number>;

const enviarPorHttp: Enviar = async (url, cuerpo) => {
  const r = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: cuerpo,
  });
  return r.status;
};

const escapar = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The notification the bank would send for a signed order (as the bank signs it: parameters and
 * signature in URL-safe base64). `respuesta` is Ds_Response ("0000" paid, "9915" cancelled, …).
 */
export function notificacionDe(
  formulario: FormularioBanco,
  opciones: { respuesta?: string; clave?: string; cambios?: Record<string, string> } = {},
): FormularioBanco {
  const clave = opciones.clave ?? COMERCIO_SIMULADO.secretKey;
  const orden = decodificarParametros(formulario.Ds_MerchantParameters) ?? {};
  const pedido = parametro(orden, "Ds_Merchant_Order");
  const respuesta = opciones.respuesta ?? "0000";
  const ahora = new Date();
  const datos: Record<string, string> = {
    Ds_Date: encodeURIComponent(ahora.toLocaleDateString("es-ES", { timeZone: "Europe/Madrid" })),
    Ds_Hour: encodeURIComponent(
      ahora.toLocaleTimeString("es-ES", {
        timeZone: "Europe/Madrid",
        hour: "2-digit",
        minute: "2-digit",
      }),
    ),
    Ds_SecurePayment: "1",
    Ds_Amount: parametro(orden, "Ds_Merchant_Amount"),
    Ds_Currency: parametro(orden, "Ds_Merchant_Currency"),
    Ds_Order: pedido,
    Ds_MerchantCode: parametro(orden, "Ds_Merchant_MerchantCode"),
    Ds_Terminal: parametro(orden, "Ds_Merchant_Terminal").padStart(3, "0"),
    Ds_Response: respuesta,
    Ds_TransactionType: "0",
    Ds_MerchantData: "",
    Ds_AuthorisationCode: Number(respuesta) <= 99 ? String(randomInt(100000, 999999)) : "",
    Ds_ConsumerLanguage: "1",
    Ds_ProcessedPayMethod: parametro(orden, "Ds_Merchant_PayMethods") === "z" ? "68" : "1",
    ...opciones.cambios,
  };
  const parametros = Buffer.from(codificarParametros(datos), "base64").toString("base64url");
  const firma = Buffer.from(firmar(clave, pedido, parametros), "base64").toString("base64url");
  return {
    Ds_SignatureVersion: VERSION_FIRMA,
    Ds_MerchantParameters: parametros,
    Ds_Signature: firma,
  };
}

export const comoFormulario = (f: FormularioBanco) => new URLSearchParams(f).toString();

async function leerFormulario(req: IncomingMessage): Promise<Record<string, string>> {
  let cuerpo = "";
  for await (const trozo of req) cuerpo += trozo;
  return Object.fromEntries(new URLSearchParams(cuerpo));
}

type Operacion = { formulario: FormularioBanco; orden: Record<string, string> };

/**
 * A simulated Redsys on loopback: `POST /sis/realizarPago` takes the signed form (checks the
 * signature as the bank does), shows a page with «Pagar» and «Cancelar»; the choice sends the
 * signed notification to Ds_Merchant_MerchantURL and sends the browser to URLOK or URLKO.
 */
export async function arrancarRedsysSimulado(
  opciones: { puerto?: number; clave?: string; enviar?: Enviar } = {},
) {
  const clave = opciones.clave ?? COMERCIO_SIMULADO.secretKey;
  const enviar = opciones.enviar ?? enviarPorHttp;
  const operaciones = new Map<string, Operacion>();
  const notificaciones: { url: string; cuerpo: string; status: number }[] = [];

  const pagina = (res: ServerResponse, status: number, html: string) => {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Redsys simulado</title></head><body>${html}</body></html>`,
    );
  };

  const servidor = createServer(async (req, res) => {
    try {
      if (req.method === "POST" && req.url === "/sis/realizarPago") {
        const f = await leerFormulario(req);
        const orden = decodificarParametros(f.Ds_MerchantParameters ?? "");
        const pedido = orden ? parametro(orden, "Ds_Merchant_Order") : "";
        if (
          !orden ||
          f.Ds_SignatureVersion !== VERSION_FIRMA ||
          !firmaValida(clave, pedido, f.Ds_MerchantParameters ?? "", f.Ds_Signature ?? "")
        ) {
          return pagina(res, 400, "<h1>SIS0042: error en el cálculo de la firma</h1>");
        }
        const id = `${pedido}-${operaciones.size + 1}`;
        operaciones.set(id, {
          formulario: f as FormularioBanco,
          orden,
        });
        const bizum = parametro(orden, "Ds_Merchant_PayMethods") === "z";
        const euros = (Number(parametro(orden, "Ds_Merchant_Amount")) / 100)
          .toFixed(2)
          .replace(".", ",");
        const boton = (respuesta: string, texto: string) =>
          `<form method="post" action="/sis/decidir"><input type="hidden" name="id" value="${escapar(id)}"><input type="hidden" name="respuesta" value="${respuesta}"><button type="submit">${texto}</button></form>`;
        return pagina(
          res,
          200,
          `<h1>${bizum ? "Pago con Bizum" : "Pago con tarjeta"}</h1><p>Pedido ${escapar(pedido)}</p><p>Importe: ${euros} €</p>${boton("0000", "Pagar")}${boton("9915", "Cancelar")}`,
        );
      }
      if (req.method === "POST" && req.url === "/sis/decidir") {
        const f = await leerFormulario(req);
        const op = operaciones.get(f.id ?? "");
        if (!op) return pagina(res, 404, "<h1>Operación desconocida</h1>");
        const respuesta = f.respuesta === "0000" ? "0000" : (f.respuesta ?? "9915");
        const notificacion = notificacionDe(op.formulario, { respuesta, clave });
        const url = parametro(op.orden, "Ds_Merchant_MerchantURL");
        const cuerpo = comoFormulario(notificacion);
        const status = await enviar(url, cuerpo);
        notificaciones.push({ url, cuerpo, status });
        const vuelta = parametro(
          op.orden,
          respuesta === "0000" ? "Ds_Merchant_UrlOK" : "Ds_Merchant_UrlKO",
        );
        res.writeHead(302, { location: vuelta });
        return res.end();
      }
      pagina(res, 404, "<h1>No existe</h1>");
    } catch (err) {
      pagina(res, 500, `<h1>${escapar(String(err))}</h1>`);
    }
  });
  await new Promise<void>((ok) => servidor.listen(opciones.puerto ?? 0, "127.0.0.1", ok));
  const { port } = servidor.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sis/realizarPago`,
    origen: `http://127.0.0.1:${port}`,
    notificaciones,
    cerrar: () => new Promise<void>((ok) => servidor.close(() => ok())),
  };
}
