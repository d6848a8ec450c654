/**
 * Datos de demostración (`npm start -- --demo`): una filà de Alcoi con unos 300 socios,
 * familias (parejas, hijos y pagadores), maestros y las tres cuentas de prueba.
 *
 * Todo sale de un generador pseudoaleatorio con semilla fija: cada demo es idéntica
 * (salvo los id que asigna la base de datos, el hash de la contraseña y la fecha de
 * aceptación de las condiciones).
 */
import { hoyIso } from "@fila/domain";
import { isValidIBAN } from "ibantools";
import { type Insertable, sql } from "kysely";
import type { Database } from "../db/database.js";
import type { SocioTable } from "../db/schema.js";
import { aleatorio } from "../lib/aleatorio.js";
import { hashPassword } from "../lib/passwords.js";
import { cargarDemoActos } from "./seed-actos.js";
import { cargarDemoComunicacion } from "./seed-comunicacion.js";
import {
  type ContextoEscala,
  cargarHistoriaDeEscala,
  esTamanyoPorDefecto,
  sociosDeEscala,
  TAMANYO_DEMO_POR_DEFECTO,
  type TamanyoDemo,
} from "./seed-escala.js";
import { cargarDemoEstructura } from "./seed-estructura.js";
import { cargarDemoLoteria } from "./seed-loteria.js";
import { cargarDemoMercadillo } from "./seed-mercadillo.js";
import { cargarDemoPagos } from "./seed-pagos.js";
import { cargarDemoRemesas } from "./seed-remesas.js";

export const PASSWORD_DEMO = "demo-fila-2026";

export const CUENTAS_DEMO = {
  administrador: "admin@filademo.es",
  usuario: "usuario@filademo.es",
  socio: "socio@filademo.es",
} as const;

const SEMILLA = 0x5a4e7a01;
/** Año de referencia de las edades, altas y edad festera. */
const ANYO = 2026;
const TOTAL_SOCIOS = 300;
const NUM_FAMILIAS = 40;
const NUM_BAJAS = 15;
const LOTE = 100;

// ---------------------------------------------------------------------------
// Generador pseudoaleatorio determinista (mulberry32, en lib/aleatorio)
// ---------------------------------------------------------------------------

class Azar {
  private readonly siguiente: () => number;
  constructor(semilla: number) {
    this.siguiente = aleatorio(semilla);
  }
  /** Entero en [min, max], ambos incluidos. */
  entero(min: number, max: number): number {
    return min + Math.floor(this.siguiente() * (max - min + 1));
  }
  prob(p: number): boolean {
    return this.siguiente() < p;
  }
  elegir<T>(lista: readonly T[]): T {
    return lista[Math.floor(this.siguiente() * lista.length)];
  }
  ponderado<T>(opciones: readonly (readonly [T, number])[]): T {
    const total = opciones.reduce((s, [, peso]) => s + peso, 0);
    let r = this.siguiente() * total;
    for (const [valor, peso] of opciones) {
      r -= peso;
      if (r < 0) return valor;
    }
    return opciones[opciones.length - 1][0];
  }
  digitos(n: number): string {
    let s = "";
    for (let i = 0; i < n; i++) s += String(this.entero(0, 9));
    return s;
  }
  barajar<T>(lista: readonly T[]): T[] {
    const copia = [...lista];
    for (let i = copia.length - 1; i > 0; i--) {
      const j = this.entero(0, i);
      [copia[i], copia[j]] = [copia[j], copia[i]];
    }
    return copia;
  }
}

// ---------------------------------------------------------------------------
// Documentos y cuentas: NIF, CIF, CCC e IBAN
// ---------------------------------------------------------------------------

const LETRAS_NIF = "TRWAGMYFPDXBNJZSQVHLCKE";

export function nifDe(numero: number): string {
  return `${String(numero).padStart(8, "0")}${LETRAS_NIF[numero % 23]}`;
}

/** CIF con su dígito de control (letra de entidad + 7 dígitos + control numérico). */
export function cifDe(letra: string, digitos: string): string {
  let suma = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digitos[i]);
    if (i % 2 === 0) {
      const doble = d * 2;
      suma += Math.floor(doble / 10) + (doble % 10);
    } else {
      suma += d;
    }
  }
  return `${letra}${digitos}${(10 - (suma % 10)) % 10}`;
}

const PESOS_CCC = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];

function digitoCcc(diez: string): number {
  let suma = 0;
  for (let i = 0; i < 10; i++) suma += Number(diez[i]) * PESOS_CCC[i];
  const d = 11 - (suma % 11);
  return d === 11 ? 0 : d === 10 ? 1 : d;
}

/** Los dos dígitos de control del CCC (entidad, oficina y número de cuenta). */
export function digitosControlCcc(entidad: string, oficina: string, cuenta: string): string {
  return `${digitoCcc(`00${entidad}${oficina}`)}${digitoCcc(cuenta)}`;
}

/** IBAN español (formato electrónico, sin espacios) a partir de los 20 dígitos del CCC. */
export function ibanEspanyol(ccc: string): string {
  // E = 14, S = 28; el código de país y "00" van al final para el módulo 97.
  const resto = Number(BigInt(`${ccc}142800`) % 97n);
  return `ES${String(98 - resto).padStart(2, "0")}${ccc}`;
}

