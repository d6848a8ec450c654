import type { Migration } from "kysely/migration";
import * as fundacion from "./2026-11-21-0001-fundacion.js";
import * as auditoria from "./2026-11-21-0002-auditoria.js";
import * as socios from "./2026-11-21-0003-socios.js";
import * as pagos from "./2026-11-21-0004-pagos.js";
import * as actos from "./2026-11-21-0005-actos.js";
import * as noticiasDocumentos from "./2026-11-21-0006-noticias-documentos.js";
import * as alertasPush from "./2026-11-21-0007-alertas-push.js";
import * as remesasExtra from "./2026-11-21-0008-remesas-extra.js";
import * as endurecimiento from "./2026-11-25-0009-endurecimiento.js";
import * as plazasOcupadas from "./2026-11-25-0010-plazas-ocupadas.js";
import * as utilidades from "./2026-11-25-0012-utilidades.js";
import * as copias from "./2026-11-25-0013-copias.js";
import * as mercadillo from "./2026-11-25-0014-mercadillo.js";
import * as identidad from "./2026-11-25-0015-identidad.js";
import * as analitica from "./2026-11-25-0016-analitica.js";
import * as versionDatos from "./2026-11-27-0017-version-datos.js";
import * as pagoIndicesParciales from "./2026-11-27-0018-pago-indices-parciales.js";
import * as pagoHot from "./2026-11-27-0019-pago-hot.js";
import * as limiteIntentos from "./2026-11-28-0020-limite-intentos.js";
import * as secretosCifrados from "./2026-11-28-0021-secretos-cifrados.js";
import * as restauracion from "./2026-11-28-0022-restauracion.js";
import * as listaEspera from "./2026-11-28-0023-lista-espera.js";
import * as carnetAccesos from "./2026-11-28-0024-carnet-accesos.js";
import * as pagoOnline from "./2026-11-28-0025-pago-online.js";
import * as trabajos from "./2026-11-28-0026-trabajos.js";
import * as envios from "./2026-11-28-0027-envios.js";
import * as idioma from "./2026-11-28-0028-idioma.js";
import * as versionDatosInicioSocio from "./2026-11-28-0029-version-datos-inicio-socio.js";
import * as envioDestinatarios from "./2026-11-28-0030-envio-destinatarios.js";
import * as textosValenciano from "./2026-11-28-0031-textos-valenciano.js";
import * as remesaXmlAlDescargar from "./2026-11-29-0032-remesa-xml-al-descargar.js";
import * as envioEnviando from "./2026-12-06-0033-envio-enviando.js";
import * as pedidoOnlinePrueba from "./2026-12-06-0034-pedido-online-prueba.js";
import * as pruebaTotp from "./2026-12-06-0035-prueba-totp.js";
import * as loteria from "./2026-12-06-0036-loteria.js";
import * as tesoreria from "./2026-12-06-0037-tesoreria.js";
import * as tesoreriaExtractos from "./2026-12-06-0038-tesoreria-extractos.js";
import * as estructura from "./2026-12-07-0039-estructura.js";
import * as antiguedad from "./2026-12-07-0040-antiguedad.js";
import * as asamblea from "./2026-12-07-0041-asamblea.js";
import * as turnosMesas from "./2026-12-07-0042-turnos-mesas.js";
import * as escala from "./2026-12-07-0043-escala.js";
import * as listaSocios from "./2026-12-07-0044-lista-socios.js";
import * as pagoResumen from "./2026-12-07-0045-pago-resumen.js";
import * as escalaSocios from "./2026-12-07-0046-escala-socios.js";
import * as informesSocios from "./2026-12-07-0047-informes-socios.js";
import * as informesActosRecaudacion from "./2026-12-07-0048-informes-actos-recaudacion.js";
import * as importarPorClaves from "./2026-12-07-0049-importar-por-claves.js";
import * as resumenInicioJunta from "./2026-12-07-0050-resumen-inicio-junta.js";
import * as deudaSocio from "./2026-12-07-0051-deuda-socio.js";
import * as deudaGrupo from "./2026-12-07-0052-deuda-grupo.js";
import * as actoOcupadasSinInterbloqueo from "./2026-12-07-0053-acto-ocupadas-sin-interbloqueo.js";
import * as resumenesSinJit from "./2026-12-07-0054-resumenes-sin-jit.js";
import * as socioDerrama from "./2026-12-07-0055-socio-derrama.js";

