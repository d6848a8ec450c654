import type { Catalogo } from "./mensajes.js";

/**
 * The server's texts in Valencian (AVL norms), by the keys of mensajes.es.ts: same keys and same
 * placeholders (mensajes.test.ts checks both). Festival words stay as the festival says them.
 */
export const MENSAJES_VA: Catalogo = {
  "comun.forma_pago_elegida_no_existe": "La forma de pagament triada no existix.",
  "comun.hay_datos_no_son_validos_revisa":
    "Hi ha dades que no són vàlides. Revisa els camps marcats.",
  "comun.imagen_no_valida": "La imatge ha de ser un arxiu JPEG, PNG o WebP.",
  "comun.socio_elegido_no_existe": "El soci triat no existix.",
  "comun.tipo_socio_elegido_no_existe": "El tipus de soci triat no existix.",
  "sesion.condiciones_pendientes": "Abans de continuar has d'acceptar les condicions d'ús.",
  "sesion.no_valida": "La teua sessió no és vàlida o ha caducat. Torna a entrar.",
  "sesion.totp_pendiente":
    "Abans de continuar has d'activar la verificació en dos passos: és obligatòria per als administradors.",
  "sesion.totp_renovar":
    "Abans de continuar has de tornar a activar la verificació en dos passos: les dades s'han restaurat d'una còpia d'una altra instal·lació i la teua configuració anterior ja no val.",
  "actos.acto_aun_no_ha_celebrado_asistencia":
    "L'acte encara no s'ha celebrat: l'assistència es marca a partir del dia de l'acte ({{fecha}}).",
  "actos.acto_esta_cancelado": "L'acte ja està cancel·lat",
  "actos.lectura_fuera_de_plazo":
    "L'hora de lectura no pot ser de fa més de 24 hores ni de més de 5 minuts després de l'hora del servidor.",
  "actos.asistencia_solo_con_plaza":
    "Només es marca l'assistència de qui té plaça: esta inscripció està en la llista d'espera.",
  "actos.acto_esta_cancelado_no_marca_asistencia":
    "L'acte està cancel·lat: no es marca l'assistència ni dona punts.",
  "actos.aforo_no_puede_ser_menor_plazas":
    "L'aforament no pot ser menor que les places ja ocupades ({{ocupadas}})",
  "actos.cargo_inscripcion_esta_pagado_remesa_para":
    "El càrrec de la inscripció ja està pagat o en una remesa: per a canviar els convidats parla amb la junta.",
  "actos.cargo_inscripcion_esta_remesa_para_cancelarla":
    "El càrrec de la inscripció ja està en una remesa: per a cancel·lar-la parla amb la junta.",
  "actos.enlace_estaba_revocado": "L'enllaç ja estava revocat",
  "actos.fecha_maxima_inscripcion_no_puede_ser":
    "La data màxima d'inscripció no pot ser posterior a l'acte",
  "actos.inscripcion_esta_pagada_para_cancelarla_habla":
    "La inscripció ja està pagada: per a cancel·lar-la parla amb la junta.",
  "actos.invitados_por_debajo_de_lo_pagado":
    "Ja s'han pagat {{pagado}} d'aquesta inscripció i amb eixos convidats costaria {{importe}}: no es pot baixar del que s'ha pagat. La devolució la gestiona la junta en pagaments.",
  "actos.inscripcion_pagada_en_parte_para_cancelarla":
    "Ja s'han pagat {{pagado}} d'aquesta inscripció: per a cancel·lar-la parla amb la junta, que gestiona la devolució.",
  "actos.no_puede_borrar_tiene_asamblea":
    "No es pot esborrar: l'acte té la seua assemblea (convocatòria, cens i acta). Pots cancel·lar-lo.",
  "actos.no_puede_borrar_tiene_inscripciones_cargos":
    "No es pot esborrar: té inscripcions o càrrecs. Cancel·la l'acte en lloc d'això.",
  "actos.producto_no_existe": "El producte no existix",
  "actos.turno_abre": "El teu torn obri el {{cuando}}.",
  "actos.acompanantes_mas_que_invitados": "Hi ha més acompanyants que convidats ({{invitados}}).",
  "actos.acompanantes_cena_con_mesas":
    "En un sopar amb taules cada convidat porta el seu nom: indica {{invitados}} acompanyants.",
  "actos.acto_sin_mesas": "Este acte no té taules.",
  "actos.mesa_sin_inscripcion": "Per a seure en una taula, inscriu-te abans (amb plaça).",
  "actos.mesa_completa": "La taula està completa: queden {{plazas}} places i sou {{personas}}.",
  "actos.plazo_pago_antes_de_ahora": "El termini de pagament no pot ser anterior a ara.",
  "actos.inscripcion_sin_plazo_pago": "Esta inscripció no té termini de pagament.",
  "actos.sin_plazas": "No queden places",
  "actos.inscripcion_ya_tiene_plaza": "La inscripció ja té plaça: no està en la llista d'espera.",
  "actos.sin_sitio_1_persona_1_libre":
    "No hi ha lloc: la inscripció és de {{personas}} persona i queda {{libres}} plaça lliure. Puja l'aforament o allibera places abans.",
  "actos.sin_sitio_1_persona_n_libres":
    "No hi ha lloc: la inscripció és de {{personas}} persona i queden {{libres}} places lliures. Puja l'aforament o allibera places abans.",
  "actos.sin_sitio_n_personas_1_libre":
    "No hi ha lloc: la inscripció és de {{personas}} persones i queda {{libres}} plaça lliure. Puja l'aforament o allibera places abans.",
  "actos.sin_sitio_n_personas_n_libres":
    "No hi ha lloc: la inscripció és de {{personas}} persones i queden {{libres}} places lliures. Puja l'aforament o allibera places abans.",
  "actos.socio_esta_baja": "El soci està de baixa",
  "actos.socio_ya_inscrito": "{{nombre}} ja està inscrit en este acte",
  "actos.solo_tu_y_a_quien_pagas": "Només pots inscriure't tu i els socis dels quals eres pagador.",
  "actos.tipo_acto_no_existe": "El tipus d'acte no existix",
  "actos.tipo_socio_no_existe": "El tipus de soci no existix",
  "actos.ya_inscrito": "Ja està inscrit en este acte",
  "alertas.acto_no_existe": "L'acte no existix",
  "alertas.no_existe_grupo": "No existix el grup {{ids}}",
  "alertas.no_existe_socio": "No existix el soci {{ids}}",
  "alertas.no_existe_tipo_socio": "No existix el tipus de soci {{ids}}",
  "alertas.revisa_quien_envia_alerta": "Revisa a qui s'envia l'alerta.",
  "analitica.como_mucho_dias": "Com a molt {{max}} dies.",
  "analitica.fecha_inicio_posterior_fin": "La data d'inici és posterior a la de fi.",
  "analitica.periodo_no_puede_pasar_dias": "El període no pot passar de {{max}} dies.",
  "analitica.tiene_ser_anterior_igual_hasta": "Ha de ser anterior o igual a «hasta».",
  "anuncios.cuenta_sin_socio":
    "Per a publicar un anunci el teu compte ha d'estar vinculat a un soci.",
  "anuncios.demasiadas_imagenes": "Un anunci pot tindre com a molt {{max}} imatges.",
  "anuncios.orden_no_valido": "L'orde ha d'incloure cada imatge de l'anunci una sola vegada.",
  "anuncios.sin_contacto": "Indica un correu electrònic o un telèfon de contacte.",
  "asociacion.logo_demasiado_grande": "El logotip no pot ocupar més de 5 MB.",
  "asociacion.logo_no_valido":
    "El logotip ha de ser una imatge PNG, JPEG o WebP (l'SVG no s'admet).",
  "asociacion.sin_logo": "Adjunta el logotip (PNG, JPEG o WebP) en el camp «archivo».",
  "auth.codigo_incorrecto_breve": "Codi incorrecte",
  "auth.codigo_no_correcto_ha_usado_escribe":
    "El codi no és correcte o ja s'ha usat. Escriu el codi que mostra ara la teua aplicació.",
  "auth.contrasena_actual_no_correcta": "La contrasenya actual no és correcta.",
  "auth.correo_contrasena_incorrectos": "Correu o contrasenya incorrectes.",
  "auth.demasiados_codigos_incorrectos_espera_15_minutos":
    "Massa codis incorrectes. Espera 15 minuts i torna-ho a provar.",
  "auth.demasiados_intentos_fallidos_espera_15_minutos":
    "Massa intents fallits. Espera 15 minuts i torna-ho a provar.",
  "auth.enlace_no_valido_ha_usado_ha":
    "L'enllaç no és vàlid, ja s'ha usat o ha caducat. Demana'n un de nou.",
  "auth.esa_cuenta_no_tiene_activada_verificacion":
    "Eixe compte no té activada la verificació en dos passos.",
  "auth.escribe_codigo_6_cifras_tu_aplicacion":
    "Escriu el codi de 6 xifres de la teua aplicació d'autenticació o un dels teus codis de recuperació.",
  "auth.inicio_sesion_ha_caducado_ha_usado":
    "L'inici de sessió ha caducat o ja s'ha usat. Torna a entrar amb el proveïdor.",
  "auth.primero_pide_codigo_qr_nuevo_para":
    "Primer demana un codi QR nou per a la teua aplicació d'autenticació.",
  "auth.totp_renovar_pide_enlace":
    "Per a tornar a activar la verificació en dos passos, obri l'enllaç que t'hem enviat per correu (demana'l des de «Verificació en dos passos»).",
  "auth.totp_no_pide_enlace":
    "El teu compte no necessita eixe enllaç: pots activar la verificació en dos passos directament.",
  "auth.totp_enlace_sin_correo":
    "Esta instal·lació no envia correus: demana a un administrador que lleve la verificació en dos passos anterior del teu compte.",
  "auth.totp_demasiados_enlaces":
    "Ja t'hem enviat uns quants enllaços en l'última hora. Busca l'últim en el teu correu o espera un poc.",
  "auth.tienes_activada_verificacion_dos_pasos_desactiva":
    "Ja tens activada la verificació en dos passos. Desactiva-la abans de configurar-la de nou.",
  "auth.verificacion_dos_pasos_esta_activada": "La verificació en dos passos ja està activada.",
  "auth.verificacion_dos_pasos_no_esta_activada": "La verificació en dos passos no està activada.",
  "copias.datos_rechazados":
    "La base de dades ha rebutjat les dades de la còpia; no s'ha canviat res.",
  "copias.demasiado_grande": "La còpia no pot ocupar més de 4 GB.",
  "copias.esa_copia_automatica_no_existe": "Eixa còpia automàtica no existix.",
  "copias.esquema_distinto":
    "La còpia és d'una versió de l'aplicació amb altres canvis d'esquema (li falta «{{migracion}}»): no es pot restaurar en esta.",
  "copias.esquema_nuevo":
    "La còpia és d'una versió més nova de l'aplicació (canvi d'esquema «{{migracion}}»): actualitza l'aplicació abans de restaurar-la.",
  "copias.formato_nuevo":
    "La còpia té un format més nou (versió {{version}}) que esta aplicació: actualitza l'aplicació abans de restaurar-la.",
  "copias.hay_restauracion_marcha_espera_acabe":
    "Ja hi ha una restauració en marxa. Espera que acabe.",
  "copias.incompleta":
    "L'arxiu està incomplet o danyat (es va tallar la descàrrega?). Torna a descarregar la còpia.",
  "copias.no_coincide":
    "La còpia no coincidix amb l'esquema de la versió que la va fer (taula «{{tabla}}»).",
  "copias.no_es_copia": "L'arxiu no és una còpia de seguretat de Filà.",
  "copias.nombre_asociacion": "Escriu el nom de l'associació tal com està: «{{nombre}}».",
  "copias.password_incorrecta": "La contrasenya no és correcta.",
  "copias.sin_archivo": "Adjunta la còpia de seguretat en el camp «archivo».",
  "documentos.demasiado_grande": "L'arxiu no pot ocupar més de 20 MB.",
  "documentos.sin_archivo": "Adjunta l'arxiu en el camp «archivo».",
  "documentos.tipo_no_permitido":
    "Tipus d'arxiu no permés. Puja un PDF, una imatge (JPEG, PNG, WebP o GIF), un document d'Office o OpenDocument, o text/CSV.",
  "dominio.texto": "{{texto}}",
  "gallofa.revisa_aportacion": "Revisa l'aportació.",
  "gallofa.socio_no_existe": "El soci no existix",
  "informes.ese_informe_no_existe": "Eixe informe no existix.",
  "informes.ese_tipo_socio_no_existe": "Eixe tipus de soci no existix",
  "informes.periodo_cumpleanos_no_puede_pasar_ano":
    "El període d'aniversaris no pot passar d'un any",
  "informes.revisa_filtros": "Revisa els filtres.",
  "maestros.en_uso_uno": "No es pot esborrar: l'usa {{lista}}. Pots desactivar-lo.",
  "maestros.en_uso_varios": "No es pot esborrar: l'usen {{lista}}. Pots desactivar-lo.",
  "maestros.no_existe": "{{maestro}} no existix.",
  "maestros.nombre_repetido": "Ja existix {{maestro}} amb eixe nom.",
  "no_encontrado.asamblea": "L'assemblea no existix.",
  "no_encontrado.mesa": "La taula no existix.",
  "no_encontrado.acto": "L'acte no existix.",
  "no_encontrado.alerta": "L'alerta no existix.",
  "no_encontrado.anuncio": "L'anunci no existix.",
  "no_encontrado.aportacion": "L'aportació no existix.",
  "no_encontrado.archivo_documento": "L'arxiu del document no existix.",
  "no_encontrado.calendario": "El calendari no existix.",
  "no_encontrado.cargo": "El càrrec no existix.",
  "no_encontrado.correo": "El correu no existix.",
  "no_encontrado.cuenta": "El compte no existix.",
  "no_encontrado.cuenta_ese_socio": "El compte d'eixe soci no existix.",
  "no_encontrado.documento": "El document no existix.",
  "no_encontrado.enlace": "L'enllaç no existix.",
  "no_encontrado.foto_socio": "La foto del soci no existix.",
  "no_encontrado.imagen": "La imatge no existix.",
  "no_encontrado.imagen_acto": "La imatge de l'acte no existix.",
  "no_encontrado.imagen_noticia": "La imatge de la notícia no existix.",
  "no_encontrado.inscripcion": "La inscripció no existix.",
  "no_encontrado.logotipo": "El logotip no existix.",
  "no_encontrado.loteria": "La loteria no existix.",
  "no_encontrado.talonario": "El talonari no existix.",
  "no_encontrado.participacion": "La participació no existix.",
  "no_encontrado.noticia": "La notícia no existix.",
  "no_encontrado.pedido": "La comanda no existix.",
  "no_encontrado.producto": "El producte no existix.",
  "no_encontrado.recurso": "El recurs no existix.",
  "no_encontrado.remesa": "La remesa no existix.",
  "no_encontrado.la_ruta": "La ruta no existix.",
  "no_encontrado.ruta": "No existix la ruta {{metodo}} {{ruta}}.",
  "no_encontrado.socio": "El soci no existix.",
  "no_encontrado.trabajo": "El treball no existix.",
  "olvido.anonimizado": "El soci {{id}} ({{nombre}}) ja està anonimitzat.",
  "olvido.baja_reciente":
    "El soci {{id}} ({{nombre}}) es va donar de baixa el {{fecha}}: les seues dades es guarden {{anyos}} anys des de la baixa.",
  "olvido.de_alta":
    "El soci {{id}} ({{nombre}}) continua d'alta: només s'anonimitza qui s'ha donat de baixa.",
  "olvido.paga_a_activos":
    "El soci {{id}} ({{nombre}}) paga els càrrecs de {{n}} socis que continuen d'alta: canvia'ls abans el pagador.",
  "olvido.sin_fecha_baja": "El soci {{id}} ({{nombre}}) no té data de baixa.",
  "loterias.producto_duplicado":
    "Ja hi ha un producte «{{nombre}}» en {{anyo}}: posa-li un altre nom a la loteria.",
  "loterias.talonario_liquidado": "El talonari ja està liquidat.",
  "loterias.sin_series_libres": "No queda cap participació lliure en eixe talonari.",
  "loterias.sin_talonario":
    "No tens cap talonari sense liquidar en esta loteria del qual traure la participació.",
  "loterias.sin_premios": "Encara no s'han anotat els premis d'esta loteria.",
  "loterias.sin_premio": "Esta participació no té premi.",
  "loterias.participacion_anulada": "La participació està anul·lada: no cobra premi.",
  "loterias.participacion_devuelta":
    "La participació es va tornar sense vendre: el seu premi és de l'associació.",
  "loterias.premio_pagado": "El premi d'esta participació ja està pagat.",
  "pagos.cargo_esta_anulado": "El càrrec ja està anul·lat.",
  "pagos.cargo_esta_pagado_no_puede_anular": "El càrrec ja està pagat: no es pot anul·lar.",
  "pagos.cargo_esta_remesa_cargo_cobra_devuelve":
    "El càrrec està en una remesa (càrrec {{id}}): es cobra o es torna des de la remesa.",
  "pagos.cargo_solo_cobran_cargos_pendientes_devueltos":
    "El càrrec {{id}} {{estado}}: només es cobren càrrecs pendents o tornats.",
  "pagos.cargo_solo_vuelven_poner_cobro_cargos":
    "El càrrec {{id}} {{estado}}: només es tornen a posar al cobrament els càrrecs tornats.",
  "pagos.importe_cobrado_mayor_pendiente":
    "L'import cobrat ({{importe}} €) és major que el pendent ({{pendiente}} €).",
  "pagos.no_existe_cargo": "No existix el càrrec {{ids}}.",
  "pagos.online_cargo_en_remesa":
    "Este càrrec ja està en una remesa (càrrec {{id}}): el cobrarà el banc per domiciliació.",
  "pagos.online_notificacion_no_valida":
    "La notificació del banc no és vàlida: signatura, comanda o import que no corresponen.",
  "pagos.no_existe_producto": "No existix el producte {{ids}}.",
  "pagos.producto_con_cargos": "No es pot esborrar: té {{n}} càrrecs. Pots desactivar-lo.",
  "pagos.producto_con_un_cargo": "No es pot esborrar: té {{n}} càrrec. Pots desactivar-lo.",
  "pagos.producto_de_un_acto":
    "No es pot esborrar: és el preu d'un acte. Lleva'l de l'acte o desactiva'l.",
  "pagos.producto_de_una_loteria":
    "No es pot esborrar: és el producte d'una loteria. Se'n va amb la seua loteria.",
  "pagos.producto_de_una_loteria_emision":
    "El producte «{{nombre}}» és d'una loteria: es cobra amb la liquidació dels seus talonaris, no en l'emissió.",
  "pagos.producto_de_una_loteria_sin_precio":
    "És el producte d'una loteria: continua sent de tipus loteria, de l'any del seu sorteig, a 0 € i sense preus per tipus. Es cobra amb la liquidació dels seus talonaris.",
  "pagos.producto_de_otro_anyo": "El producte «{{nombre}}» és de {{anyo}}, no de {{anyoEmision}}.",
  "pagos.producto_duplicado": "Ja hi ha un producte «{{nombre}}» en {{anyo}}.",
  "pagos.producto_elegido_no_existe": "El producte triat no existix.",
  "pagos.producto_esta_desactivado": "El producte «{{nombre}}» està desactivat.",
  "pagos.solo_hay_recibo_cargos_pagados": "Només hi ha rebut dels càrrecs pagats.",
  "permiso.denegado": "No tens permís per a fer esta operació.",
  "peticion.adjunta_imagen_jpeg_png_webp_campo":
    "Adjunta una imatge JPEG, PNG o WebP en el camp «archivo».",
  "peticion.aplicacion_ha_actualizado_recarga_pagina_para":
    "L'aplicació s'ha actualitzat. Torna a carregar la pàgina per a continuar usant-la.",
  "peticion.bd_no_disponible":
    "La base de dades no està disponible en este moment. Torna-ho a provar d'ací a uns segons.",
  "peticion.cabecera_tiene_ser_numero_entero":
    "La capçalera {{cabecera}} ha de ser un nombre enter.",
  "peticion.campos_no_existen": "La petició porta camps que no existixen: {{campos}}.",
  "peticion.cuerpo_vacio": "El cos de la petició està buit.",
  "peticion.dato_rechazado_por_la_base":
    "Hi ha un valor que no és vàlid: massa gran o amb un format que no es pot guardar.",
  "peticion.demasiadas_peticiones": "Massa peticions. Espera un moment i torna-ho a provar.",
  "peticion.demasiado_grande": "La petició és massa gran.",
  "peticion.fichero_demasiado_grande": "El fitxer no pot ocupar més de {{mb}} MB.",
  "peticion.imagen_demasiado_grande": "La imatge no pot ocupar més de {{mb}} MB.",
  "peticion.interno": "Hi ha hagut un error intern. Torna-ho a provar més tard.",
  "peticion.json_no_valido": "El cos de la petició no és un JSON vàlid.",
  "peticion.longitud_no_valida": "La longitud de la petició no és vàlida.",
  "peticion.no_multipart":
    "Envia el formulari com a multipart/form-data amb l'arxiu en el camp «{{campo}}».",
  "peticion.no_valida": "La petició no és vàlida.",
  "peticion.tiene_ser_numero_entero": "Ha de ser un nombre enter.",
  "peticion.tipo_no_admitido": "El tipus de contingut no és vàlid.",
  "peticion.valor_no_valido": "Valor no vàlid",
  "remesas.adeudo_no_pertenece_esta_remesa": "L'adeutament {{endToEndId}} no pertany a esta remesa",
  "remesas.adjunta_fichero_pain_002_banco_campo":
    "Adjunta el fitxer pain.002 del banc en el camp «archivo».",
  "remesas.cargo_esta_devuelto": "El càrrec {{idPago}} ja està tornat",
  "remesas.cargo_pagado_tras_devolucion":
    "El càrrec {{idPago}} es va tornar i s'ha pagat després: no es pot tornar una altra vegada",
  "remesas.cargo_esta_no_puede_devolver": "El càrrec {{idPago}} està {{estado}} i no es pot tornar",
  "remesas.cargo_esta_repetido": "El càrrec {{idPago}} està repetit",
  "remesas.cargo_no_esta_esta_remesa": "El càrrec {{idPago}} no està en esta remesa",
  "remesas.completa_datos_bancarios_asociacion_antes_genera":
    "Completa les dades bancàries de l'associació abans de generar una remesa.",
  "remesas.falta_cif_valido_asociacion": "Falta un CIF vàlid de l'associació",
  "remesas.falta_iban_valido_asociacion": "Falta un IBAN vàlid de l'associació",
  "remesas.falta_nombre_asociacion": "Falta el nom de l'associació",
  "remesas.fecha_cobro_pasada": "La data de cobrament no pot ser anterior a hui",
  "remesas.ningun_pagador_cargos_pendientes_tiene_iban":
    "Cap pagador amb càrrecs pendents no té IBAN i mandat vàlids: no s'ha generat la remesa.",
  "remesas.no_codigo_motivo_devolucion_valido":
    "{{motivo}} no és un codi de motiu de devolució vàlid",
  "remesas.no_ha_registrado_ninguna_devolucion_revisa":
    "No s'ha registrat cap devolució: revisa els càrrecs indicats.",
  "remesas.no_hay_cargos_pendientes_domiciliados_hasta":
    "No hi ha càrrecs pendents domiciliats fins a eixa data",
  "remesas.no_hay_ningun_cargo_devolver": "No hi ha cap càrrec per tornar",
  "remesas.no_puede_borrar_remesa_cobrada": "No es pot esborrar una remesa ja cobrada.",
  "remesas.no_puede_borrar_remesa_tiene_devoluciones":
    "No es pot esborrar: la remesa té devolucions registrades.",
  "remesas.no_puede_calcular_identificador_acreedor_revisa":
    "No es pot calcular l'identificador de creditor: revisa el sufix",
  "remesas.remesa_esta_marcada_como_cobrada": "La remesa ja està marcada com a cobrada.",
  "remesas.sin_devoluciones_en_fichero": "El fitxer no porta cap adeutament tornat o rebutjat",
  "sepa.falta_informe_estado_cstmrpmtstsrpt": "Falta l'informe d'estat (CstmrPmtStsRpt)",
  "sepa.fichero_no_trae_ninguna_operacion": "El fitxer no porta cap operació",
  "sepa.fichero_no_xml_bien_formado": "El fitxer no és un XML ben format",
  "sepa.hay_operacion_rechazada_sin_orgnlendtoendid":
    "Hi ha una operació rebutjada sense OrgnlEndToEndId",
  "sepa.no_es_pain002": "El fitxer de devolucions no és un pain.002 vàlid",
  "sepa.operacion_no_trae_codigo_motivo": "L'operació {{endToEndId}} no porta el codi de motiu",
  "tesoreria.no_es_camt053": "L'extracte no és un camt.053 vàlid",
  "tesoreria.camt_sin_bktocstmrstmt": "Falta l'extracte de compte (BkToCstmrStmt)",
  "tesoreria.camt_sin_extractos": "El fitxer no porta cap extracte (Stmt)",
  "tesoreria.camt_sin_iban": "L'extracte {{id}} no porta l'IBAN del compte",
  "tesoreria.camt_sin_saldo": "L'extracte {{id}} no porta el saldo {{tipo}}",
  "tesoreria.camt_importe_no_valido":
    "L'extracte {{id}} porta un import «{{importe}}» o un CdtDbtInd que no valen",
  "tesoreria.camt_apunte_sin_fecha":
    "L'extracte {{id}} porta un apunt sense data de comptabilització (BookgDt)",
  "tesoreria.extracto_no_cuadra": "Els saldos de l'extracte no quadren amb els seus apunts",
  "tesoreria.norma43_no_valida": "L'extracte no és un fitxer de la norma 43 vàlid",
  "envios.sin_smtp":
    "No es poden fer enviaments: el servidor no té configurat el correu (SMTP_URL).",
  "envios.no_encontrado": "L'enviament no existix.",
  "envios.sin_cartas":
    "No hi ha cartes per a imprimir: tots els destinataris d'este enviament tenen correu. Demana les de tots si vols imprimir-les igualment.",
  "envios.enlace_baja_no_valido": "L'enllaç per a donar-se de baixa dels enviaments no és vàlid.",
  "socios.cuenta_sin_ficha": "El teu compte no està vinculat a cap fitxa de soci.",
  "socios.matricula_duplicada": "Ja hi ha un soci amb la matrícula {{matricula}}.",
  "socios.matricula_repetida": "Ja hi ha un soci amb eixa matrícula.",
  "socios.nif_duplicado": "Ja hi ha un soci amb el NIF o NIE {{nif}}.",
  "socios.nif_repetido": "Ja hi ha un soci amb eixe NIF o NIE.",
  "socios.no_puede_borrar_puedes_darlo_baja":
    "No es pot esborrar: {{motivos}}. Pots donar-lo de baixa.",
  "socios_io.adjunta_fichero_csv_excel_campo_archivo":
    "Adjunta el fitxer CSV o Excel en el camp «archivo».",
  "socios_io.celda_demasiado_larga":
    "La cel·la de la fila {{fila}}, columna {{columna}}, té més de {{max}} caràcters: no pareix un full de socis.",
  "socios_io.demasiadas_columnas":
    "El fitxer té {{columnas}} columnes; com a molt se'n poden importar {{max}}. Lleva les que no siguen de socis.",
  "socios_io.excel_demasiado_grande":
    "L'Excel descomprimit ocupa més de {{mb}} MB: no pareix un full de socis. Guarda'l de nou o divideix-lo en parts.",
  "socios_io.falta_esta_columna": "Falta esta columna",
  "socios_io.faltan_columnas_para_actualizar":
    "El fitxer necessita una columna de matrícula o NIF per a trobar cada soci, o les de nom i cognoms per a donar-lo d'alta. Tria a quin camp va cada columna.",
  "socios_io.faltan_columnas_para_altas":
    "El fitxer necessita almenys les columnes de nom i cognoms. Tria a quin camp va cada columna.",
  "socios_io.fichero_csv_no_esta_utf_8":
    "El fitxer CSV no està en UTF-8. Guarda'l com a «CSV UTF-8» i torna a pujar-lo.",
  "socios_io.fichero_esta_vacio": "El fitxer està buit.",
  "socios_io.fichero_excel_no_tiene_ninguna_hoja": "El fitxer Excel no té cap full.",
  "socios_io.fichero_no_csv_ni_excel_xlsx":
    "El fitxer no és un CSV ni un Excel (XLSX). Puja un fitxer .csv o .xlsx.",
  "socios_io.fichero_no_tiene_ningun_socio_debajo":
    "El fitxer no té cap soci davall de la capçalera.",
  "socios_io.fichero_tiene_mas_filas":
    "El fitxer té més de {{max}} files; com a molt se'n poden importar {{max}} d'una vegada.",
  "socios_io.fila_demasiado_ancha":
    "Una fila del fitxer té més de {{max}} cel·les; com a molt se'n poden importar {{max}} columnes. Lleva les que no siguen de socis.",
  "socios_io.filas_con_errores": "Hi ha {{n}} files amb errors: no s'ha importat cap soci.",
  "socios_io.mapa_campo_no_existe": "No existix el camp «{{campo}}»",
  "socios_io.mapa_campo_repetido": "El camp «{{campo}}» està triat per a més d'una columna",
  "socios_io.mapa_no_encaja": "El camp «mapa» no encaixa amb les columnes del fitxer.",
  "socios_io.mapa_sin_columna": "El fitxer no té la columna «{{columna}}»",
  "socios_io.mapa_no_valido":
    'El camp «mapa» ha de ser un objecte JSON {"cabecera": "campo" o null}.',
  "socios_io.no_puede_leer_fichero_excel_comprueba":
    "No es pot llegir el fitxer Excel. Comprova que no està danyat.",
  "socios_io.otro_cambio_ha_borrado_socio":
    "Un altre canvi ha esborrat alhora un soci del fitxer. No s'ha importat res; torna-ho a provar.",
  "socios_io.otro_cambio_ha_usado_vez_matricula":
    "Un altre canvi ha usat alhora una matrícula o un NIF del fitxer. No s'ha importat res; torna-ho a provar.",
  "socios_io.una_fila_con_errores": "Hi ha 1 fila amb errors: no s'ha importat cap soci.",
  "trabajos.cortado":
    "El treball s'ha tallat perquè el servidor s'ha reiniciat. No s'ha escrit res: torna a llançar-lo.",
  "trabajos.error_interno":
    "El treball ha fallat per un error del servidor. No s'ha escrit res: torna-ho a intentar.",
  "trabajos.restauracion":
    "El treball s'ha cancel·lat perquè s'han restaurat les dades d'una còpia. Torna a llançar-lo si cal.",
  "usuarios.desactivada": "El compte està desactivat. Reactiva'l abans d'enviar-li un enllaç.",
  "usuarios.desactivarse_a_si_mismo": "No pots desactivar el teu propi compte.",
  "usuarios.email_duplicado": "Ja existix un compte amb eixe correu.",
  "usuarios.socio_con_cuenta": "Eixe soci ja té un compte d'accés.",
  "usuarios.socio_inexistente": "El soci no existix.",
  "usuarios.ultimo_administrador": "No es pot llevar l'últim administrador.",
  "usuarios.ya_activada":
    "El compte ja està activat: si el soci no recorda la contrasenya, usa «Forçar el restabliment».",
  "utilidades.ano_esta_cerrado_ano_solo_cierra":
    "L'any {{anyo}} ja està tancat{{cuando}}. Un any només es tanca una vegada.",
  "utilidades.no_hay_servidor_correo_configurado_smtp":
    "No hi ha cap servidor de correu configurat (SMTP_URL): el correu no es pot reenviar.",
  "utilidades.socio_no_existe": "El soci {{falta}} no existix.",
  "utilidades.solo_reenvian_correos_no_pudieron_enviar":
    "Només es reenvien els correus que no s'han pogut enviar.",
  "no_encontrado.cuenta_tesoreria": "El compte de tresoreria no existix.",
  "no_encontrado.categoria_tesoreria": "La categoria no existix.",
  "no_encontrado.movimiento": "El moviment no existix.",
  "no_encontrado.documento_movimiento": "El document no existix.",
  "no_encontrado.cierre_tesoreria": "L'any {{anyo}} de la tresoreria no està tancat.",
  "tesoreria.cuenta_nombre_repetido": "Ja existix un compte amb eixe nom.",
  "tesoreria.categoria_nombre_repetido": "Ja existix una categoria amb eixe nom.",
  "tesoreria.cuenta_no_existe": "El compte {{id}} no existix.",
  "tesoreria.cuenta_desactivada": "El compte {{nombre}} està desactivat.",
  "tesoreria.cuenta_no_es_banco": "El compte {{nombre}} no és del banc.",
  "tesoreria.categoria_no_existe": "La categoria {{id}} no existix.",
  "tesoreria.categoria_repetida": "La categoria {{id}} està repetida.",
  "tesoreria.categoria_en_uso_tipo":
    "La categoria ja té moviments: no pot passar d'ingrés a despesa ni al revés.",
  "tesoreria.saldo_inicial_con_cierre":
    "Hi ha anys de la tresoreria tancats: el saldo inicial i la seua data ja no canvien (reobri eixos anys abans).",
  "tesoreria.anyo_cerrado":
    "L'any {{anyo}} de la tresoreria està tancat: reobri'l abans de canviar-lo.",
  "tesoreria.anyo_no_empezado": "L'any {{anyo}} encara no ha començat: es tanca quan acaba.",
  "tesoreria.anyo_ya_cerrado": "L'any {{anyo}} de la tresoreria ja està tancat.",
  "tesoreria.antes_saldo_inicial": "La data és anterior al saldo inicial del compte ({{fecha}}).",
  "tesoreria.ya_tiene_contraasiento":
    "El moviment {{id}} ja està corregit pel contraassentament {{contraasiento}}.",
  "tesoreria.contraasiento_de_contraasiento":
    "El moviment {{id}} és un contraassentament: per a refer-lo, anota un moviment nou.",
  "tesoreria.revisa_movimiento": "Revisa el moviment.",
  "tesoreria.revisa_presupuesto": "Revisa el pressupost.",
  "tesoreria.revisa_ajustes": "Revisa els comptes de la tresoreria.",
  "no_encontrado.extracto": "L'extracte no existix.",
  "no_encontrado.regla_tesoreria": "La regla no existix.",
  "tesoreria.extracto_repetido":
    "L'extracte del compte {{cuenta}} del {{desde}} al {{hasta}} ja es va importar (extracte {{id}}).",
  "tesoreria.extracto_cuenta_desconocida":
    "El compte {{iban}} de l'extracte no és de la tresoreria: posa-li eixe IBAN al seu compte o indica idCuenta.",
  "tesoreria.extracto_idcuenta_otra":
    "L'extracte és del compte {{iban}}, que és «{{cuenta}}», i no el que indiques.",
  "tesoreria.extracto_idcuenta_varias":
    "El fitxer porta diversos comptes: cadascun es reconeix pel seu IBAN.",
  "tesoreria.extracto_sin_archivo":
    "Adjunta l'extracte del banc (norma 43 o camt.053) en el camp «archivo».",
  "tesoreria.decisiones_no_validas": "Les decisions no són un JSON vàlid.",
  "tesoreria.decisiones_sin_confirmar": "Les decisions només van amb confirmar=1.",
  "tesoreria.revisa_decisiones": "Revisa les decisions de l'extracte.",
  "tesoreria.decision_linea_no_existe": "La línia {{n}} no està en l'extracte.",
  "tesoreria.decision_repetida": "La línia {{n}} té més d'una decisió.",
  "tesoreria.decision_movimiento_no_existe":
    "El moviment {{id}} no existix o no és del compte «{{cuenta}}».",
  "tesoreria.decision_movimiento_repetido": "El moviment {{id}} està en més d'una línia.",
  "tesoreria.decision_no_suma":
    "Els moviments i la comissió sumen {{suma}} i la línia {{n}} és de {{importe}}.",
  "tesoreria.movimiento_ya_conciliado":
    "El moviment {{id}} ja està conciliat amb una altra línia del banc.",
  "tesoreria.linea_ya_decidida": "La línia {{n}} de l'extracte ja està decidida.",
  "tesoreria.revisa_regla": "Revisa la regla.",
  "no_encontrado.periodo": "El període no existix.",
  "no_encontrado.recompensa": "La recompensa no existix.",
  "no_encontrado.concesion": "La concessió de la recompensa no existix.",
  "antiguedad.periodos_solapados": "Els períodes d'un soci no poden solapar-se.",
  "antiguedad.tipo_no_existe": "El tipus de soci no existix.",
  "recompensas.ya_concedida":
    "{{socio}} ja té la recompensa «{{recompensa}}» (concedida en {{anyo}}).",
  "recompensas.nombre_duplicado": "Ja existix una recompensa amb eixe nom.",
  "federacion.tipo_no_existe": "Algun tipus de soci dels ajustos no existix.",
  "no_encontrado.grupo": "El grup no existix.",
  "no_encontrado.escuadra": "L'esquadra no existix.",
  "no_encontrado.cargo_estructura": "El càrrec no existix.",
  "no_encontrado.cargo_socio": "Eixe càrrec del soci no existix.",
  "no_encontrado.miembro": "Eixe soci no està en el grup.",
  "estructura.en_otra_escuadra": "{{socio}} ja està en l'esquadra «{{escuadra}}» en {{anyo}}.",
  "estructura.nombre_duplicado": "Ja hi ha un grup «{{nombre}}» d'eixa classe{{anyo}}.",
  "estructura.codigo_duplicado": "Ja hi ha un càrrec amb el codi «{{codigo}}».",
  "estructura.cabo_desde_escuadra":
    "El càrrec de cap d'esquadra s'assigna des de la seua esquadra (pestanya Esquadres).",
  "estructura.cabo_no_editable":
    "És el cap de l'esquadra «{{escuadra}}»: es canvia des de l'esquadra.",
  "estructura.escuadra_en_grupos": "Les esquadres es gestionen en /api/escuadras.",
  "estructura.desfile_otro_anyo": "L'esquadra {{id}} no és de {{anyo}}.",
  "estructura.mismo_anyo": "L'any de destinació ha de ser diferent del d'origen.",
  "estructura.sin_cargo_cabo": "Falta el càrrec amb codi «cabo».",
};