export const BANCOS = [
  { entidad: "2100", bic: "CAIXESBBXXX", peso: 30 },
  { entidad: "0081", bic: "BSABESBBXXX", peso: 20 },
  { entidad: "0049", bic: "BSCHESMMXXX", peso: 15 },
  { entidad: "0182", bic: "BBVAESMMXXX", peso: 15 },
  { entidad: "3058", bic: "CCRIES2AXXX", peso: 8 },
  { entidad: "0128", bic: "BKBKESMMXXX", peso: 7 },
  { entidad: "2038", bic: "CAHMESMMXXX", peso: 5 },
] as const;

// ---------------------------------------------------------------------------
// Maestros
// ---------------------------------------------------------------------------

type NombreTipo = "Fester" | "Jubilat" | "Juvenil" | "Infantil" | "Dama" | "Protector";

const TIPOS_SOCIO: readonly { nombre: NombreTipo; descripcion: string; color: string }[] = [
  {
    nombre: "Fester",
    descripcion: "Socio de pleno derecho que desfila en las Entradas.",
    color: "#8b1e3f",
  },
  {
    nombre: "Jubilat",
    descripcion: "Fester de 65 años o más, con cuota reducida.",
    color: "#5f3dc4",
  },
  { nombre: "Juvenil", descripcion: "Socio de 14 a 17 años.", color: "#a5d8ff" },
  { nombre: "Infantil", descripcion: "Socio menor de 14 años.", color: "#ffd43b" },
  {
    nombre: "Dama",
    descripcion: "Dama de la filà; acompaña a la escuadra en los actos.",
    color: "#fcc2d7",
  },
  {
    nombre: "Protector",
    descripcion: "Colabora económicamente con la filà sin desfilar.",
    color: "#237032",
  },
];

const FORMAS_PAGO = [
  {
    nombre: "Efectivo",
    descripcion: "Pago en metálico en el casal, contra recibo.",
    domiciliada: false,
  },
  {
    nombre: "Transferencia",
    descripcion: "Transferencia a la cuenta de la filà indicando nombre y matrícula.",
    domiciliada: false,
  },
  {
    nombre: "Domiciliación bancaria",
    descripcion: "Adeudo directo SEPA en la cuenta del socio.",
    domiciliada: true,
  },
  {
    nombre: "Bizum",
    descripcion: "Pago por Bizum al teléfono de la tesorería.",
    domiciliada: false,
  },
] as const;

type NombreFormaPago = (typeof FORMAS_PAGO)[number]["nombre"];

// Badge colours: with the text colour of SPEC §9 (white under luma 165) each one reads at 4.5:1.
const TIPOS_ACTO = [
  {
    nombre: "Assaig",
    descripcion: "Ensayo de la Entrada con la banda de música.",
    color: "#4263eb",
  },
  { nombre: "Dinar", descripcion: "Comida de hermandad en el casal.", color: "#a85100" },
  { nombre: "Sopar", descripcion: "Cena de la filà en el casal.", color: "#364fc7" },
  { nombre: "Entrada", descripcion: "Entrada de Moros i Cristians.", color: "#c92a2a" },
  { nombre: "Diana", descripcion: "Diana festera por la mañana.", color: "#fab005" },
  { nombre: "Missa", descripcion: "Misa en honor de Sant Jordi.", color: "#5c636a" },
  { nombre: "Assemblea", descripcion: "Asamblea general de socios.", color: "#1864ab" },
  { nombre: "Berenar", descripcion: "Merienda para infantiles y juveniles.", color: "#8ce99a" },
] as const;

// ---------------------------------------------------------------------------
// Nombres, apellidos y direcciones
// ---------------------------------------------------------------------------

/** Listas largas escritas en una sola cadena: "a, b, c" → ["a", "b", "c"]. */
function lista(texto: string): readonly string[] {
  return texto.split(",").map((x) => x.trim());
}

export const NOMBRES = {
  hombre: {
    mayores: lista(
      "José, Antonio, Francisco, Vicente, Rafael, Manuel, Juan, Salvador, Enrique, Miguel, Ramón, Joaquín, Luis, Fernando, Pedro, Tomás, Vicent, Josep, Francesc, Enric, Miquel, Joan, Jaume, Gonzalo",
    ),
    adultos: lista(
      "Javier, David, Carlos, Sergio, Pablo, Jordi, Óscar, Raúl, Alberto, Daniel, Rubén, Iván, Víctor, Xavier, Toni, Andreu, Ferran, Alejandro, José Vicente, Juan Carlos, Juan José, Ignacio, Ximo, Lluís, Ricard, Josep Lluís, Rafa, Marcos",
    ),
    jovenes: lista(
      "Hugo, Pau, Marc, Àlex, Martí, Nil, Biel, Lucas, Leo, Mateo, Joel, Adrià, Pol, Arnau, Jan, Izan, Aleix, Guillem, Bruno, Unai, Jorge, Mario",
    ),
  },
  mujer: {
    mayores: lista(
      "María, Carmen, Josefa, Dolores, Amparo, Consuelo, Vicenta, Rosario, Pilar, Teresa, Remedios, Francisca, Isabel, Empar, Rosa, Concepción, Purificación, Milagros, Mercedes, Encarna",
    ),
    adultos: lista(
      "Laura, Marta, Cristina, Raquel, Silvia, Elena, Eva, Núria, Neus, Mireia, Beatriz, Sonia, Mónica, Lorena, Patricia, Inma, Mari Carmen, Ana, Susana, Esther, María José, Yolanda, Gemma, Anna",
    ),
    jovenes: lista(
      "Lucía, Martina, Paula, Júlia, Carla, Aina, Alba, Clara, Irene, Sara, Aitana, Noa, Ona, Valèria, Laia, Marina, Claudia, Emma, Vega, Andrea, Nerea, Mar",
    ),
  },
} as const;

