import type { Acompanante, Dieta, Turno } from "@fila/domain";
import type { ColumnType, Generated } from "kysely";

type Fecha = string | null;

export type AsociacionTable = {
  id: number;
  nombre: Generated<string>;
  cif: Generated<string>;
  direccion: Generated<string>;
  texto_condiciones: Generated<string>;
  texto_privacidad: Generated<string>;
  /** The terms and privacy in Valencian ('' = only Spanish; migration 0031). */
  texto_condiciones_va: Generated<string>;
  texto_privacidad_va: Generated<string>;
  version_condiciones: Generated<string>;
  poblacion: Generated<string>;
  cod_postal: Generated<string>;
  provincia: Generated<string>;
  telefono: Generated<string>;
  email: Generated<string>;
  iban: Generated<string>;
  bic: Generated<string>;
  /** Three characters of the SEPA creditor identifier ("000" by default). */
  sufijo_acreedor: Generated<string>;
  nombre_corto: Generated<string>;
  color: Generated<string>;
  /** PNG of at most 512 px (migration 0013), re-encoded by the server. */
  logo: Buffer | null;
  logo_actualizado_en: Date | null;
  /** Administrators must sign in with TOTP (migration 0015). */
  totp_obligatorio_admin: Generated<boolean>;
  /** Fingerprint of the installation key the secrets are encrypted with (never the key; 0021). */
  clave_huella: string | null;
  /** Years after a leaver's baja before they may be anonymised (migration 0012). */
  anyos_olvido: Generated<number>;
  /** The payment method of online payments, created on the first one (migration 0025). */
  id_forma_pago_online: number | null;
};

export type MaestroColorTable = {
  id: Generated<number>;
  nombre: string;
  descripcion: Generated<string>;
  color: Generated<string>;
  activo: Generated<boolean>;
};

/** A member type: its years count apart as infantil when so marked (migration 0040). */
export type TipoSocioTable = MaestroColorTable & { cuenta_como_infantil: Generated<boolean> };

/** A member's period in the filà, `desde` to `hasta` (the leaving day; null = still in). */
export type SocioPeriodoTable = {
  id: Generated<number>;
  id_socio: number;
  desde: string;
  hasta: string | null;
  id_tipo_socio: number | null;
  creado_en: Generated<Date>;
};

/** An award rule of the association (issue 49): «Insignia de plata» at 25 counted years. */
export type RecompensaTable = {
  id: Generated<number>;
  nombre: string;
  anyos: number;
  activa: Generated<boolean>;
  creado_en: Generated<Date>;
};

export type RecompensaSocioTable = {
  id: Generated<number>;
  id_recompensa: number;
  id_socio: number;
  anyo: number;
  concedida_por: number | null;
  concedida_en: Generated<Date>;
};

/** The federation's settings (one row, id 1). */
export type FederacionAjusteTable = {
  id: number;
  fiestas_desde: ColumnType<string | null, string | null | undefined, string | null>;
  fiestas_hasta: ColumnType<string | null, string | null | undefined, string | null>;
  ids_tipo_socio: ColumnType<number[], string | undefined, string>;
  columnas: ColumnType<Record<string, string>, string | undefined, string>;
  actualizado_en: Generated<Date>;
};

/** A census sent to the federation, with its rows as they were (the next «changes since»). */
export type FederacionCensoEnvioTable = {
  id: Generated<number>;
  anyo: number;
  filas: ColumnType<unknown[], string, string>;
  total: number;
  altas: number;
  bajas: number;
  modificados: number;
  enviado_por: number | null;
  enviado_en: Generated<Date>;
};

export type FormaPagoTable = {
  id: Generated<number>;
  nombre: string;
  descripcion: Generated<string>;
  domiciliada: Generated<boolean>;
  activo: Generated<boolean>;
  /** The treasury account its desk payments go to (null: the bank of `tesoreria_ajuste`). */
  id_cuenta_tesoreria: Generated<number | null>;
};

export type SocioTable = {
  id: Generated<number>;
  nombre: string;
  apellidos: Generated<string>;
  direccion: Generated<string>;
  poblacion: Generated<string>;
  provincia: Generated<string>;
  cod_postal: Generated<string>;
  telefono: Generated<string>;
  email: Generated<string>;
  fecha_nacimiento: Fecha;
  nif: string | null;
  anyo_alta: number | null;
  id_tipo_socio: number | null;
  tipo_pago: Generated<string>;
  id_forma_pago: number | null;
  fecha_alta: Fecha;
  activo: Generated<boolean>;
  fecha_baja: Fecha;
  motivo_baja: Generated<string>;
  matricula: number | null;
  id_pagador: number | null;
  id_pareja: number | null;
  id_padre: number | null;
  nombre_yerno: Generated<string>;
  pagar_derrama: Generated<string>;
  tipo_derrama: Generated<string>;
  anyo_derrama: number | null;
  importe_derrama: Generated<number>;
  anyos_pago_derrama: Generated<number>;
  /** «No quiero recibir envíos» (migration 0027): set by the member only. */
  no_envios: Generated<boolean>;
  ramell: Generated<string>;
  tipo_pago_ramell: Generated<string>;
  anyo_ramell: number | null;
  ramell_pago1: Generated<number>;
  ramell_pago2: Generated<number>;
  ramell_pago3: Generated<number>;
  ramell_pago4: Generated<number>;
  ramell_pago5: Generated<number>;
  sexo: Generated<string>;
  comentarios: Generated<string>;
  iban: Generated<string>;
  bic: Generated<string>;
  num_damas: Generated<number>;
  edad_festera: Generated<number>;
  imagen: string | null;
  /** Version of the member card: renewing it adds one and refuses older codes (0024). */
  carnet_version: Generated<number>;
  /** SEPA mandate of this member as payer (migration 0004). */
  mandato_id: Generated<string>;
  mandato_fecha: Fecha;
  creado_en: Generated<Date>;
  actualizado_en: Generated<Date>;
  /** When the member's personal data was erased (right to be forgotten, migration 0012). */
  anonimizado_en: Date | null;
  /** Generated by the database (migration 0003): normalised text for the member search. */
  busqueda: ColumnType<string, never, never>;
  /** Generated (migration 0003): accent-free sort keys of the member list. */
  orden_apellidos: ColumnType<string, never, never>;
  orden_nombre: ColumnType<string, never, never>;
};