// Static provider: works the same under tsx, vitest and a bundle.
export const migraciones: Record<string, Migration> = {
  "2026-11-21-0001-fundacion": fundacion,
  "2026-11-21-0002-auditoria": auditoria,
  "2026-11-21-0003-socios": socios,
  "2026-11-21-0004-pagos": pagos,
  "2026-11-21-0005-actos": actos,
  "2026-11-21-0006-noticias-documentos": noticiasDocumentos,
  "2026-11-21-0007-alertas-push": alertasPush,
  "2026-11-21-0008-remesas-extra": remesasExtra,
  "2026-11-25-0009-endurecimiento": endurecimiento,
  "2026-11-25-0010-plazas-ocupadas": plazasOcupadas,
  "2026-11-25-0012-utilidades": utilidades,
  "2026-11-25-0013-copias": copias,
  "2026-11-25-0014-mercadillo": mercadillo,
  "2026-11-25-0015-identidad": identidad,
  "2026-11-25-0016-analitica": analitica,
  "2026-11-27-0017-version-datos": versionDatos,
  "2026-11-27-0018-pago-indices-parciales": pagoIndicesParciales,
  "2026-11-27-0019-pago-hot": pagoHot,
  "2026-11-28-0020-limite-intentos": limiteIntentos,
  "2026-11-28-0021-secretos-cifrados": secretosCifrados,
  "2026-11-28-0022-restauracion": restauracion,
  "2026-11-28-0023-lista-espera": listaEspera,
  "2026-11-28-0024-carnet-accesos": carnetAccesos,
  "2026-11-28-0025-pago-online": pagoOnline,
  "2026-11-28-0026-trabajos": trabajos,
  "2026-11-28-0027-envios": envios,
  "2026-11-28-0028-idioma": idioma,
  "2026-11-28-0029-version-datos-inicio-socio": versionDatosInicioSocio,
  "2026-11-28-0030-envio-destinatarios": envioDestinatarios,
  "2026-11-28-0031-textos-valenciano": textosValenciano,
  "2026-11-29-0032-remesa-xml-al-descargar": remesaXmlAlDescargar,
  "2026-12-06-0033-envio-enviando": envioEnviando,
  "2026-12-06-0034-pedido-online-prueba": pedidoOnlinePrueba,
  "2026-12-06-0035-prueba-totp": pruebaTotp,
  "2026-12-06-0036-loteria": loteria,
  "2026-12-06-0037-tesoreria": tesoreria,
  "2026-12-06-0038-tesoreria-extractos": tesoreriaExtractos,
  "2026-12-07-0039-estructura": estructura,
  "2026-12-07-0040-antiguedad": antiguedad,
  "2026-12-07-0041-asamblea": asamblea,
  "2026-12-07-0042-turnos-mesas": turnosMesas,
  "2026-12-07-0043-escala": escala,
  "2026-12-07-0044-lista-socios": listaSocios,
  "2026-12-07-0045-pago-resumen": pagoResumen,
  "2026-12-07-0046-escala-socios": escalaSocios,
  "2026-12-07-0047-informes-socios": informesSocios,
  "2026-12-07-0048-informes-actos-recaudacion": informesActosRecaudacion,
  "2026-12-07-0049-importar-por-claves": importarPorClaves,
  "2026-12-07-0050-resumen-inicio-junta": resumenInicioJunta,
  "2026-12-07-0051-deuda-socio": deudaSocio,
  "2026-12-07-0052-deuda-grupo": deudaGrupo,
  "2026-12-07-0053-acto-ocupadas-sin-interbloqueo": actoOcupadasSinInterbloqueo,
  "2026-12-07-0054-resumenes-sin-jit": resumenesSinJit,
  "2026-12-07-0055-socio-derrama": socioDerrama,
};