export const APELLIDOS = lista(
  "Sanjuán, Pastor, Jordà, Miró, Moltó, Ferrándiz, Reig, Gisbert, Vilaplana, Santonja, Carbonell, Valor, Boronat, Colomer, Francés, Gomis, Llorens, Mora, Payà, Pérez, García, Martínez, López, Sánchez, Fernández, Ribes, Seguí, Soler, Tormo, Verdú, Belda, Blanes, Calbo, Cantó, Doménech, Esteve, Giner, Insa, Juan, Linares, Mullor, Nadal, Olcina, Ortiz, Pascual, Peidro, Ripoll, Sempere, Terol, Vidal, Abad, Albero, Botella, Cortés, Espí, Jover, Monllor, Matarredona, Pla, Satorre, Silvestre, Valls, Vañó, Rovira, Candela, Aracil, Domènech, Mataix, Company",
);

const POBLACIONES = [
  {
    poblacion: "Alcoi",
    peso: 70,
    codigos: ["03801", "03802", "03803", "03804"],
    calles: lista(
      "Carrer Sant Nicolau, Carrer Sant Llorenç, Avinguda del País Valencià, Carrer Sant Francesc, Carrer Entença, Carrer Sant Tomàs, Carrer Casablanca, Carrer Sant Mateu, Carrer Sant Domènec, Carrer Oliver, Carrer Alcassares, Passeig del Viaducte, Avinguda de l'Alameda, Carrer Santa Rosa, Carrer Joan Cantó, Avinguda de la Hispanitat, Carrer Pintor Cabrera, Carrer Isabel la Catòlica, Carrer Tintoreros, Carrer Sant Vicent, Carrer Sant Josep, Plaça de Dins, Carrer Perú, Carrer Músic Gonçal Blanes",
    ),
  },
  {
    poblacion: "Cocentaina",
    peso: 10,
    codigos: ["03820"],
    calles: [
      "Carrer Major",
      "Avinguda del País Valencià",
      "Carrer Sant Cristòfol",
      "Plaça del Pla",
      "Avinguda de Xàtiva",
    ],
  },
  {
    poblacion: "Muro d'Alcoi",
    peso: 7,
    codigos: ["03830"],
    calles: ["Carrer Major", "Avinguda d'Alacant", "Carrer Sant Joan", "Carrer de la Vila"],
  },
  {
    poblacion: "Banyeres de Mariola",
    peso: 5,
    codigos: ["03450"],
    calles: ["Carrer Major", "Avinguda de la Mariola", "Carrer Sant Jordi", "Carrer del Castell"],
  },
  {
    poblacion: "Ibi",
    peso: 8,
    codigos: ["03440"],
    calles: [
      "Avinguda de la Indústria",
      "Carrer les Eres",
      "Carrer Major",
      "Avinguda de Joan Fuster",
    ],
  },
] as const;

const COMENTARIOS = [
  "Alergia a los frutos secos.",
  "Celíaco: menú sin gluten en los actos.",
  "Intolerancia a la lactosa.",
  "Menú vegetariano en los actos.",
  "Prefiere recibir las comunicaciones por correo electrónico.",
  "Cabo de escuadra en la Entrada de 2025.",
  "Toca el tambor en la escuadra especial.",
  "Forma parte de la comisión de fiestas.",
  "Familia de socios fundadores.",
  "Colabora en el montaje del casal.",
  "Avisar por teléfono antes de pasar el recibo.",
  "Colabora con la revista de la filà.",
];

const MOTIVOS_BAJA = [
  "Traslado de residencia",
  "Traslado de residencia",
  "Motivos personales",
  "Motivos económicos",
  "Motivos de salud",
  "Falta de tiempo",
  "Cambio a otra filà",
];

// ---------------------------------------------------------------------------
// Personas en memoria
// ---------------------------------------------------------------------------

type Sexo = "hombre" | "mujer";

type Hogar = {
  direccion: string;
  poblacion: string;
  codPostal: string;
};

type Cuenta = { iban: string; bic: string };

type Persona = {
  clave: number;
  nombre: string;
  apellidos: string;
  sexo: Sexo;
  tipo: NombreTipo;
  nacimiento: string;
  nif: string | null;
  hogar: Hogar;
  telefono: string;
  email: string;
  cuenta: Cuenta;
  tipoPago: string;
  formaPago: NombreFormaPago;
  alta: string;
  baja: { fecha: string; motivo: string } | null;
  ramell: "si" | "no";
  tipoPagoRamell: "completo" | "fraccionado";
  ramellPagos: number[];
  pagarDerrama: "si" | "no";
  numDamas: number;
  comentarios: string;
  /** Claves locales de las relaciones; se traducen a id al insertar. */
  pagador: number | null;
  pareja: number | null;
  padre: number | null;
  /** Se rellena al insertar. */
  id: number;
  matricula: number;
};

type DatosPersona = {
  tipo: NombreTipo;
  sexo?: Sexo;
  nombre?: string;
  apellidos?: string;
  nacimiento?: string;
  alta?: string;
  hogar?: Hogar;
  cuenta?: Cuenta;
  tipoPago?: string;
  formaPago?: NombreFormaPago;
  comentarios?: string;
  pagador?: Persona;
};

const pad2 = (n: number) => String(n).padStart(2, "0");