export type UsuarioTable = {
  id: Generated<number>;
  email: string;
  nombre: Generated<string>;
  password_hash: string | null;
  rol: "administrador" | "usuario" | "socio";
  id_socio: number | null;
  activo: Generated<boolean>;
  condiciones_aceptadas_en: Date | null;
  condiciones_version: string | null;
  creado_en: Generated<Date>;
  /**
   * TOTP secret, encrypted with the installation key (`v1.…`, lib/clave-instalacion.ts; plain
   * base32 only until the start-up step encrypts it): pending while totp_activo is false.
   */
  totp_secreto: string | null;
  totp_activo: Generated<boolean>;
  /** Last accepted time step: a code is accepted once. */
  totp_ultimo_paso: number | null;
  /** TOTP was on, but its secret came from another installation: set it up again (0021). */
  totp_renovar: Generated<boolean>;
  /** The account's language (0028): messages, mails, PDFs and the web come in it. */
  idioma: Generated<"es" | "va">;
};

export type TotpRecuperacionTable = {
  id: Generated<number>;
  id_usuario: number;
  codigo_hash: string;
  usado_en: Date | null;
};

export type IdentidadExternaTable = {
  id: Generated<number>;
  proveedor: string;
  sub: string;
  id_usuario: number;
  creado_en: Generated<Date>;
};

export type OidcPeticionTable = {
  id: Generated<number>;
  estado: string;
  nonce: string;
  verificador: string;
  creado_en: Generated<Date>;
  usado_en: Date | null;
};

export type OidcValeTable = {
  id: Generated<number>;
  id_usuario: number;
  vale_hash: string;
  expira_en: Date;
  usado_en: Date | null;
};

export type SesionTable = {
  id: Generated<number>;
  id_usuario: number;
  token_hash: string;
  creada_en: Generated<Date>;
  expira_en: Date;
  revocada_en: Date | null;
  ip: Generated<string>;
};

export type TokenAccesoTable = {
  id: Generated<number>;
  id_usuario: number;
  tipo: "reset" | "invitacion" | "totp";
  token_hash: string;
  creado_en: Generated<Date>;
  expira_en: Date;
  usado_en: Date | null;
};

/** The attempts of one key (account, IP, TOTP of an account) in the window that began at `desde`. */
export type LimiteIntentoTable = {
  clave: string;
  desde: Generated<Date>;
  intentos: number;
};

export type CorreoSalienteTable = {
  id: Generated<number>;
  para: string;
  asunto: string;
  texto: string;
  html: Generated<string>;
  /** Migration 0027: extra headers (mailings), kept for a resend. */
  cabeceras: ColumnType<Record<string, string>, string | undefined, string>;
  estado: "pendiente" | "enviado" | "error" | "sin_smtp";
  error: Generated<string>;
  creado_en: Generated<Date>;
  enviado_en: Date | null;
};

export type MensajeEventoTable = {
  id: Generated<number>;
  id_usuario: number | null;
  titulo: string;
  cuerpo: Generated<string>;
  imagen: Generated<string>;
  creado_en: Generated<Date>;
  id_alerta: Generated<number | null>;
  /** `asamblea`: a typed event (migration 0041), its data JSON in `cuerpo`. */
  tipo: Generated<"mensaje" | "asamblea">;
};

export type CambioAuditado = { campo: string; antes: unknown; despues: unknown };

export type AuditoriaTable = {
  id: Generated<number>;
  id_usuario: number | null;
  entidad: string;
  id_entidad: number;
  accion: string;
  cambios: ColumnType<CambioAuditado[], string, string>;
  creado_en: Generated<Date>;
};

export type TipoProducto = "cuota" | "derrama" | "ramell" | "acto" | "loteria" | "otro";
export type EstadoPago = "pendiente" | "pagado" | "devuelto" | "anulado";

/** Money columns are integer cents. */
export type ProductoTable = {
  id: Generated<number>;
  nombre: string;
  descripcion: Generated<string>;
  anyo: number;
  tipo: TipoProducto;
  precio: Generated<number>;
  activo: Generated<boolean>;
  creado_en: Generated<Date>;
};

export type ProductoPrecioTable = {
  id: Generated<number>;
  id_producto: number;
  id_tipo_socio: number;
  precio: number;
};

