/**
 * The server's texts in Spanish, by key: the catalogue that defines the keys (see mensajes.ts).
 * Texts of the SPEC stay verbatim. Placeholders `{{nombre}}` are filled in by `texto()`.
 */
export const MENSAJES_ES = {
  "comun.forma_pago_elegida_no_existe": "La forma de pago elegida no existe.",
  "comun.hay_datos_no_son_validos_revisa":
    "Hay datos que no son válidos. Revisa los campos marcados.",
  "comun.imagen_no_valida": "La imagen debe ser un archivo JPEG, PNG o WebP.",
  "comun.socio_elegido_no_existe": "El socio elegido no existe.",
  "comun.tipo_socio_elegido_no_existe": "El tipo de socio elegido no existe.",
  "sesion.condiciones_pendientes": "Antes de seguir tienes que aceptar las condiciones de uso.",
  "sesion.no_valida": "Tu sesión no es válida o ha caducado. Vuelve a entrar.",
  "sesion.totp_pendiente":
    "Antes de seguir tienes que activar la verificación en dos pasos: es obligatoria para los administradores.",
  "sesion.totp_renovar":
    "Antes de seguir tienes que volver a activar la verificación en dos pasos: los datos se han restaurado de una copia de otra instalación y tu configuración anterior ya no vale.",
  "actos.acto_aun_no_ha_celebrado_asistencia":
    "El acto aún no se ha celebrado: la asistencia se marca a partir del día del acto ({{fecha}}).",
  "actos.acto_esta_cancelado": "El acto ya está cancelado",
  "actos.lectura_fuera_de_plazo":
    "La hora de lectura no puede ser de hace más de 24 horas ni de más de 5 minutos después de la hora del servidor.",
  "actos.asistencia_solo_con_plaza":
    "Solo se marca la asistencia de quien tiene plaza: esta inscripción está en la lista de espera.",
  "actos.acto_esta_cancelado_no_marca_asistencia":
    "El acto está cancelado: no se marca la asistencia ni da puntos.",
  "actos.aforo_no_puede_ser_menor_plazas":
    "El aforo no puede ser menor que las plazas ya ocupadas ({{ocupadas}})",
  "actos.cargo_inscripcion_esta_pagado_remesa_para":
    "El cargo de la inscripción ya está pagado o en una remesa: para cambiar los invitados habla con la junta.",
  "actos.cargo_inscripcion_esta_remesa_para_cancelarla":
    "El cargo de la inscripción ya está en una remesa: para cancelarla habla con la junta.",
  "actos.enlace_estaba_revocado": "El enlace ya estaba revocado",
  "actos.fecha_maxima_inscripcion_no_puede_ser":
    "La fecha máxima de inscripción no puede ser posterior al acto",
  "actos.inscripcion_esta_pagada_para_cancelarla_habla":
    "La inscripción ya está pagada: para cancelarla habla con la junta.",
  "actos.invitados_por_debajo_de_lo_pagado":
    "Ya se han pagado {{pagado}} de esta inscripción y con esos invitados costaría {{importe}}: no se puede bajar de lo pagado. La devolución la gestiona la junta en pagos.",
  "actos.inscripcion_pagada_en_parte_para_cancelarla":
    "Ya se han pagado {{pagado}} de esta inscripción: para cancelarla habla con la junta, que gestiona la devolución.",
  "actos.no_puede_borrar_tiene_asamblea":
    "No se puede borrar: el acto tiene su asamblea (convocatoria, censo y acta). Puedes cancelarlo.",
  "actos.no_puede_borrar_tiene_inscripciones_cargos":
    "No se puede borrar: tiene inscripciones o cargos. Cancela el acto en su lugar.",
  "actos.producto_no_existe": "El producto no existe",
  "actos.turno_abre": "Tu turno abre el {{cuando}}.",
  "actos.acompanantes_mas_que_invitados": "Hay más acompañantes que invitados ({{invitados}}).",
  "actos.acompanantes_cena_con_mesas":
    "En una cena con mesas cada invitado lleva su nombre: indica {{invitados}} acompañantes.",
  "actos.acto_sin_mesas": "Este acto no tiene mesas.",
  "actos.mesa_sin_inscripcion": "Para sentarte en una mesa, inscríbete antes (con plaza).",
  "actos.mesa_completa": "La mesa está completa: quedan {{plazas}} plazas y sois {{personas}}.",
  "actos.plazo_pago_antes_de_ahora": "El plazo de pago no puede ser anterior a ahora.",
  "actos.inscripcion_sin_plazo_pago": "Esta inscripción no tiene plazo de pago.",
  "actos.sin_plazas": "No quedan plazas",
  "actos.inscripcion_ya_tiene_plaza":
    "La inscripción ya tiene plaza: no está en la lista de espera.",
  "actos.sin_sitio_1_persona_1_libre":
    "No hay sitio: la inscripción es de {{personas}} persona y queda {{libres}} plaza libre. Sube el aforo o libera plazas antes.",
  "actos.sin_sitio_1_persona_n_libres":
    "No hay sitio: la inscripción es de {{personas}} persona y quedan {{libres}} plazas libres. Sube el aforo o libera plazas antes.",
  "actos.sin_sitio_n_personas_1_libre":
    "No hay sitio: la inscripción es de {{personas}} personas y queda {{libres}} plaza libre. Sube el aforo o libera plazas antes.",
  "actos.sin_sitio_n_personas_n_libres":
    "No hay sitio: la inscripción es de {{personas}} personas y quedan {{libres}} plazas libres. Sube el aforo o libera plazas antes.",
  "actos.socio_esta_baja": "El socio está de baja",
  "actos.socio_ya_inscrito": "{{nombre}} ya está inscrito en este acto",
  "actos.solo_tu_y_a_quien_pagas":
    "Solo puedes inscribirte a ti y a los socios de los que eres pagador.",
  "actos.tipo_acto_no_existe": "El tipo de acto no existe",
  "actos.tipo_socio_no_existe": "El tipo de socio no existe",
  "actos.ya_inscrito": "Ya está inscrito en este acto",
  "alertas.acto_no_existe": "El acto no existe",
  "alertas.no_existe_grupo": "No existe el grupo {{ids}}",
  "alertas.no_existe_socio": "No existe el socio {{ids}}",
  "alertas.no_existe_tipo_socio": "No existe el tipo de socio {{ids}}",
  "alertas.revisa_quien_envia_alerta": "Revisa a quién se envía la alerta.",
  "analitica.como_mucho_dias": "Como mucho {{max}} días.",
  "analitica.fecha_inicio_posterior_fin": "La fecha de inicio es posterior a la de fin.",
  "analitica.periodo_no_puede_pasar_dias": "El periodo no puede pasar de {{max}} días.",
  "analitica.tiene_ser_anterior_igual_hasta": "Tiene que ser anterior o igual a «hasta».",
  "anuncios.cuenta_sin_socio":
    "Para publicar un anuncio tu cuenta tiene que estar vinculada a un socio.",
  "anuncios.demasiadas_imagenes": "Un anuncio puede tener como mucho {{max}} imágenes.",
  "anuncios.orden_no_valido": "El orden debe incluir cada imagen del anuncio una sola vez.",
  "anuncios.sin_contacto": "Indica un correo electrónico o un teléfono de contacto.",
  "asociacion.logo_demasiado_grande": "El logotipo no puede ocupar más de 5 MB.",
  "asociacion.logo_no_valido":
    "El logotipo tiene que ser una imagen PNG, JPEG o WebP (SVG no se admite).",
  "asociacion.sin_logo": "Adjunta el logotipo (PNG, JPEG o WebP) en el campo «archivo».",
  "auth.codigo_incorrecto_breve": "Código incorrecto",
  "auth.codigo_no_correcto_ha_usado_escribe":
    "El código no es correcto o ya se ha usado. Escribe el código que muestra ahora tu aplicación.",
  "auth.contrasena_actual_no_correcta": "La contraseña actual no es correcta.",
  "auth.correo_contrasena_incorrectos": "Correo o contraseña incorrectos.",
  "auth.demasiados_codigos_incorrectos_espera_15_minutos":
    "Demasiados códigos incorrectos. Espera 15 minutos y vuelve a intentarlo.",
  "auth.demasiados_intentos_fallidos_espera_15_minutos":
    "Demasiados intentos fallidos. Espera 15 minutos y vuelve a intentarlo.",
  "auth.enlace_no_valido_ha_usado_ha":
    "El enlace no es válido, ya se ha usado o ha caducado. Pide uno nuevo.",
  "auth.esa_cuenta_no_tiene_activada_verificacion":
    "Esa cuenta no tiene activada la verificación en dos pasos.",
  "auth.escribe_codigo_6_cifras_tu_aplicacion":
    "Escribe el código de 6 cifras de tu aplicación de autenticación o uno de tus códigos de recuperación.",
  "auth.inicio_sesion_ha_caducado_ha_usado":
    "El inicio de sesión ha caducado o ya se ha usado. Vuelve a entrar con el proveedor.",
  "auth.primero_pide_codigo_qr_nuevo_para":
    "Primero pide un código QR nuevo para tu aplicación de autenticación.",
  "auth.totp_renovar_pide_enlace":
    "Para volver a activar la verificación en dos pasos, abre el enlace que te enviamos por correo (pídelo desde «Verificación en dos pasos»).",
  "auth.totp_no_pide_enlace":
    "Tu cuenta no necesita ese enlace: puedes activar la verificación en dos pasos directamente.",
  "auth.totp_enlace_sin_correo":
    "Esta instalación no envía correos: pide a un administrador que quite la verificación en dos pasos anterior de tu cuenta.",
  "auth.totp_demasiados_enlaces":
    "Ya te hemos enviado varios enlaces en la última hora. Busca el último en tu correo o espera un poco.",
  "auth.tienes_activada_verificacion_dos_pasos_desactiva":
    "Ya tienes activada la verificación en dos pasos. Desactívala antes de configurarla de nuevo.",
  "auth.verificacion_dos_pasos_esta_activada": "La verificación en dos pasos ya está activada.",
  "auth.verificacion_dos_pasos_no_esta_activada": "La verificación en dos pasos no está activada.",
  "copias.datos_rechazados":
    "La base de datos ha rechazado los datos de la copia; no se ha cambiado nada.",
  "copias.demasiado_grande": "La copia no puede ocupar más de 4 GB.",
  "copias.esa_copia_automatica_no_existe": "Esa copia automática no existe.",
  "copias.esquema_distinto":
    "La copia es de una versión de la aplicación con otros cambios de esquema (le falta «{{migracion}}»): no se puede restaurar en esta.",
  "copias.esquema_nuevo":
    "La copia es de una versión más nueva de la aplicación (cambio de esquema «{{migracion}}»): actualiza la aplicación antes de restaurarla.",
  "copias.formato_nuevo":
    "La copia tiene un formato más nuevo (versión {{version}}) que esta aplicación: actualiza la aplicación antes de restaurarla.",
  "copias.hay_restauracion_marcha_espera_acabe":
    "Ya hay una restauración en marcha. Espera a que acabe.",
  "copias.incompleta":
    "El archivo está incompleto o dañado (¿se cortó la descarga?). Vuelve a descargar la copia.",
  "copias.no_coincide":
    "La copia no coincide con el esquema de la versión que la hizo (tabla «{{tabla}}»).",
  "copias.no_es_copia": "El archivo no es una copia de seguridad de Filà.",
  "copias.nombre_asociacion": "Escribe el nombre de la asociación tal como está: «{{nombre}}».",
  "copias.password_incorrecta": "La contraseña no es correcta.",
  "copias.sin_archivo": "Adjunta la copia de seguridad en el campo «archivo».",
  "documentos.demasiado_grande": "El archivo no puede ocupar más de 20 MB.",
  "documentos.sin_archivo": "Adjunta el archivo en el campo «archivo».",
  "documentos.tipo_no_permitido":
    "Tipo de archivo no permitido. Sube un PDF, una imagen (JPEG, PNG, WebP o GIF), un documento de Office u OpenDocument, o texto/CSV.",
  "dominio.texto": "{{texto}}",
  "gallofa.revisa_aportacion": "Revisa la aportación.",
  "gallofa.socio_no_existe": "El socio no existe",
  "informes.ese_informe_no_existe": "Ese informe no existe.",
  "informes.ese_tipo_socio_no_existe": "Ese tipo de socio no existe",
  "informes.periodo_cumpleanos_no_puede_pasar_ano":
    "El periodo de cumpleaños no puede pasar de un año",
  "informes.revisa_filtros": "Revisa los filtros.",
  "maestros.en_uso_uno": "No se puede borrar: lo usa {{lista}}. Puedes desactivarlo.",
  "maestros.en_uso_varios": "No se puede borrar: lo usan {{lista}}. Puedes desactivarlo.",
  "maestros.no_existe": "{{maestro}} no existe.",
  "maestros.nombre_repetido": "Ya existe {{maestro}} con ese nombre.",
  "no_encontrado.asamblea": "La asamblea no existe.",
  "no_encontrado.mesa": "La mesa no existe.",
  "no_encontrado.acto": "El acto no existe.",
  "no_encontrado.alerta": "La alerta no existe.",
  "no_encontrado.anuncio": "El anuncio no existe.",
  "no_encontrado.aportacion": "La aportación no existe.",
  "no_encontrado.archivo_documento": "El archivo del documento no existe.",
  "no_encontrado.calendario": "El calendario no existe.",
  "no_encontrado.cargo": "El cargo no existe.",
  "no_encontrado.correo": "El correo no existe.",
  "no_encontrado.cuenta": "La cuenta no existe.",
  "no_encontrado.cuenta_ese_socio": "La cuenta de ese socio no existe.",
  "no_encontrado.documento": "El documento no existe.",
  "no_encontrado.enlace": "El enlace no existe.",
  "no_encontrado.foto_socio": "La foto del socio no existe.",
  "no_encontrado.imagen": "La imagen no existe.",
  "no_encontrado.imagen_acto": "La imagen del acto no existe.",
  "no_encontrado.imagen_noticia": "La imagen de la noticia no existe.",
  "no_encontrado.inscripcion": "La inscripción no existe.",
  "no_encontrado.logotipo": "El logotipo no existe.",
  "no_encontrado.loteria": "La lotería no existe.",
  "no_encontrado.talonario": "El talonario no existe.",
  "no_encontrado.participacion": "La participación no existe.",
  "no_encontrado.noticia": "La noticia no existe.",
  "no_encontrado.pedido": "El pedido no existe.",
  "no_encontrado.producto": "El producto no existe.",
  "no_encontrado.recurso": "El recurso no existe.",
  "no_encontrado.remesa": "La remesa no existe.",
  "no_encontrado.la_ruta": "La ruta no existe.",
  "no_encontrado.ruta": "No existe la ruta {{metodo}} {{ruta}}.",
  "no_encontrado.socio": "El socio no existe.",
  "no_encontrado.trabajo": "El trabajo no existe.",
  "olvido.anonimizado": "El socio {{id}} ({{nombre}}) ya está anonimizado.",
  "olvido.baja_reciente":
    "El socio {{id}} ({{nombre}}) se dio de baja el {{fecha}}: sus datos se guardan {{anyos}} años desde la baja.",
  "olvido.de_alta":
    "El socio {{id}} ({{nombre}}) sigue de alta: solo se anonimiza a quien se dio de baja.",
  "olvido.paga_a_activos":
    "El socio {{id}} ({{nombre}}) paga los cargos de {{n}} socios que siguen de alta: cámbiales antes el pagador.",
  "olvido.sin_fecha_baja": "El socio {{id}} ({{nombre}}) no tiene fecha de baja.",
  "loterias.producto_duplicado":
    "Ya hay un producto «{{nombre}}» en {{anyo}}: ponle otro nombre a la lotería.",
  "loterias.talonario_liquidado": "El talonario ya está liquidado.",
  "loterias.sin_series_libres": "No queda ninguna participación libre en ese talonario.",
  "loterias.sin_talonario":
    "No tienes ningún talonario sin liquidar en esta lotería del que sacar la participación.",
  "loterias.sin_premios": "Aún no se han anotado los premios de esta lotería.",
  "loterias.sin_premio": "Esta participación no tiene premio.",
  "loterias.participacion_anulada": "La participación está anulada: no cobra premio.",
  "loterias.participacion_devuelta":
    "La participación se devolvió sin vender: su premio es de la asociación.",
  "loterias.premio_pagado": "El premio de esta participación ya está pagado.",
  "pagos.cargo_esta_anulado": "El cargo ya está anulado.",
  "pagos.cargo_esta_pagado_no_puede_anular": "El cargo ya está pagado: no se puede anular.",
  "pagos.cargo_esta_remesa_cargo_cobra_devuelve":
    "El cargo está en una remesa (cargo {{id}}): se cobra o se devuelve desde la remesa.",
  "pagos.cargo_solo_cobran_cargos_pendientes_devueltos":
    "El cargo {{id}} {{estado}}: solo se cobran cargos pendientes o devueltos.",
  "pagos.cargo_solo_vuelven_poner_cobro_cargos":
    "El cargo {{id}} {{estado}}: solo se vuelven a poner al cobro los cargos devueltos.",
  "pagos.importe_cobrado_mayor_pendiente":
    "El importe cobrado ({{importe}} €) es mayor que lo pendiente ({{pendiente}} €).",
  "pagos.no_existe_cargo": "No existe el cargo {{ids}}.",
  "pagos.online_cargo_en_remesa":
    "Este cargo ya está en una remesa (cargo {{id}}): lo cobrará el banco por domiciliación.",
  "pagos.online_notificacion_no_valida":
    "La notificación del banco no es válida: firma, pedido o importe que no corresponden.",
  "pagos.no_existe_producto": "No existe el producto {{ids}}.",
  "pagos.producto_con_cargos": "No se puede borrar: tiene {{n}} cargos. Puedes desactivarlo.",
  "pagos.producto_con_un_cargo": "No se puede borrar: tiene {{n}} cargo. Puedes desactivarlo.",
  "pagos.producto_de_un_acto":
    "No se puede borrar: es el precio de un acto. Quítalo del acto o desactívalo.",
  "pagos.producto_de_una_loteria":
    "No se puede borrar: es el producto de una lotería. Se va con su lotería.",
  "pagos.producto_de_una_loteria_emision":
    "El producto «{{nombre}}» es de una lotería: se cobra con la liquidación de sus talonarios, no en la emisión.",
  "pagos.producto_de_una_loteria_sin_precio":
    "Es el producto de una lotería: sigue siendo de tipo lotería, del año de su sorteo, a 0 € y sin precios por tipo. Se cobra con la liquidación de sus talonarios.",
  "pagos.producto_de_otro_anyo": "El producto «{{nombre}}» es de {{anyo}}, no de {{anyoEmision}}.",
  "pagos.producto_duplicado": "Ya hay un producto «{{nombre}}» en {{anyo}}.",
  "pagos.producto_elegido_no_existe": "El producto elegido no existe.",
  "pagos.producto_esta_desactivado": "El producto «{{nombre}}» está desactivado.",
  "pagos.solo_hay_recibo_cargos_pagados": "Solo hay recibo de los cargos pagados.",
  "permiso.denegado": "No tienes permiso para hacer esta operación.",
  "peticion.adjunta_imagen_jpeg_png_webp_campo":
    "Adjunta una imagen JPEG, PNG o WebP en el campo «archivo».",
  "peticion.aplicacion_ha_actualizado_recarga_pagina_para":
    "La aplicación se ha actualizado. Recarga la página para seguir usándola.",
  "peticion.bd_no_disponible":
    "La base de datos no está disponible en este momento. Inténtalo de nuevo en unos segundos.",
  "peticion.cabecera_tiene_ser_numero_entero":
    "La cabecera {{cabecera}} tiene que ser un número entero.",
  "peticion.campos_no_existen": "La petición lleva campos que no existen: {{campos}}.",
  "peticion.cuerpo_vacio": "El cuerpo de la petición está vacío.",
  "peticion.dato_rechazado_por_la_base":
    "Hay un valor que no es válido: demasiado grande o con un formato que no se puede guardar.",
  "peticion.demasiadas_peticiones":
    "Demasiadas peticiones. Espera un momento y vuelve a intentarlo.",
  "peticion.demasiado_grande": "La petición es demasiado grande.",
  "peticion.fichero_demasiado_grande": "El fichero no puede ocupar más de {{mb}} MB.",
  "peticion.imagen_demasiado_grande": "La imagen no puede ocupar más de {{mb}} MB.",
  "peticion.interno": "Ha ocurrido un error interno. Inténtalo de nuevo más tarde.",
  "peticion.json_no_valido": "El cuerpo de la petición no es un JSON válido.",
  "peticion.longitud_no_valida": "La longitud de la petición no es válida.",
  "peticion.no_multipart":
    "Envía el formulario como multipart/form-data con el archivo en el campo «{{campo}}».",
  "peticion.no_valida": "La petición no es válida.",
  "peticion.tiene_ser_numero_entero": "Tiene que ser un número entero.",
  "peticion.tipo_no_admitido": "El tipo de contenido no es válido.",
  "peticion.valor_no_valido": "Valor no válido",
  "remesas.adeudo_no_pertenece_esta_remesa": "El adeudo {{endToEndId}} no pertenece a esta remesa",
  "remesas.adjunta_fichero_pain_002_banco_campo":
    "Adjunta el fichero pain.002 del banco en el campo «archivo».",
  "remesas.cargo_esta_devuelto": "El cargo {{idPago}} ya está devuelto",
  "remesas.cargo_pagado_tras_devolucion":
    "El cargo {{idPago}} se devolvió y se ha pagado después: no se puede devolver otra vez",
  "remesas.cargo_esta_no_puede_devolver":
    "El cargo {{idPago}} está {{estado}} y no se puede devolver",
  "remesas.cargo_esta_repetido": "El cargo {{idPago}} está repetido",
  "remesas.cargo_no_esta_esta_remesa": "El cargo {{idPago}} no está en esta remesa",
  "remesas.completa_datos_bancarios_asociacion_antes_genera":
    "Completa los datos bancarios de la asociación antes de generar una remesa.",
  "remesas.falta_cif_valido_asociacion": "Falta un CIF válido de la asociación",
  "remesas.falta_iban_valido_asociacion": "Falta un IBAN válido de la asociación",
  "remesas.falta_nombre_asociacion": "Falta el nombre de la asociación",
  "remesas.fecha_cobro_pasada": "La fecha de cobro no puede ser anterior a hoy",
  "remesas.ningun_pagador_cargos_pendientes_tiene_iban":
    "Ningún pagador con cargos pendientes tiene IBAN y mandato válidos: no se ha generado la remesa.",
  "remesas.no_codigo_motivo_devolucion_valido":
    "{{motivo}} no es un código de motivo de devolución válido",
  "remesas.no_ha_registrado_ninguna_devolucion_revisa":
    "No se ha registrado ninguna devolución: revisa los cargos indicados.",
  "remesas.no_hay_cargos_pendientes_domiciliados_hasta":
    "No hay cargos pendientes domiciliados hasta esa fecha",
  "remesas.no_hay_ningun_cargo_devolver": "No hay ningún cargo que devolver",
  "remesas.no_puede_borrar_remesa_cobrada": "No se puede borrar una remesa ya cobrada.",
  "remesas.no_puede_borrar_remesa_tiene_devoluciones":
    "No se puede borrar: la remesa tiene devoluciones registradas.",
  "remesas.no_puede_calcular_identificador_acreedor_revisa":
    "No se puede calcular el identificador de acreedor: revisa el sufijo",
  "remesas.remesa_esta_marcada_como_cobrada": "La remesa ya está marcada como cobrada.",
  "remesas.sin_devoluciones_en_fichero": "El fichero no trae ningún adeudo devuelto o rechazado",
  "sepa.falta_informe_estado_cstmrpmtstsrpt": "Falta el informe de estado (CstmrPmtStsRpt)",
  "sepa.fichero_no_trae_ninguna_operacion": "El fichero no trae ninguna operación",
  "sepa.fichero_no_xml_bien_formado": "El fichero no es un XML bien formado",
  "sepa.hay_operacion_rechazada_sin_orgnlendtoendid":
    "Hay una operación rechazada sin OrgnlEndToEndId",
  "sepa.no_es_pain002": "El fichero de devoluciones no es un pain.002 válido",
  "sepa.operacion_no_trae_codigo_motivo": "La operación {{endToEndId}} no trae el código de motivo",
  "tesoreria.no_es_camt053": "El extracto no es un camt.053 válido",
  "tesoreria.camt_sin_bktocstmrstmt": "Falta el extracto de cuenta (BkToCstmrStmt)",
  "tesoreria.camt_sin_extractos": "El fichero no trae ningún extracto (Stmt)",
  "tesoreria.camt_sin_iban": "El extracto {{id}} no trae el IBAN de la cuenta",
  "tesoreria.camt_sin_saldo": "El extracto {{id}} no trae el saldo {{tipo}}",
  "tesoreria.camt_importe_no_valido":
    "El extracto {{id}} trae un importe «{{importe}}» o un CdtDbtInd que no valen",
  "tesoreria.camt_apunte_sin_fecha":
    "El extracto {{id}} trae un apunte sin fecha de contabilización (BookgDt)",
  "tesoreria.extracto_no_cuadra": "Los saldos del extracto no cuadran con sus apuntes",
  "tesoreria.norma43_no_valida": "El extracto no es un fichero de la norma 43 válido",
  "envios.sin_smtp":
    "No se pueden hacer envíos: el servidor no tiene configurado el correo (SMTP_URL).",
  "envios.no_encontrado": "El envío no existe.",
  "envios.sin_cartas":
    "No hay cartas que imprimir: todos los destinatarios de este envío tienen correo. Pide las de todos si quieres imprimirlas igualmente.",
  "envios.enlace_baja_no_valido": "El enlace para darse de baja de los envíos no es válido.",
  "socios.cuenta_sin_ficha": "Tu cuenta no está vinculada a ninguna ficha de socio.",
  "socios.matricula_duplicada": "Ya hay un socio con la matrícula {{matricula}}.",
  "socios.matricula_repetida": "Ya hay un socio con esa matrícula.",
  "socios.nif_duplicado": "Ya hay un socio con el NIF o NIE {{nif}}.",
  "socios.nif_repetido": "Ya hay un socio con ese NIF o NIE.",
  "socios.no_puede_borrar_puedes_darlo_baja":
    "No se puede borrar: {{motivos}}. Puedes darlo de baja.",
  "socios_io.adjunta_fichero_csv_excel_campo_archivo":
    "Adjunta el fichero CSV o Excel en el campo «archivo».",
  "socios_io.celda_demasiado_larga":
    "La celda de la fila {{fila}}, columna {{columna}}, tiene más de {{max}} caracteres: no parece una hoja de socios.",
  "socios_io.demasiadas_columnas":
    "El fichero tiene {{columnas}} columnas; como mucho se pueden importar {{max}}. Quita las que no sean de socios.",
  "socios_io.excel_demasiado_grande":
    "El Excel descomprimido ocupa más de {{mb}} MB: no parece una hoja de socios. Guárdalo de nuevo o divídelo en partes.",
  "socios_io.falta_esta_columna": "Falta esta columna",
  "socios_io.faltan_columnas_para_actualizar":
    "El fichero necesita una columna de matrícula o NIF para encontrar a cada socio, o las de nombre y apellidos para darlo de alta. Elige a qué campo va cada columna.",
  "socios_io.faltan_columnas_para_altas":
    "El fichero necesita al menos las columnas de nombre y apellidos. Elige a qué campo va cada columna.",
  "socios_io.fichero_csv_no_esta_utf_8":
    "El fichero CSV no está en UTF-8. Guárdalo como «CSV UTF-8» y vuelve a subirlo.",
  "socios_io.fichero_esta_vacio": "El fichero está vacío.",
  "socios_io.fichero_excel_no_tiene_ninguna_hoja": "El fichero Excel no tiene ninguna hoja.",
  "socios_io.fichero_no_csv_ni_excel_xlsx":
    "El fichero no es un CSV ni un Excel (XLSX). Sube un fichero .csv o .xlsx.",
  "socios_io.fichero_no_tiene_ningun_socio_debajo":
    "El fichero no tiene ningún socio debajo de la cabecera.",
  "socios_io.fichero_tiene_mas_filas":
    "El fichero tiene más de {{max}} filas; como mucho se pueden importar {{max}} de una vez.",
  "socios_io.fila_demasiado_ancha":
    "Una fila del fichero tiene más de {{max}} celdas; como mucho se pueden importar {{max}} columnas. Quita las que no sean de socios.",
  "socios_io.filas_con_errores": "Hay {{n}} filas con errores: no se ha importado ningún socio.",
  "socios_io.mapa_campo_no_existe": "No existe el campo «{{campo}}»",
  "socios_io.mapa_campo_repetido": "El campo «{{campo}}» está elegido para más de una columna",
  "socios_io.mapa_no_encaja": "El campo «mapa» no encaja con las columnas del fichero.",
  "socios_io.mapa_sin_columna": "El fichero no tiene la columna «{{columna}}»",
  "socios_io.mapa_no_valido":
    'El campo «mapa» debe ser un objeto JSON {"cabecera": "campo" o null}.',
  "socios_io.no_puede_leer_fichero_excel_comprueba":
    "No se puede leer el fichero Excel. Comprueba que no está dañado.",
  "socios_io.otro_cambio_ha_borrado_socio":
    "Otro cambio ha borrado a la vez un socio del fichero. No se ha importado nada; vuelve a intentarlo.",
  "socios_io.otro_cambio_ha_usado_vez_matricula":
    "Otro cambio ha usado a la vez una matrícula o un NIF del fichero. No se ha importado nada; vuelve a intentarlo.",
  "socios_io.una_fila_con_errores": "Hay 1 fila con errores: no se ha importado ningún socio.",
  "trabajos.cortado":
    "El trabajo se cortó porque el servidor se reinició. No se ha escrito nada: vuelve a lanzarlo.",
  "trabajos.error_interno":
    "El trabajo ha fallado por un error del servidor. No se ha escrito nada: vuelve a intentarlo.",
  "trabajos.restauracion":
    "El trabajo se ha cancelado porque se han restaurado los datos de una copia. Vuelve a lanzarlo si hace falta.",
  "usuarios.desactivada": "La cuenta está desactivada. Reactívala antes de enviarle un enlace.",
  "usuarios.desactivarse_a_si_mismo": "No puedes desactivar tu propia cuenta.",
  "usuarios.email_duplicado": "Ya existe una cuenta con ese correo.",
  "usuarios.socio_con_cuenta": "Ese socio ya tiene una cuenta de acceso.",
  "usuarios.socio_inexistente": "El socio no existe.",
  "usuarios.ultimo_administrador": "No se puede quitar el último administrador.",
  "usuarios.ya_activada":
    "La cuenta ya está activada: si el socio no recuerda su contraseña, usa «Forzar restablecimiento».",
  "utilidades.ano_esta_cerrado_ano_solo_cierra":
    "El año {{anyo}} ya está cerrado{{cuando}}. Un año solo se cierra una vez.",
  "utilidades.no_hay_servidor_correo_configurado_smtp":
    "No hay servidor de correo configurado (SMTP_URL): el correo no se puede reenviar.",
  "utilidades.socio_no_existe": "El socio {{falta}} no existe.",
  "utilidades.solo_reenvian_correos_no_pudieron_enviar":
    "Solo se reenvían los correos que no se pudieron enviar.",
  "no_encontrado.cuenta_tesoreria": "La cuenta de tesorería no existe.",
  "no_encontrado.categoria_tesoreria": "La categoría no existe.",
  "no_encontrado.movimiento": "El movimiento no existe.",
  "no_encontrado.documento_movimiento": "El documento no existe.",
  "no_encontrado.cierre_tesoreria": "El año {{anyo}} de la tesorería no está cerrado.",
  "tesoreria.cuenta_nombre_repetido": "Ya existe una cuenta con ese nombre.",
  "tesoreria.categoria_nombre_repetido": "Ya existe una categoría con ese nombre.",
  "tesoreria.cuenta_no_existe": "La cuenta {{id}} no existe.",
  "tesoreria.cuenta_desactivada": "La cuenta {{nombre}} está desactivada.",
  "tesoreria.cuenta_no_es_banco": "La cuenta {{nombre}} no es del banco.",
  "tesoreria.categoria_no_existe": "La categoría {{id}} no existe.",
  "tesoreria.categoria_repetida": "La categoría {{id}} está repetida.",
  "tesoreria.categoria_en_uso_tipo":
    "La categoría ya tiene movimientos: no puede pasar de ingreso a gasto ni al revés.",
  "tesoreria.saldo_inicial_con_cierre":
    "Hay años de la tesorería cerrados: el saldo inicial y su fecha ya no cambian (reabre esos años antes).",
  "tesoreria.anyo_cerrado":
    "El año {{anyo}} de la tesorería está cerrado: reábrelo antes de cambiarlo.",
  "tesoreria.anyo_no_empezado": "El año {{anyo}} aún no ha empezado: se cierra cuando acaba.",
  "tesoreria.anyo_ya_cerrado": "El año {{anyo}} de la tesorería ya está cerrado.",
  "tesoreria.antes_saldo_inicial":
    "La fecha es anterior al saldo inicial de la cuenta ({{fecha}}).",
  "tesoreria.ya_tiene_contraasiento":
    "El movimiento {{id}} ya está corregido por el contraasiento {{contraasiento}}.",
  "tesoreria.contraasiento_de_contraasiento":
    "El movimiento {{id}} es un contraasiento: para rehacerlo, anota un movimiento nuevo.",
  "tesoreria.revisa_movimiento": "Revisa el movimiento.",
  "tesoreria.revisa_presupuesto": "Revisa el presupuesto.",
  "tesoreria.revisa_ajustes": "Revisa las cuentas de la tesorería.",
  "no_encontrado.extracto": "El extracto no existe.",
  "no_encontrado.regla_tesoreria": "La regla no existe.",
  "tesoreria.extracto_repetido":
    "El extracto de la cuenta {{cuenta}} del {{desde}} al {{hasta}} ya se importó (extracto {{id}}).",
  "tesoreria.extracto_cuenta_desconocida":
    "La cuenta {{iban}} del extracto no es de la tesorería: ponle ese IBAN a su cuenta o indica idCuenta.",
  "tesoreria.extracto_idcuenta_otra":
    "El extracto es de la cuenta {{iban}}, que es «{{cuenta}}», y no la que indicas.",
  "tesoreria.extracto_idcuenta_varias":
    "El fichero trae varias cuentas: cada una se reconoce por su IBAN.",
  "tesoreria.extracto_sin_archivo":
    "Adjunta el extracto del banco (norma 43 o camt.053) en el campo «archivo».",
  "tesoreria.decisiones_no_validas": "Las decisiones no son un JSON válido.",
  "tesoreria.decisiones_sin_confirmar": "Las decisiones solo van con confirmar=1.",
  "tesoreria.revisa_decisiones": "Revisa las decisiones del extracto.",
  "tesoreria.decision_linea_no_existe": "La línea {{n}} no está en el extracto.",
  "tesoreria.decision_repetida": "La línea {{n}} tiene más de una decisión.",
  "tesoreria.decision_movimiento_no_existe":
    "El movimiento {{id}} no existe o no es de la cuenta «{{cuenta}}».",
  "tesoreria.decision_movimiento_repetido": "El movimiento {{id}} está en más de una línea.",
  "tesoreria.decision_no_suma":
    "Los movimientos y la comisión suman {{suma}} y la línea {{n}} es de {{importe}}.",
  "tesoreria.movimiento_ya_conciliado":
    "El movimiento {{id}} ya está conciliado con otra línea del banco.",
  "tesoreria.linea_ya_decidida": "La línea {{n}} del extracto ya está decidida.",
  "tesoreria.revisa_regla": "Revisa la regla.",
  "no_encontrado.periodo": "El periodo no existe.",
  "no_encontrado.recompensa": "La recompensa no existe.",
  "no_encontrado.concesion": "La concesión de la recompensa no existe.",
  "antiguedad.periodos_solapados": "Los periodos de un socio no pueden solaparse.",
  "antiguedad.tipo_no_existe": "El tipo de socio no existe.",
  "recompensas.ya_concedida":
    "{{socio}} ya tiene la recompensa «{{recompensa}}» (concedida en {{anyo}}).",
  "recompensas.nombre_duplicado": "Ya existe una recompensa con ese nombre.",
  "federacion.tipo_no_existe": "Algún tipo de socio de los ajustes no existe.",
  "no_encontrado.grupo": "El grupo no existe.",
  "no_encontrado.escuadra": "La escuadra no existe.",
  "no_encontrado.cargo_estructura": "El cargo no existe.",
  "no_encontrado.cargo_socio": "Ese cargo del socio no existe.",
  "no_encontrado.miembro": "Ese socio no está en el grupo.",
  "estructura.en_otra_escuadra": "{{socio}} ya está en la escuadra «{{escuadra}}» en {{anyo}}.",
  "estructura.nombre_duplicado": "Ya hay un grupo «{{nombre}}» de esa clase{{anyo}}.",
  "estructura.codigo_duplicado": "Ya hay un cargo con el código «{{codigo}}».",
  "estructura.cabo_desde_escuadra":
    "El cargo de cabo se asigna desde su escuadra (pestaña Escuadras).",
  "estructura.cabo_no_editable":
    "Es el cabo de la escuadra «{{escuadra}}»: se cambia desde la escuadra.",
  "estructura.escuadra_en_grupos": "Las escuadras se gestionan en /api/escuadras.",
  "estructura.desfile_otro_anyo": "La escuadra {{id}} no es de {{anyo}}.",
  "estructura.mismo_anyo": "El año de destino ha de ser distinto del de origen.",
  "estructura.sin_cargo_cabo": "Falta el cargo con código «cabo».",
} as const;