function sinAcentos(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");
}

/** Años de nacimiento que mantienen a cada tipo en su franja durante todo {@link ANYO}. */
const NACIMIENTO: Record<NombreTipo, readonly [number, number]> = {
  Infantil: [ANYO - 13, ANYO - 2], // menos de 14 años
  Juvenil: [ANYO - 17, ANYO - 15], // de 14 a 17 años
  Jubilat: [ANYO - 90, ANYO - 66], // 65 años o más
  Fester: [ANYO - 65, ANYO - 19],
  Dama: [ANYO - 65, ANYO - 19],
  Protector: [ANYO - 64, ANYO - 28],
};

function tipoPorAnyoNacimiento(anyo: number): NombreTipo {
  if (anyo >= NACIMIENTO.Infantil[0]) return "Infantil";
  if (anyo >= NACIMIENTO.Juvenil[0] && anyo <= NACIMIENTO.Juvenil[1]) return "Juvenil";
  throw new Error(`Año de nacimiento sin tipo infantil o juvenil: ${anyo}`);
}

class Generador {
  readonly azar = new Azar(SEMILLA);
  readonly personas: Persona[] = [];
  private readonly nifs = new Set<number>();
  private readonly emails = new Set<string>();
  private readonly telefonos = new Set<string>();
  private readonly nombresCompletos = new Set<string>();