export type PagoTable = {
  id: Generated<number>;
  id_socio: number;
  id_pagador: number;
  id_producto: number | null;
  anyo: number;
  concepto: string;
  importe: number;
  fecha_emision: string;
  fecha_vencimiento: string;
  estado: Generated<EstadoPago>;
  fecha_pago: Fecha;
  id_forma_pago: number | null;
  referencia: Generated<string>;
  plazo: Generated<number>;
  plazos: Generated<number>;
  /** Unique key of an emitted charge, so that emitting twice creates nothing twice. */
  clave_emision: string | null;
  id_remesa: number | null;
  id_adeudo: number | null;
  /** Set on the paid part when a partial payment splits a charge. */
  id_pago_origen: number | null;
  motivo_anulacion: Generated<string>;
  motivo_devolucion: Generated<string>;
  fecha_devolucion: Fecha;
  creado_en: Generated<Date>;
  actualizado_en: Generated<Date>;
};

/**
 * Charges summed per state and day, kept by triggers on `pago` (migration 0045): `pendiente` and
 * `devuelto` by due date, `pagado` by payment date; several rows of a key add up (each statement
 * inserts its change; a periodic task folds them). The board's home reads it instead of `pago`.
 */
export type PagoResumenTable = {
  id: Generated<string>;
  estado: "pendiente" | "devuelto" | "pagado";
  dia: string;
  num: number;
  /** Cents (bigint: the driver may answer a string). */
  importe: number | string;
};

/**
 * Charges summed per year, product, month of the due date and state, kept by triggers on `pago`
 * (migration 0048) as `pago_resumen`: several rows of a key add up. The report Recaudación reads it.
 */
export type PagoAnyoResumenTable = {
  id: Generated<string>;
  anyo: number;
  id_producto: number | null;
  mes: number;
  estado: EstadoPago;
  num: number;
  /** Cents (bigint: the driver may answer a string). */
  importe: number | string;
};

/**
 * Outstanding charges (`estado = 'pendiente'`) per member, payer, year and due date, as net
 * changes summed when read (migration 0051): what the report Deudas reads instead of `pago`.
 */
export type DeudaSocioTable = {
  id: Generated<string>;
  id_socio: number;
  id_pagador: number;
  anyo: number;
  fecha_vencimiento: string;
  num: number;
  /** Cents (bigint: the driver may answer a string). */
  importe: number | string;
  /** Cents of `importe` returned by the bank (migration 0052). */
  devuelto: Generated<number | string>;
  /** Folded by the hourly task (migration 0052). */
  fija: Generated<boolean>;
};

/**
 * What each member and each payer owes, per year and for every year (`anyo = 0`), as net changes
 * summed when read, `fija` once folded (migration 0052).
 */
export type DeudaGrupoTable = {
  id: Generated<string>;
  por_pagador: boolean;
  anyo: number;
  id_grupo: number;
  num: number;
  total: number | string;
  devuelto: number | string;
  fija: Generated<boolean>;
};

/** What is owed per (year, due date), as net changes summed when read (migration 0052). */
export type DeudaVencimientoTable = {
  id: Generated<string>;
  anyo: number;
  fecha_vencimiento: string;
  num: number;
  importe: number | string;
  devuelto: number | string;
};

/** Members per (type, active), as net changes summed when read (migration 0050). */
export type SocioResumenTable = {
  id: Generated<string>;
  id_tipo_socio: number | null;
  activo: boolean;
  num: number;
};

/** Recipients and readings per alert, as net changes summed when read (migration 0050). */
export type AlertaCuentaTable = {
  id: Generated<string>;
  id_alerta: number;
  destinatarios: number;
  leidas: number;
};

export type RemesaTable = {
  id: Generated<number>;
  mensaje_id: string;
  fecha_cobro: string;
  hasta: string;
  estado: Generated<"generada" | "cobrada">;
  num_adeudos: Generated<number>;
  total: Generated<number>;
  xml: Generated<string>;
  id_usuario: number | null;
  creada_en: Generated<Date>;
  cobrada_en: Date | null;
  /** Payers left out of the remittance and why (migration 0008). */
  excluidos: ColumnType<ExcluidoRemesa[], string | undefined, string>;
  /**
   * The creditor as it was when generated (0032), for the file written at download; null in
   * the remittances generated before, which keep their stored `xml`.
   */
  acreedor: ColumnType<AcreedorRemesa | null, string | undefined, string>;
};

/** The creditor of a remittance's pain.008 (`remesa.acreedor`). */
export type AcreedorRemesa = { nombre: string; iban: string; bic: string; identificador: string };

/** Importe in cents. */
export type ExcluidoRemesa = { idSocio: number; nombre: string; motivo: string; importe: number };

export type RemesaAdeudoTable = {
  id: Generated<number>;
  id_remesa: number;
  id_pagador: number;
  importe: number;
  end_to_end_id: string;
  mandato_id: string;
  mandato_fecha: string;
  secuencia: "FRST" | "RCUR";
  iban: string;
  bic: Generated<string>;
  estado: Generated<"incluido" | "cobrado" | "devuelto">;
  motivo_devolucion: Generated<string>;
  /** The debtor's name and the debit's concept as generated (0032), for the file. */
  nombre: Generated<string>;
  concepto: Generated<string>;
};

