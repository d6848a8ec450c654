import type { ColumnType, Generated } from "kysely";

type Fecha = string | null;

export type AsociacionTable = {
  id: number;
  nombre: Generated<string>;
  cif: Generated<string>;
  direccion: Generated<string>;
  texto_condiciones: Generated<string>;
  texto_privacidad: Generated<string>;
  version_condiciones: Generated<string>;
};

export type MaestroColorTable = {
  id: Generated<number>;
  nombre: string;
  descripcion: Generated<string>;
  color: Generated<string>;
  activo: Generated<boolean>;
};

export type FormaPagoTable = {
  id: Generated<number>;
  nombre: string;
  descripcion: Generated<string>;
  domiciliada: Generated<boolean>;
  activo: Generated<boolean>;
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
  creado_en: Generated<Date>;
  actualizado_en: Generated<Date>;
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
  tipo: "reset" | "invitacion";
  token_hash: string;
  creado_en: Generated<Date>;
  expira_en: Date;
  usado_en: Date | null;
};

export type IntentoLoginTable = {
  id: Generated<number>;
  clave: string;
  creado_en: Generated<Date>;
};

export type CorreoSalienteTable = {
  id: Generated<number>;
  para: string;
  asunto: string;
  texto: string;
  html: Generated<string>;
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

export type DB = {
  auditoria: AuditoriaTable;
  asociacion: AsociacionTable;
  tipo_socio: MaestroColorTable;
  tipo_acto: MaestroColorTable;
  forma_pago: FormaPagoTable;
  socio: SocioTable;
  usuario: UsuarioTable;
  sesion: SesionTable;
  token_acceso: TokenAccesoTable;
  intento_login: IntentoLoginTable;
  correo_saliente: CorreoSalienteTable;
  mensaje_evento: MensajeEventoTable;
};