  /** Un día del año; si cae antes de `desde` (del mismo año), unas semanas después de `desde`. */
  fecha(anyo: number, desde?: string): string {
    const f = `${anyo}-${pad2(this.azar.entero(1, 12))}-${pad2(this.azar.entero(1, 28))}`;
    if (!desde || f > desde) return f;
    const d = new Date(`${desde}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + this.azar.entero(20, 120));
    const despues = d.toISOString().slice(0, 10);
    return despues > `${anyo}-12-31` ? `${anyo}-12-31` : despues;
  }

  nif(): string {
    for (;;) {
      const n = this.azar.entero(10_000_000, 79_999_999);
      if (!this.nifs.has(n)) {
        this.nifs.add(n);
        return nifDe(n);
      }
    }
  }

  telefono(): string {
    for (;;) {
      const t = `6${this.azar.digitos(2)} ${this.azar.digitos(3)} ${this.azar.digitos(3)}`;
      if (!this.telefonos.has(t)) {
        this.telefonos.add(t);
        return t;
      }
    }
  }

  email(nombre: string, apellidos: string): string {
    const base = `${sinAcentos(nombre.split(" ")[0])}.${sinAcentos(apellidos.split(" ")[0])}`;
    const dominio = this.azar.ponderado([
      ["example.com", 6],
      ["example.org", 2],
      ["example.net", 2],
    ] as const);
    for (let n = 1; ; n++) {
      const email = `${base}${n === 1 ? "" : n}@${dominio}`;
      if (!this.emails.has(email)) {
        this.emails.add(email);
        return email;
      }
    }
  }

  cuenta(): Cuenta {
    const banco = this.azar.ponderado(BANCOS.map((b) => [b, b.peso] as const));
    const oficina = this.azar.digitos(4);
    const numero = this.azar.digitos(10);
    const iban = ibanEspanyol(
      `${banco.entidad}${oficina}${digitosControlCcc(banco.entidad, oficina, numero)}${numero}`,
    );
    if (!isValidIBAN(iban)) throw new Error(`IBAN de demostración no válido: ${iban}`);
    return { iban, bic: banco.bic };
  }

  hogar(): Hogar {
    const pob = this.azar.ponderado(POBLACIONES.map((p) => [p, p.peso] as const));
    let direccion = `${this.azar.elegir(pob.calles)}, ${this.azar.entero(1, 98)}`;
    if (this.azar.prob(0.7)) {
      direccion += `, ${this.azar.entero(1, 6)}º ${this.azar.elegir(["A", "B", "C", "D", "1ª", "2ª"])}`;
    }
    return {
      direccion,
      poblacion: pob.poblacion,
      codPostal: this.azar.elegir(pob.codigos),
    };
  }

  apellidos(): string {
    const primero = this.azar.elegir(APELLIDOS);
    let segundo = this.azar.elegir(APELLIDOS);
    while (segundo === primero) segundo = this.azar.elegir(APELLIDOS);
    return `${primero} ${segundo}`;
  }

  nombrePara(sexo: Sexo, anyoNacimiento: number): string {
    const listas = NOMBRES[sexo];
    const lista =
      anyoNacimiento < 1962
        ? listas.mayores
        : anyoNacimiento < 1995
          ? listas.adultos
          : listas.jovenes;
    return this.azar.elegir(lista);
  }

  tipoPago(): string {
    return this.azar.ponderado([
      ["anual", 70],
      ["semestral", 14],
      ["trimestral", 10],
      ["mensual", 6],
    ] as const);
  }

  formaPago(): NombreFormaPago {
    return this.azar.ponderado([
      ["Domiciliación bancaria", 74],
      ["Transferencia", 11],
      ["Efectivo", 8],
      ["Bizum", 7],
    ] as const);
  }

  /** Fecha de alta coherente con la edad: los niños entran de pequeños; nadie antes de 1955. */
  alta(tipo: NombreTipo, nacimiento: string): string {
    const anyoNac = Number(nacimiento.slice(0, 4));
    if (tipo === "Infantil" || tipo === "Juvenil") {
      const anyo = Math.min(ANYO - 1, anyoNac + this.azar.entero(0, tipo === "Infantil" ? 3 : 8));
      return this.fecha(anyo, nacimiento);
    }
    if (this.azar.prob(0.04))
      return `${ANYO}-${pad2(this.azar.entero(1, 10))}-${pad2(this.azar.entero(1, 28))}`;
    const edadAlta = this.azar.ponderado([
      [this.azar.entero(0, 6), 35],
      [this.azar.entero(7, 20), 35],
      [this.azar.entero(21, 45), 30],
    ] as const);
    const anyo = Math.max(1955, Math.min(ANYO - 1, anyoNac + edadAlta));
    return this.fecha(anyo, nacimiento);
  }

  ramellPagos(tipo: NombreTipo, fraccionado: boolean): number[] {
    if (!fraccionado) return [];
    const total = tipo === "Infantil" || tipo === "Juvenil" ? 9000 : 18000;
    const plazos = this.azar.entero(2, 5);
    const cuota = Math.floor(total / plazos);
    return Array.from({ length: plazos }, (_, i) =>
      i === plazos - 1 ? total - cuota * (plazos - 1) : cuota,
    );
  }

  persona(d: DatosPersona): Persona {
    const az = this.azar;
    const sexo: Sexo =
      d.sexo ??
      (d.tipo === "Dama"
        ? "mujer"
        : az.prob(d.tipo === "Fester" ? 0.72 : d.tipo === "Jubilat" ? 0.8 : 0.55)
          ? "hombre"
          : "mujer");
    const [desde, hasta] = NACIMIENTO[d.tipo];
    const nacimiento = d.nacimiento ?? this.fecha(az.entero(desde, hasta));
    const anyoNac = Number(nacimiento.slice(0, 4));

    let nombre = d.nombre ?? this.nombrePara(sexo, anyoNac);
    let apellidos = d.apellidos ?? this.apellidos();
    for (let intento = 0; this.nombresCompletos.has(`${nombre} ${apellidos}`); intento++) {
      if (intento > 50) throw new Error(`Nombre repetido en la demo: ${nombre} ${apellidos}`);
      if (d.nombre === undefined) nombre = this.nombrePara(sexo, anyoNac);
      else if (d.apellidos === undefined) apellidos = this.apellidos();
      else throw new Error(`Nombre repetido en la demo: ${nombre} ${apellidos}`);
    }
    this.nombresCompletos.add(`${nombre} ${apellidos}`);

    const pagador = d.pagador ?? null;
    const hogar = d.hogar ?? this.hogar();
    const menor = d.tipo === "Infantil";
    const ramell = d.tipo === "Protector" || az.prob(0.15) ? "no" : "si";
    const fraccionado = ramell === "si" && az.prob(0.3);
    const persona: Persona = {
      clave: this.personas.length,
      nombre,
      apellidos,
      sexo,
      tipo: d.tipo,
      nacimiento,
      // Desde los 14 años el DNI es obligatorio; muchos niños ya lo tienen.
      nif: menor && az.prob(0.5) ? null : this.nif(),
      hogar,
      // Los niños de una familia llevan el teléfono de quien paga por ellos.
      telefono: menor && pagador ? pagador.telefono : this.telefono(),
      email: this.email(nombre, apellidos),
      cuenta: d.cuenta ?? pagador?.cuenta ?? this.cuenta(),
      tipoPago:
        d.tipoPago ?? pagador?.tipoPago ?? (d.tipo === "Protector" ? "anual" : this.tipoPago()),
      formaPago: d.formaPago ?? pagador?.formaPago ?? this.formaPago(),
      alta: d.alta ?? this.alta(d.tipo, nacimiento),
      baja: null,
      ramell,
      tipoPagoRamell: fraccionado ? "fraccionado" : "completo",
      ramellPagos: this.ramellPagos(d.tipo, fraccionado),
      pagarDerrama: d.tipo === "Infantil" || d.tipo === "Protector" || az.prob(0.08) ? "no" : "si",
      numDamas: d.tipo === "Dama" ? az.entero(0, 3) : 0,
      comentarios: d.comentarios ?? (az.prob(0.12) ? az.elegir(COMENTARIOS) : ""),
      pagador: pagador?.clave ?? null,
      pareja: null,
      padre: null,
      id: 0,
      matricula: 0,
    };
    this.personas.push(persona);
    return persona;
  }

  /**
   * Un hogar: el cabeza de familia (Fester) paga por los hijos y, a menudo, por la pareja.
   * Los hijos llevan el primer apellido del padre y el primero de la madre.
   */
  familia(opciones: {
    cabeza?: Partial<DatosPersona>;
    pareja?: Partial<DatosPersona>;
    hijos?: Partial<DatosPersona>[];
    parejaPagada?: boolean;
  }): { cabeza: Persona; pareja: Persona; hijos: Persona[] } {
    const az = this.azar;
    const hogar = opciones.cabeza?.hogar ?? this.hogar();
    const sexoCabeza: Sexo = opciones.cabeza?.sexo ?? (az.prob(0.75) ? "hombre" : "mujer");
    const anyoCabeza = az.entero(ANYO - 54, ANYO - 36);
    const cabeza = this.persona({
      tipo: "Fester",
      sexo: sexoCabeza,
      nacimiento: this.fecha(anyoCabeza),
      hogar,
      ...opciones.cabeza,
    });
    const sexoPareja: Sexo = sexoCabeza === "hombre" ? "mujer" : "hombre";
    const anyoPareja = Math.min(
      NACIMIENTO.Fester[1],
      Math.max(NACIMIENTO.Fester[0], anyoCabeza + az.entero(-4, 4)),
    );
    const parejaPagada = opciones.parejaPagada ?? az.prob(0.6);
    const pareja = this.persona({
      tipo: sexoPareja === "mujer" && az.prob(0.5) ? "Dama" : "Fester",
      sexo: sexoPareja,
      nacimiento: this.fecha(anyoPareja),
      hogar,
      pagador: parejaPagada ? cabeza : undefined,
      ...opciones.pareja,
    });
    pareja.pareja = cabeza.clave;
    cabeza.pareja = pareja.clave;

    const padre = sexoCabeza === "hombre" ? cabeza : pareja;
    const madre = sexoCabeza === "hombre" ? pareja : cabeza;
    const apellidosHijos = `${padre.apellidos.split(" ")[0]} ${madre.apellidos.split(" ")[0]}`;

    const hijosPedidos: Partial<DatosPersona>[] =
      opciones.hijos ??
      Array.from(
        {
          length: az.ponderado([
            [1, 30],
            [2, 50],
            [3, 20],
          ] as const),
        },
        () => ({}),
      );
    // Años posibles: que el cabeza tuviera entre 21 y 45 años y el hijo sea infantil o juvenil.
    const anyoMayor = Number(cabeza.nacimiento.slice(0, 4));
    const posibles = az.barajar(
      [...rango(NACIMIENTO.Juvenil), ...rango(NACIMIENTO.Infantil)].filter(
        (a) => a - anyoMayor >= 21 && a - anyoMayor <= 45,
      ),
    );
    const hijos = hijosPedidos.map((pedido, i) => {
      const anyo = posibles[i % posibles.length];
      const nacimiento = pedido.nacimiento ?? this.fecha(anyo);
      const hijo = this.persona({
        tipo: tipoPorAnyoNacimiento(Number(nacimiento.slice(0, 4))),
        apellidos: apellidosHijos,
        nacimiento,
        hogar,
        pagador: cabeza,
        ...pedido,
      });
      hijo.padre = cabeza.clave;
      return hijo;
    });
    return { cabeza, pareja, hijos };
  }
}

function rango([desde, hasta]: readonly [number, number]): number[] {
  return Array.from({ length: hasta - desde + 1 }, (_, i) => desde + i);
}

/** Genera en memoria toda la filà de demostración. */
function generarFila() {
  const g = new Generador();
  const az = g.azar;

  // El presidente, que entra como administrador.
  const presidente = g.persona({
    tipo: "Fester",
    sexo: "hombre",
    nombre: "Rafael",
    apellidos: "Moltó Carbonell",
    nacimiento: "1966-02-11",
    alta: "1978-04-22",
    formaPago: "Domiciliación bancaria",
    tipoPago: "anual",
    comentarios: "Presidente de la filà.",
  });

  // La familia del usuario: paga por su pareja y sus dos hijos.
  const usuario = g.familia({
    cabeza: {
      sexo: "hombre",
      nombre: "Jordi",
      apellidos: "Pastor Gisbert",
      nacimiento: "1981-05-14",
      alta: "1990-04-20",
      formaPago: "Domiciliación bancaria",
      tipoPago: "trimestral",
    },
    pareja: {
      tipo: "Dama",
      nombre: "Laura",
      apellidos: "Ferrándiz Reig",
      nacimiento: "1983-09-03",
      alta: "2008-03-15",
    },
    parejaPagada: true,
    hijos: [
      {
        nombre: "Pau",
        sexo: "hombre",
        nacimiento: `${ANYO - 16}-03-02`,
        alta: `${ANYO - 16}-04-18`,
      },
      {
        nombre: "Martina",
        sexo: "mujer",
        nacimiento: `${ANYO - 10}-09-20`,
        alta: `${ANYO - 9}-01-10`,
      },
    ],
  });

  // Una socia joven que se paga lo suyo y no paga por nadie.
  const socia = g.persona({
    tipo: "Fester",
    sexo: "mujer",
    nombre: "Aitana",
    apellidos: "Boronat Seguí",
    nacimiento: "2002-07-08",
    alta: "2008-04-19",
    formaPago: "Bizum",
    tipoPago: "anual",
  });

  for (let i = 1; i < NUM_FAMILIAS; i++) g.familia({});

  const sueltos: Persona[] = [];
  while (g.personas.length < TOTAL_SOCIOS) {
    const tipo = az.ponderado([
      ["Fester", 50],
      ["Jubilat", 24],
      ["Protector", 9],
      ["Dama", 10],
      ["Juvenil", 4],
      ["Infantil", 3],
    ] as const);
    sueltos.push(g.persona({ tipo }));
  }

  // Bajas: socios sueltos (nunca las cuentas ni las familias) que dejaron la filà.
  const candidatas = sueltos.filter((p) => Number(p.alta.slice(0, 4)) < ANYO);
  for (const p of az.barajar(candidatas).slice(0, NUM_BAJAS)) {
    const anyoAlta = Number(p.alta.slice(0, 4));
    const anyoBaja = az.entero(Math.max(anyoAlta + 1, ANYO - 8), ANYO);
    const fecha =
      anyoBaja === ANYO
        ? `${ANYO}-${pad2(az.entero(1, 10))}-${pad2(az.entero(1, 28))}`
        : g.fecha(anyoBaja);
    p.baja = { fecha, motivo: az.elegir(MOTIVOS_BAJA) };
  }

  return { personas: g.personas, presidente, usuario, socia };
}

// ---------------------------------------------------------------------------
// Carga
// ---------------------------------------------------------------------------

function trozos<T>(lista: readonly T[], tam = LOTE): T[][] {
  const res: T[][] = [];
  for (let i = 0; i < lista.length; i += tam) res.push(lista.slice(i, i + tam));
  return res;
}

const nombreCompleto = (p: Persona) => `${p.nombre} ${p.apellidos}`;

function filaSocio(
  p: Persona,
  ids: { tipo: Map<string, number>; formaPago: Map<string, number>; persona: Persona[] },
): Insertable<SocioTable> {
  const anyoAlta = Number(p.alta.slice(0, 4));
  const hasta = p.baja ? Number(p.baja.fecha.slice(0, 4)) : ANYO;
  const idDe = (clave: number | null) => (clave === null ? null : ids.persona[clave].id || null);
  const pagos = [0, 1, 2, 3, 4].map((i) => p.ramellPagos[i] ?? 0);
  return {
    nombre: p.nombre,
    apellidos: p.apellidos,
    direccion: p.hogar.direccion,
    poblacion: p.hogar.poblacion,
    provincia: "Alacant",
    cod_postal: p.hogar.codPostal,
    telefono: p.telefono,
    email: p.email,
    fecha_nacimiento: p.nacimiento,
    nif: p.nif,
    anyo_alta: anyoAlta,
    id_tipo_socio: ids.tipo.get(p.tipo) ?? null,
    tipo_pago: p.tipoPago,
    id_forma_pago: ids.formaPago.get(p.formaPago) ?? null,
    fecha_alta: p.alta,
    activo: p.baja === null,
    fecha_baja: p.baja?.fecha ?? null,
    motivo_baja: p.baja?.motivo ?? "",
    matricula: p.matricula,
    id_pagador: idDe(p.pagador),
    id_pareja: idDe(p.pareja),
    id_padre: idDe(p.padre),
    pagar_derrama: p.pagarDerrama,
    ramell: p.ramell,
    tipo_pago_ramell: p.tipoPagoRamell,
    anyo_ramell: p.ramell === "si" ? ANYO : null,
    ramell_pago1: pagos[0],
    ramell_pago2: pagos[1],
    ramell_pago3: pagos[2],
    ramell_pago4: pagos[3],
    ramell_pago5: pagos[4],
    sexo: p.sexo,
    comentarios: p.comentarios,
    iban: p.cuenta.iban,
    bic: p.cuenta.bic,
    num_damas: p.numDamas,
    edad_festera: Math.max(0, hasta - anyoAlta),
    imagen: null,
  };
}

/**
 * Carga la filà de demostración. Si la cuenta `admin@filademo.es` ya existe no toca nada
 * y devuelve `{ cargada: false }`; si no, lo inserta todo en una sola transacción.
 * Requiere que exista la fila 1 de `asociacion` (la crea `asegurarAsociacion`).
 */
/**
 * `dataDir` is where the demo documents' files go (as uploads do); without it, no documents.
 * `tamanyo` (DEMO_SOCIOS × DEMO_ANYOS, `seed-escala.ts`): beyond 300 × 1, more members and years
 * of history, generated in bulk SQL.
 */
/** DEMO_TRAZA=1: how long each part of the seed takes (the generator's profile). */
async function traza(nombre: string, paso: () => Promise<void>): Promise<void> {
  const t0 = performance.now();
  await paso();
  if (process.env.DEMO_TRAZA === "1")
    console.log(`${nombre}: ${Math.round(performance.now() - t0)} ms`);
}

export async function cargarDemo(
  db: Database,
  dataDir?: string,
  tamanyo: TamanyoDemo = TAMANYO_DEMO_POR_DEFECTO,
): Promise<{ cargada: boolean }> {
  const yaCargada = async (q: Database) =>
    (await q
      .selectFrom("usuario")
      .select("id")
      .where("email", "=", CUENTAS_DEMO.administrador)
      .executeTakeFirst()) !== undefined;
  if (await yaCargada(db)) return { cargada: false };

  const { personas, presidente, usuario, socia } = generarFila();
  // Un solo hash (argon2 es lento a propósito) para las tres cuentas.
  const hash = await hashPassword(PASSWORD_DEMO);

  return db.transaction().execute(async (tx) => {
    if (await yaCargada(tx)) return { cargada: false };

    const asociacion = await tx
      .selectFrom("asociacion")
      .select("version_condiciones")
      .where("id", "=", 1)
      .executeTakeFirst();
    if (!asociacion) {
      throw new Error("No existe la asociación (id 1): hay que crearla antes de cargar la demo.");
    }
    await tx
      .updateTable("asociacion")
      .set({
        nombre: "Filà Contrabandistes",
        cif: cifDe("G", "0358174"),
        // The street only: the postcode, town and province have their own fields.
        direccion: "Carrer Sant Nicolau, 37",
      })
      .where("id", "=", 1)
      .execute();

    // Maestros: si alguno ya existe con el mismo nombre, se reutiliza.
    await tx
      .insertInto("tipo_socio")
      .values(TIPOS_SOCIO.map((t) => ({ ...t })))
      .onConflict((oc) => oc.column("nombre").doNothing())
      .execute();
    await tx
      .insertInto("forma_pago")
      .values(FORMAS_PAGO.map((f) => ({ ...f })))
      .onConflict((oc) => oc.column("nombre").doNothing())
      .execute();
    // Cash goes to the treasury's cash box (the other methods, to the bank).
    await tx
      .updateTable("forma_pago")
      .set({
        id_cuenta_tesoreria: (eb) =>
          eb.selectFrom("tesoreria_cuenta").select("id").where("tipo", "=", "caja").limit(1),
      })
      .where("nombre", "=", "Efectivo")
      .where("id_cuenta_tesoreria", "is", null)
      .execute();
    // The treasurer's first rules for the bank statement (issue 47): fees and subsidies.
    await sql`
      INSERT INTO tesoreria_regla (texto, tipo, id_categoria)
      SELECT r.texto, r.tipo, c.id
      FROM (VALUES ('COMISION', 'gasto', 'comisiones_bancarias'),
                   ('SUBVENCION', 'ingreso', 'subvenciones')) AS r(texto, tipo, clave)
      JOIN tesoreria_categoria c ON c.clave = r.clave
      WHERE NOT EXISTS (SELECT 1 FROM tesoreria_regla x WHERE x.texto = r.texto)
    `.execute(tx);
    await tx
      .insertInto("tipo_acto")
      .values(TIPOS_ACTO.map((t) => ({ ...t })))
      .onConflict((oc) => oc.column("nombre").doNothing())
      .execute();
    const tipos = await tx.selectFrom("tipo_socio").select(["id", "nombre"]).execute();
    const formas = await tx.selectFrom("forma_pago").select(["id", "nombre"]).execute();
    const ids = {
      tipo: new Map(tipos.map((t) => [t.nombre, t.id])),
      formaPago: new Map(formas.map((f) => [f.nombre, f.id])),
      persona: personas,
    };

    // Matrícula por antigüedad, a continuación de las que ya hubiera.
    const { maxima } = await tx
      .selectFrom("socio")
      .select((eb) => eb.fn.max("matricula").as("maxima"))
      .executeTakeFirstOrThrow();
    const base = Number(maxima ?? 0);
    const porAntiguedad = [...personas].sort(
      (a, b) => a.alta.localeCompare(b.alta) || a.clave - b.clave,
    );
    porAntiguedad.forEach((p, i) => {
      p.matricula = base + i + 1;
    });

    // Primero quien no depende de nadie; después parejas e hijos, que ya apuntan a su id.
    const independientes = personas.filter((p) => p.pagador === null && p.padre === null);
    const dependientes = personas.filter((p) => p.pagador !== null || p.padre !== null);
    for (const grupo of [independientes, dependientes]) {
      for (const lote of trozos(grupo)) {
        const insertados = await tx
          .insertInto("socio")
          .values(lote.map((p) => filaSocio(p, ids)))
          .returning(["id", "matricula"])
          .execute();
        const porMatricula = new Map(insertados.map((f) => [f.matricula, f.id]));
        for (const p of lote) {
          const id = porMatricula.get(p.matricula);
          if (id === undefined) throw new Error(`Socio de demostración sin id: ${p.matricula}`);
          p.id = id;
        }
      }
    }

    // Las parejas se apuntan en los dos sentidos: falta el lado de quien se insertó antes.
    const parejasPendientes = independientes.filter((p) => p.pareja !== null);
    for (const lote of trozos(parejasPendientes)) {
      const valores = sql.join(
        lote.map((p) => sql`(${p.id}::integer, ${personas[p.pareja as number].id}::integer)`),
      );
      await sql`update socio set id_pareja = v.pareja from (values ${valores}) as v(id, pareja) where socio.id = v.id`.execute(
        tx,
      );
    }

    const ahora = new Date();
    await tx
      .insertInto("usuario")
      .values(
        (
          [
            [CUENTAS_DEMO.administrador, "administrador", presidente],
            [CUENTAS_DEMO.usuario, "usuario", usuario.cabeza],
            [CUENTAS_DEMO.socio, "socio", socia],
          ] as const
        ).map(([email, rol, p]) => ({
          email,
          nombre: nombreCompleto(p),
          rol,
          password_hash: hash,
          id_socio: p.id,
          activo: true,
          condiciones_aceptadas_en: ahora,
          condiciones_version: asociacion.version_condiciones,
        })),
      )
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();

    // A bigger filà: its other members before the current year's seeds, which then count them.
    let escala: ContextoEscala | null = null;
    if (!esTamanyoPorDefecto(tamanyo)) {
      const hoy = hoyIso();
      const anyo = Number(hoy.slice(0, 4));
      const admin = await tx
        .selectFrom("usuario")
        .select("id")
        .where("email", "=", CUENTAS_DEMO.administrador)
        .executeTakeFirstOrThrow();
      escala = { tx, tamanyo, anyo, hoy, desde: anyo - tamanyo.anyos + 1, idAdmin: admin.id };
      await traza("sociosDeEscala", () => sociosDeEscala(escala as ContextoEscala));
    }

    await traza("cargarDemoRemesas", () => cargarDemoRemesas(tx));
    await traza("cargarDemoPagos", () => cargarDemoPagos(tx));
    await traza("cargarDemoLoteria", () => cargarDemoLoteria(tx));
    await traza("cargarDemoEstructura", () => cargarDemoEstructura(tx));
    await traza("cargarDemoActos", () => cargarDemoActos(tx));
    await traza("cargarDemoComunicacion", () => cargarDemoComunicacion(tx, dataDir));
    await traza("cargarDemoMercadillo", () => cargarDemoMercadillo(tx));
    if (escala) await cargarHistoriaDeEscala(escala);

    return { cargada: true };
  });
}