export type AlertaTable = {
  id: Generated<number>;
  titulo: string;
  mensaje: Generated<string>;
  imagen: Generated<string>;
  enlace: Generated<string>;
  destino: ColumnType<unknown, string, string>;
  por_email: Generated<boolean>;
  id_autor: number | null;
  creada_en: Generated<Date>;
  /** The alert in Valencian ('' = only Spanish; 0028). */
  titulo_va: Generated<string>;
  mensaje_va: Generated<string>;
};

export type AlertaDestinatarioTable = {
  id_alerta: number;
  id_usuario: number;
  leida_en: Date | null;
};

export type PushSuscripcionTable = {
  id: Generated<number>;
  id_usuario: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  creada_en: Generated<Date>;
  actualizada_en: Generated<Date>;
};

export type PushEnvioTable = {
  id: Generated<number>;
  id_suscripcion: number;
  id_alerta: number | null;
  payload: string;
  estado: Generated<"pendiente" | "enviado" | "fallido">;
  intentos: Generated<number>;
  siguiente_intento_en: Generated<Date>;
  ultimo_error: Generated<string>;
  creado_en: Generated<Date>;
  enviado_en: Date | null;
};

export type AnaliticaSalTable = { dia: string; sal: string };

export type AnaliticaVisitanteTable = { dia: string; hash: string; dispositivo: string };

export type AnaliticaVisitantesDiaTable = { dia: string; dispositivo: string; visitantes: number };

export type AnaliticaVistaTable = { dia: string; ruta: string; vistas: number };

export type AnaliticaEventoTable = { dia: string; nombre: string; total: number };

export type ClaveServidorTable = {
  nombre: string;
  valor: ColumnType<unknown, string, string>;
  creada_en: Generated<Date>;
};

export type NoticiaTable = {
  id: Generated<number>;
  titulo: string;
  resumen: Generated<string>;
  /** HTML already sanitised on write. */
  contenido: Generated<string>;
  fecha: string;
  publicada: Generated<boolean>;
  destacada: Generated<boolean>;
  audiencia: Generated<"todos" | "socios">;
  imagen: string | null;
  id_usuario: number | null;
  creada_en: Generated<Date>;
  actualizada_en: Generated<Date>;
  /** The same item in Valencian ('' = not written; 0028). `contenido_va` is sanitised HTML too. */
  titulo_va: Generated<string>;
  resumen_va: Generated<string>;
  contenido_va: Generated<string>;
};

export type DocumentoTable = {
  id: Generated<number>;
  titulo: string;
  descripcion: Generated<string>;
  categoria: Generated<string>;
  anyo: number | null;
  visibilidad: Generated<"administrador" | "socios" | "todos">;
  nombre_archivo: string;
  tipo_mime: string;
  tamanyo: number;
  /** Random name of the stored file under DATA_DIR/files/documentos. */
  clave_archivo: string;
  id_usuario: number | null;
  subido_en: Generated<Date>;
};

/** Events (issue 5). Money columns are integer cents. */
export type ActoTable = {
  id: Generated<number>;
  nombre: string;
  fecha: string;
  hora: Generated<string>;
  lugar: Generated<string>;
  inscripcion_automatica: Generated<boolean>;
  se_paga: Generated<boolean>;
  es_interno: Generated<boolean>;
  puntos: Generated<number>;
  observaciones: Generated<string>;
  fecha_maxima_inscripcion: Fecha;
  id_tipo_acto: number | null;
  descripcion: Generated<string>;
  /** The description in Valencian ('' = only Spanish; migration 0031). */
  descripcion_va: Generated<string>;
  imagen: string | null;
  /** null = no limit. */
  aforo: number | null;
  invitados_max: Generated<number>;
  precio_invitado: Generated<number>;
  menus: ColumnType<string[], string | undefined, string>;
  cancelado: Generated<boolean>;
  creado_en: Generated<Date>;
  actualizado_en: Generated<Date>;
  /**
   * Confirmed members plus guests; kept by triggers on `inscripcion` (migrations 0010, 0020).
   */
  ocupadas: Generated<number>;
  /** A full event takes further enrolments on its wait-list (migration 0020). */
  lista_espera: Generated<boolean>;
  /** Enrolments on the wait-list; kept by the same triggers (migration 0020). */
  en_espera: Generated<number>;
  /** Confirmed enrolments and their guests; kept by the same triggers (migration 0048). */
  inscritos: Generated<number>;
  invitados_inscritos: Generated<number>;
  /** Enrolment turns (`Turno[]`, migration 0042); [] = none. */
  turnos: ColumnType<Turno[], string | undefined, string>;
  /** Hours to pay an enrolment's charge or lose the place; null = no deadline. */
  plazo_pago_horas: number | null;
  /** Seats per table of a seated dinner; null = not seated. */
  plazas_por_mesa: number | null;
};

/** A table of a seated dinner (migration 0042). */
export type MesaTable = {
  id: Generated<number>;
  id_acto: number;
  numero: number;
  codigo: string;
  id_socio_creador: number | null;
  creada_en: Generated<Date>;
};

export type ActoPrecioTable = {
  id: Generated<number>;
  id_acto: number;
  id_tipo_socio: number;
  id_producto: number | null;
  precio: number;
};

/** An enrolment; a cancelled one is deleted. */
export type InscripcionTable = {
  id: Generated<number>;
  id_acto: number;
  id_socio: number;
  invitados: Generated<number>;
  menu: Generated<string>;
  alergias: Generated<string>;
  importe: Generated<number>;
  asistio: Generated<boolean>;
  id_pago: number | null;
  creada_en: Generated<Date>;
  /** `en_espera`: on the event's wait-list, in `id` order (arrival); takes no place. */
  estado: Generated<EstadoInscripcion>;
  /** When the attendance was marked (the door, or by hand); null before migration 0024. */
  asistio_en: Date | null;
  /** Migration 0042: the member's diets, named companions and who they asked to sit with. */
  dietas: ColumnType<Dieta[], string | undefined, string>;
  acompanantes: ColumnType<Acompanante[], string | undefined, string>;
  sentar_con: ColumnType<number[], string | undefined, string>;
  /** Deadline to pay the charge or lose the place; null = none (or paid, lapsed, kept). */
  plazo_pago: Date | null;
  /** Notices of the deadline sent: 1 = an hour before, 2 = at the moment. */
  plazo_avisos: Generated<number>;
  id_mesa: number | null;
  /** Migration 0050: its member's surname, name and type, copied by triggers (the listing's order). */
  socio_apellidos: Generated<string>;
  socio_nombre: Generated<string>;
  socio_id_tipo: Generated<number | null>;
};

export type EstadoInscripcion = "confirmada" | "en_espera";

export type CalendarioTokenTable = {
  id: Generated<number>;
  id_usuario: number;
  token: string;
  creado_en: Generated<Date>;
};

export type EnlaceRestauracionTable = {
  id: Generated<number>;
  token_hash: string;
  expira_en: Date;
  revocado_en: Date | null;
  creado_por: number | null;
  creado_en: Generated<Date>;
};

/** A closed year (migration 0012): once per year, with who, when and its figures. */
export type CierreAnyoTable = {
  id: Generated<number>;
  anyo: number;
  id_usuario: number | null;
  cerrado_en: Generated<Date>;
  cifras: ColumnType<CifrasCierreFila, string | undefined, string>;
};

/** Figures of a year close; amounts in cents. */
export type CifrasCierreFila = {
  sociosEdadFestera?: number;
  productosCopiados?: number;
  cargosDerrama?: number;
  importeDerrama?: number;
  cargosPendientes?: number;
  importePendiente?: number;
  sociosDerramaTermina?: number;
};

/** Members' market ads (issue 12). `precio` in integer cents; jsonb arrays of tags and image keys. */
export type AnuncioTable = {
  id: Generated<number>;
  titulo: string;
  descripcion: Generated<string>;
  precio: Generated<number>;
  imagenes: ColumnType<string[], string | undefined, string>;
  etiquetas: ColumnType<string[], string | undefined, string>;
  destacado: Generated<boolean>;
  fecha: string;
  contacto_nombre: Generated<string>;
  contacto_email: Generated<string>;
  contacto_telefono: Generated<string>;
  activo: Generated<boolean>;
  id_socio: number;
  aviso_caducidad_en: Date | null;
  creado_en: Generated<Date>;
  actualizado_en: Generated<Date>;
};

/** Gallofa contributions (issue 12). `importe` in integer cents (estimated value for kind). */
export type GallofaTable = {
  id: Generated<number>;
  fecha: string;
  id_socio: number | null;
  nombre: Generated<string>;
  tipo: "dinero" | "especie";
  importe: Generated<number>;
  descripcion: Generated<string>;
  recogido_por: Generated<string>;
  nota: Generated<string>;
  anonimo: Generated<boolean>;
  creado_en: Generated<Date>;
  actualizado_en: Generated<Date>;
};

/** An order sent to the bank's virtual POS (migration 0025). `importe` in cents. */
export type PedidoOnlineTable = {
  id: Generated<number>;
  numero: string;
  id_usuario: number | null;
  id_socio: number | null;
  importe: number;
  metodo: "tarjeta" | "bizum";
  estado: Generated<"pendiente" | "pagado" | "denegado">;
  respuesta: Generated<string>;
  codigo_autorizacion: Generated<string>;
  notificacion: Generated<string>;
  creado_en: Generated<Date>;
  resuelto_en: Date | null;
  /** Made in Redsys's test mode (0033): its notification pays nothing. */
  prueba: Generated<boolean>;
};

export type PedidoOnlinePagoTable = {
  id_pedido: number;
  id_pago: number;
  importe: number;
};

export type EstadoTrabajo = "en_curso" | "terminado" | "fallido";

/** Background jobs (migration 0026, plugins/trabajos.ts). Not in backups. */
export type TrabajoTable = {
  id: Generated<number>;
  tipo: string;
  /** Two running jobs never share it (partial unique index). */
  clave: string;
  estado: Generated<EstadoTrabajo>;
  progreso: Generated<number>;
  parametros: ColumnType<unknown, string, string>;
  resultado: ColumnType<unknown, string | null, string | null>;
  /** Its message of the catalogue as JSON (a key, or `{clave, params}`), read in the reader's language. */
  error: string | null;
  instancia: string | null;
  arrendado_hasta: Date | null;
  intentos: Generated<number>;
  creado_por: number | null;
  creado_en: Generated<Date>;
  actualizado_en: Generated<Date>;
};

/** The Christmas lottery (migration 0036, issue 46); amounts in cents. */
export type LoteriaTable = {
  id: Generated<number>;
  nombre: string;
  sorteo: string;
  fecha_sorteo: string;
  fecha_limite_devolucion: string;
  precio_decimo: number;
  importe_jugado: number;
  donativo: Generated<number>;
  autorizacion_recargo: Generated<string>;
  id_producto: number;
  premios_anotados: Generated<boolean>;
  liquidacion_automatica_en: Date | null;
  creado_en: Generated<Date>;
};

export type LoteriaNumeroTable = {
  id_loteria: number;
  numero: string;
  decimos: number;
  /** Prize per décimo (cents) once entered; null before. */
  premio_decimo: number | null;
};

export type LiquidadoPor = "titular" | "junta" | "trabajo";

export type LoteriaTalonarioTable = {
  id: Generated<number>;
  id_loteria: number;
  serie_desde: number;
  serie_hasta: number;
  /** Who sells it; null: kept by the board. */
  id_socio: number | null;
  liquidado_en: Date | null;
  liquidado_por: LiquidadoPor | null;
  vendidas: Generated<number>;
  importe_jugado: Generated<number>;
  donativo: Generated<number>;
  id_pago: number | null;
  creado_en: Generated<Date>;
};

export type EstadoParticipacionFila = "valida" | "anulada" | "devuelta";

export type LoteriaParticipacionTable = {
  id: Generated<number>;
  id_loteria: number;
  id_talonario: number;
  serie: number;
  estado: Generated<EstadoParticipacionFila>;
  motivo_anulacion: Generated<string>;
  digital: Generated<boolean>;
  comprador_nombre: Generated<string>;
  comprador_email: Generated<string>;
  comprador_telefono: Generated<string>;
  emitida_por: number | null;
  premio_pagado_en: Date | null;
  premio_bruto: number | null;
  premio_retencion: number | null;
  premio_pagado_por: number | null;
};

/** Treasury (issue 47, migration 0037): amounts in integer cents, income +, expense −. */
export type TesoreriaCuentaTable = {
  id: Generated<number>;
  nombre: string;
  tipo: "caja" | "banco";
  iban: Generated<string>;
  saldo_inicial: Generated<number>;
  fecha_saldo_inicial: string;
  activo: Generated<boolean>;
  creado_en: Generated<Date>;
};

export type TesoreriaCategoriaTable = {
  id: Generated<number>;
  nombre: string;
  tipo: "ingreso" | "gasto";
  codigo_pgc: Generated<string>;
  clave: string | null;
  activo: Generated<boolean>;
};

export type TesoreriaMovimientoTable = {
  id: Generated<number>;
  id_cuenta: number;
  fecha: string;
  anyo: number;
  concepto: string;
  importe: number;
  proveedor: Generated<string>;
  nota: Generated<string>;
  origen_tipo:
    | "manual"
    | "cobro"
    | "remesa"
    | "devolucion"
    | "pago_online"
    | "premio_loteria"
    | "extracto"
    | "contraasiento";
  origen_id: number | null;
  clave_origen: string | null;
  id_corrige: number | null;
  fecha_original: string | null;
  id_usuario: number | null;
  creado_en: Generated<Date>;
};

export type TesoreriaLineaTable = {
  id: Generated<number>;
  id_movimiento: number;
  id_categoria: number;
  importe: number;
};

export type TesoreriaDocumentoTable = {
  id: Generated<number>;
  id_movimiento: number;
  nombre_archivo: string;
  tipo_mime: string;
  tamanyo: number;
  clave_archivo: string;
  id_usuario: number | null;
  subido_en: Generated<Date>;
};

export type TesoreriaPresupuestoTable = {
  anyo: number;
  id_categoria: number;
  importe: number;
};

export type TesoreriaCierreTable = {
  anyo: number;
  cerrado_en: Generated<Date>;
  id_usuario: number | null;
};

export type TesoreriaAjusteTable = {
  id: number;
  id_cuenta_banco: number;
  id_cuenta_tpv: number;
};

export type TesoreriaExtractoTable = {
  id: Generated<number>;
  id_cuenta: number;
  formato: "norma43" | "camt053";
  nombre_archivo: Generated<string>;
  iban: Generated<string>;
  fecha_desde: string;
  fecha_hasta: string;
  saldo_inicial: number;
  saldo_final: number;
  id_usuario: number | null;
  importado_en: Generated<Date>;
};

export type TesoreriaExtractoLineaTable = {
  id: Generated<number>;
  id_extracto: number;
  /** Its place in the file, from 1, across the file's accounts (`n` in the API). */
  orden: number;
  /** The Norma 43 file line of its record 22; null in a camt.053. */
  linea: number | null;
  fecha_operacion: string;
  fecha_valor: string;
  importe: number;
  concepto: Generated<string>;
  conceptos: Generated<string[]>;
  concepto_comun: string | null;
  concepto_propio: string | null;
  documento: string | null;
  referencia1: string | null;
  referencia2: string | null;
  end_to_end_id: string | null;
  referencia_banco: string | null;
  huella: string;
  estado: Generated<"pendiente" | "conciliada" | "omitida">;
  decidido_en: Date | null;
};

export type TesoreriaConciliacionTable = {
  id_linea: number;
  id_movimiento: number;
};

export type TesoreriaReglaTable = {
  id: Generated<number>;
  texto: string;
  tipo: "ingreso" | "gasto" | null;
  id_categoria: number;
  orden: Generated<number>;
  activo: Generated<boolean>;
  creado_en: Generated<Date>;
};

/** The general assembly (issue 48, migration 0041). */
export type AsambleaAjustesTable = {
  id: Generated<number>;
  preaviso_dias: Generated<number>;
  quorum_primera: Generated<number>;
  edad_minima: Generated<number>;
  antiguedad_minima: Generated<number>;
  tipos_socio: ColumnType<number[], string | undefined, string>;
  excluir_deudores: Generated<boolean>;
  max_delegaciones: Generated<number>;
};

export type AsambleaTable = {
  id: Generated<number>;
  id_acto: number;
  caracter: "ordinaria" | "extraordinaria";
  primera_convocatoria: Date;
  segunda_convocatoria: Date | null;
  reglas: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  convocada_en: Date | null;
  iniciada_en: Date | null;
  id_envio: number | null;
  creado_en: Generated<Date>;
};

export type AsambleaPuntoTable = {
  id: Generated<number>;
  id_asamblea: number;
  orden: number;
  titulo: string;
  descripcion: Generated<string>;
  modo: "secreta" | "publica" | null;
  mayoria: "simple" | "absoluta" | "dos_tercios" | "tres_cuartos" | null;
  base: "emitidos" | "censo" | null;
  estado: Generated<"pendiente" | "abierta" | "cerrada">;
};

export type AsambleaRecuentoTable = {
  id_punto: number;
  si: Generated<number>;
  no: Generated<number>;
  abstencion: Generated<number>;
};

export type AsambleaVotanteTable = {
  id_punto: number;
  id_socio: number;
  en_papel: Generated<boolean>;
};

export type AsambleaVotoPublicoTable = {
  id_punto: number;
  id_socio: number;
  opcion: "si" | "no" | "abstencion";
  id_emisor: number | null;
};

export type AsambleaCensoTable = {
  id_asamblea: number;
  id_socio: number;
  incluido: boolean;
  motivo: Generated<string>;
  manual: Generated<boolean>;
  por_email: Generated<boolean>;
  por_carta: Generated<boolean>;
  por_alerta: Generated<boolean>;
};

export type AsambleaDelegacionTable = {
  id: Generated<number>;
  id_asamblea: number;
  id_delegante: number;
  id_delegado: number;
  en_papel: Generated<boolean>;
  creado_por: number | null;
  creado_en: Generated<Date>;
  revocada_en: Date | null;
};

export type AsambleaAsistenteTable = {
  id_asamblea: number;
  id_socio: number;
  por: "carnet" | "manual";
  llegada: Generated<Date>;
};

export type AsambleaActaTable = {
  id_asamblea: number;
  contenido: string;
  aprobada_en: string | null;
  hash: string | null;
  actualizado_en: Generated<Date>;
};

export type DB = {
  asamblea_ajustes: AsambleaAjustesTable;
  asamblea: AsambleaTable;
  asamblea_punto: AsambleaPuntoTable;
  asamblea_recuento: AsambleaRecuentoTable;
  asamblea_votante: AsambleaVotanteTable;
  asamblea_voto_publico: AsambleaVotoPublicoTable;
  asamblea_censo: AsambleaCensoTable;
  asamblea_delegacion: AsambleaDelegacionTable;
  asamblea_asistente: AsambleaAsistenteTable;
  asamblea_acta: AsambleaActaTable;
  loteria: LoteriaTable;
  loteria_numero: LoteriaNumeroTable;
  loteria_talonario: LoteriaTalonarioTable;
  loteria_participacion: LoteriaParticipacionTable;
  tesoreria_cuenta: TesoreriaCuentaTable;
  tesoreria_categoria: TesoreriaCategoriaTable;
  tesoreria_movimiento: TesoreriaMovimientoTable;
  tesoreria_linea: TesoreriaLineaTable;
  tesoreria_documento: TesoreriaDocumentoTable;
  tesoreria_presupuesto: TesoreriaPresupuestoTable;
  tesoreria_cierre: TesoreriaCierreTable;
  tesoreria_ajuste: TesoreriaAjusteTable;
  tesoreria_extracto: TesoreriaExtractoTable;
  tesoreria_extracto_linea: TesoreriaExtractoLineaTable;
  tesoreria_conciliacion: TesoreriaConciliacionTable;
  tesoreria_regla: TesoreriaReglaTable;
  trabajo: TrabajoTable;
  envio: EnvioTable;
  envio_destinatario: EnvioDestinatarioTable;
  cierre_anyo: CierreAnyoTable;
  auditoria: AuditoriaTable;
  asociacion: AsociacionTable;
  tipo_socio: TipoSocioTable;
  socio_periodo: SocioPeriodoTable;
  recompensa: RecompensaTable;
  recompensa_socio: RecompensaSocioTable;
  federacion_ajuste: FederacionAjusteTable;
  federacion_censo_envio: FederacionCensoEnvioTable;
  tipo_acto: MaestroColorTable;
  forma_pago: FormaPagoTable;
  socio: SocioTable;
  usuario: UsuarioTable;
  sesion: SesionTable;
  token_acceso: TokenAccesoTable;
  limite_intento: LimiteIntentoTable;
  correo_saliente: CorreoSalienteTable;
  mensaje_evento: MensajeEventoTable;
  producto: ProductoTable;
  producto_precio: ProductoPrecioTable;
  acto: ActoTable;
  acto_precio: ActoPrecioTable;
  inscripcion: InscripcionTable;
  mesa: MesaTable;
  calendario_token: CalendarioTokenTable;
  enlace_restauracion: EnlaceRestauracionTable;
  pago: PagoTable;
  pago_resumen: PagoResumenTable;
  pago_anyo_resumen: PagoAnyoResumenTable;
  deuda_socio: DeudaSocioTable;
  deuda_grupo: DeudaGrupoTable;
  deuda_vencimiento: DeudaVencimientoTable;
  socio_resumen: SocioResumenTable;
  alerta_cuenta: AlertaCuentaTable;
  remesa: RemesaTable;
  remesa_adeudo: RemesaAdeudoTable;
  noticia: NoticiaTable;
  documento: DocumentoTable;
  alerta: AlertaTable;
  alerta_destinatario: AlertaDestinatarioTable;
  push_suscripcion: PushSuscripcionTable;
  push_envio: PushEnvioTable;
  clave_servidor: ClaveServidorTable;
  analitica_sal: AnaliticaSalTable;
  analitica_visitante: AnaliticaVisitanteTable;
  analitica_visitantes_dia: AnaliticaVisitantesDiaTable;
  analitica_vista: AnaliticaVistaTable;
  analitica_evento: AnaliticaEventoTable;
  totp_recuperacion: TotpRecuperacionTable;
  identidad_externa: IdentidadExternaTable;
  oidc_peticion: OidcPeticionTable;
  oidc_vale: OidcValeTable;
  anuncio: AnuncioTable;
  gallofa: GallofaTable;
  pedido_online: PedidoOnlineTable;
  pedido_online_pago: PedidoOnlinePagoTable;
  grupo: GrupoTable;
  grupo_miembro: GrupoMiembroTable;
  grupo_desfile: GrupoDesfileTable;
  cargo: CargoTable;
  socio_cargo: SocioCargoTable;
};

/** Groups of the filà (issue 49, migration 0039): escuadras of a year, junta, commissions… */
export type ClaseGrupo = "escuadra" | "junta" | "comision" | "otro";

export type GrupoTable = {
  id: Generated<number>;
  clase: ClaseGrupo;
  /** Festival year: required for escuadras, optional for the rest. */
  anyo: number | null;
  nombre: string;
  /** Escuadras only. */
  tipo: "ordinaria" | "especial" | null;
  traje: Generated<string>;
  banda: Generated<string>;
  descripcion: Generated<string>;
  id_responsable: number | null;
  orden: Generated<number>;
  activo: Generated<boolean>;
  creado_en: Generated<Date>;
};

/** A member in a group; `clase` and `anyo` copy the group's (one escuadra per year). */
export type GrupoMiembroTable = {
  id_grupo: number;
  clase: ClaseGrupo;
  anyo: number | null;
  id_socio: number;
  rol: Generated<string>;
  creado_en: Generated<Date>;
};

/** Position of an escuadra in a parade (`desfile`: `entrada`, `diana`…). */
export type GrupoDesfileTable = {
  id_grupo: number;
  desfile: string;
  orden: number;
};

/** A position (capitán, cabo, presidente…); `peso`: extra years of seniority per year held. */
export type CargoTable = {
  id: Generated<number>;
  codigo: string;
  nombre: string;
  nombre_va: Generated<string>;
  peso: Generated<number>;
  orden: Generated<number>;
  activo: Generated<boolean>;
};

/** A member's cargo; with `id_grupo`, the cabo of that escuadra for its year. */
export type SocioCargoTable = {
  id: Generated<number>;
  id_socio: number;
  id_cargo: number;
  desde: string;
  hasta: string | null;
  id_grupo: number | null;
  notas: Generated<string>;
  creado_en: Generated<Date>;
};

/** A mailing (issue 36, migration 0027). */
export type EnvioTable = {
  id: Generated<number>;
  asunto: string;
  cuerpo: string;
  filtro: Record<string, unknown>;
  estado: Generated<"en_curso" | "terminado" | "fallido">;
  enviados: Generated<number>;
  fallidos: Generated<number>;
  omitidos: Generated<number>;
  sin_email: Generated<number>;
  creado_por: number | null;
  creado_en: Generated<Date>;
  /** `convocatoria`: a statutory call, skips no one, no unsubscribe footer (migration 0041). */
  modo: Generated<"normal" | "convocatoria">;
};

export type EstadoEnvioDestinatario =
  | "pendiente"
  | "enviando"
  | "enviado"
  | "fallido"
  | "omitido"
  | "sin_email";

export type EnvioDestinatarioTable = {
  id: Generated<number>;
  id_envio: number;
  id_socio: number | null;
  nombre: string;
  apellidos: string;
  matricula: number | null;
  email: string | null;
  deuda: Generated<number>;
  estado: EstadoEnvioDestinatario;
};
