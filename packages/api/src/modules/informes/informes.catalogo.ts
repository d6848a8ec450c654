import type {
  ColumnaInforme,
  ColumnaListadoSocios,
  FiltroCatalogo,
  IdInforme,
  InformeCatalogo,
} from "@fila/domain";

const f = {
  q: { clave: "q", etiqueta: "Buscar", tipo: "busqueda" },
  anyo: { clave: "anyo", etiqueta: "Año", tipo: "anyo" },
  mes: { clave: "mes", etiqueta: "Mes", tipo: "mes" },
  desde: { clave: "desde", etiqueta: "Desde", tipo: "fecha" },
  hasta: { clave: "hasta", etiqueta: "Hasta", tipo: "fecha" },
  tipo: { clave: "tipo", etiqueta: "Tipo de socio", tipo: "tipoSocio" },
  activo: { clave: "activo", etiqueta: "Estado", tipo: "activo" },
  sexo: { clave: "sexo", etiqueta: "Sexo", tipo: "sexo" },
  edad: { clave: "edad", etiqueta: "Edad", tipo: "edad" },
  columnas: { clave: "columnas", etiqueta: "Columnas", tipo: "columnas" },
} satisfies Record<string, FiltroCatalogo>;

const opciones = (clave: string, etiqueta: string, lista: [string, string][]): FiltroCatalogo => ({
  clave,
  etiqueta,
  tipo: "opciones",
  opciones: lista.map(([valor, texto]) => ({ valor, etiqueta: texto })),
});

/** Every report of the Informes page, in the order the page shows them. */
export const CATALOGO: readonly InformeCatalogo[] = [
  {
    id: "socios",
    grupo: "Socios",
    titulo: "Listado de socios",
    descripcion: "Los socios con los filtros de la lista y las columnas que elijas.",
    filtros: [f.q, f.tipo, f.activo, f.sexo, f.edad, f.columnas],
    conGrafico: false,
  },
  {
    id: "cumpleanyos",
    grupo: "Socios",
    titulo: "Cumpleaños y aniversarios festeros",
    descripcion:
      "Quién cumple años en un mes o entre dos fechas, y quién cumple 25, 50 o 75 años de fester.",
    filtros: [
      opciones("vista", "Ver", [
        ["cumpleanyos", "Cumpleaños"],
        ["aniversarios", "Aniversarios festeros"],
      ]),
      f.mes,
      f.desde,
      f.hasta,
    ],
    conGrafico: false,
  },
  {
    id: "estadisticas",
    grupo: "Socios",
    titulo: "Estadísticas de socios",
    descripcion:
      "Socios activos por tipo, sexo y edad; altas, bajas y activos de los últimos 10 años.",
    filtros: [
      opciones("por", "Ver", [
        ["tipo", "Por tipo"],
        ["sexo", "Por sexo"],
        ["edad", "Por edad"],
        ["altas", "Altas y bajas por año"],
        ["activos", "Activos por año"],
      ]),
      f.anyo,
    ],
    conGrafico: true,
  },
  {
    id: "deudas",
    grupo: "Económicos",
    titulo: "Deudas pendientes",
    descripcion: "Lo que se debe por socio o por pagador, según los días vencidos.",
    filtros: [
      opciones("agrupar", "Agrupar por", [
        ["socio", "Socio"],
        ["pagador", "Pagador"],
      ]),
      f.tipo,
      f.anyo,
    ],
    conGrafico: true,
  },
  {
    id: "recaudacion",
    grupo: "Económicos",
    titulo: "Recaudación",
    descripcion:
      "Emitido, cobrado, pendiente, devuelto y anulado por producto o por mes de vencimiento; cobrado por mes de pago.",
    filtros: [
      f.anyo,
      opciones("desglose", "Por", [
        ["producto", "Producto"],
        ["mes", "Mes de vencimiento"],
      ]),
    ],
    conGrafico: true,
  },
  {
    id: "remesas",
    grupo: "Económicos",
    titulo: "Remesas",
    descripcion: "Cada remesa con sus adeudos, importe, devoluciones y sus motivos.",
    filtros: [f.desde, f.hasta],
    conGrafico: false,
  },
  {
    id: "derrama",
    grupo: "Económicos",
    titulo: "Derrama",
    descripcion: "Importe, pagado, pendiente y años que quedan de la derrama de cada socio.",
    filtros: [f.tipo, f.activo],
    conGrafico: false,
  },
  {
    id: "ramell",
    grupo: "Económicos",
    titulo: "Ramell",
    descripcion: "Modalidad y plazos pagados del ramell de cada socio en un año.",
    filtros: [f.anyo, f.tipo],
    conGrafico: false,
  },
  {
    id: "inscripciones",
    grupo: "Actos",
    titulo: "Inscripciones",
    descripcion: "Inscritos, invitados, aforo ocupado e importe de cada acto de un periodo.",
    filtros: [f.desde, f.hasta],
    conGrafico: true,
  },
  {
    id: "puntos",
    grupo: "Actos",
    titulo: "Ranking de puntos",
    descripcion: "Los puntos por asistencia a actos de un año, o de siempre si no eliges año.",
    filtros: [f.anyo],
    conGrafico: false,
  },
];

const col = (clave: string, titulo: string, tipo: ColumnaInforme["tipo"] = "texto") => ({
  clave,
  titulo,
  tipo,
});

export const TITULO_COLUMNA_SOCIO: Record<ColumnaListadoSocios, ColumnaInforme> = {
  matricula: col("matricula", "Matrícula", "entero"),
  apellidos: col("apellidos", "Apellidos"),
  nombre: col("nombre", "Nombre"),
  nif: col("nif", "NIF"),
  tipo: col("tipo", "Tipo"),
  sexo: col("sexo", "Sexo"),
  fechaNacimiento: col("fechaNacimiento", "Fecha de nacimiento", "fecha"),
  edad: col("edad", "Edad", "entero"),
  telefono: col("telefono", "Teléfono"),
  email: col("email", "Email"),
  direccion: col("direccion", "Dirección"),
  poblacion: col("poblacion", "Población"),
  fechaAlta: col("fechaAlta", "Fecha de alta", "fecha"),
  edadFestera: col("edadFestera", "Años de fester", "entero"),
  activo: col("activo", "Activo"),
  fechaBaja: col("fechaBaja", "Fecha de baja", "fecha"),
};

export const COLUMNAS_SOCIOS_POR_DEFECTO: ColumnaListadoSocios[] = [
  "matricula",
  "apellidos",
  "nombre",
  "tipo",
  "telefono",
  "email",
  "activo",
];

/** Columns of every report but socios (its columns are picked) and estadisticas (by view). */
export const COLUMNAS: Record<Exclude<IdInforme, "socios" | "estadisticas">, ColumnaInforme[]> & {
  deudasPagador: ColumnaInforme[];
  aniversarios: ColumnaInforme[];
} = {
  deudas: [
    col("matricula", "Matrícula", "entero"),
    col("socio", "Socio"),
    col("tipo", "Tipo"),
    col("cargos", "Cargos", "entero"),
    col("noVencido", "No vencido", "euros"),
    col("d30", "Vencido 1–30 días", "euros"),
    col("d90", "Vencido 31–90 días", "euros"),
    col("mas90", "Vencido más de 90 días", "euros"),
    col("total", "Total", "euros"),
  ],
  deudasPagador: [
    col("matricula", "Matrícula", "entero"),
    col("socio", "Pagador"),
    col("tipo", "Tipo"),
    col("numSocios", "Socios a su cargo", "entero"),
    col("cargos", "Cargos", "entero"),
    col("noVencido", "No vencido", "euros"),
    col("d30", "Vencido 1–30 días", "euros"),
    col("d90", "Vencido 31–90 días", "euros"),
    col("mas90", "Vencido más de 90 días", "euros"),
    col("total", "Total", "euros"),
  ],
  recaudacion: [
    col("producto", "Producto"),
    col("cargos", "Cargos", "entero"),
    col("emitido", "Emitido", "euros"),
    col("cobrado", "Cobrado", "euros"),
    col("pendiente", "Pendiente", "euros"),
    col("devuelto", "Devuelto", "euros"),
    col("anulado", "Anulado", "euros"),
  ],
  remesas: [
    col("remesa", "Remesa"),
    col("fechaCobro", "Fecha de cobro", "fecha"),
    col("estado", "Estado"),
    col("numAdeudos", "Adeudos", "entero"),
    col("importe", "Importe", "euros"),
    col("devueltos", "Devueltos", "entero"),
    col("importeDevuelto", "Importe devuelto", "euros"),
    col("motivos", "Motivos de devolución"),
  ],
  derrama: [
    col("matricula", "Matrícula", "entero"),
    col("socio", "Socio"),
    col("tipo", "Tipo"),
    col("tipoDerrama", "Derrama"),
    col("anyoDerrama", "Año", "entero"),
    col("importe", "Importe", "euros"),
    col("pagado", "Pagado", "euros"),
    col("pendiente", "Pendiente", "euros"),
    col("anyosRestantes", "Años que quedan", "entero"),
  ],
  ramell: [
    col("matricula", "Matrícula", "entero"),
    col("socio", "Socio"),
    col("tipo", "Tipo"),
    col("modalidad", "Modalidad"),
    col("plazo1", "Plazo 1", "euros"),
    col("plazo2", "Plazo 2", "euros"),
    col("plazo3", "Plazo 3", "euros"),
    col("plazo4", "Plazo 4", "euros"),
    col("plazo5", "Plazo 5", "euros"),
    col("pagado", "Pagado", "euros"),
    col("pendiente", "Pendiente", "euros"),
  ],
  inscripciones: [
    col("acto", "Acto"),
    col("fecha", "Fecha", "fecha"),
    col("estado", "Estado"),
    col("socios", "Socios", "entero"),
    col("invitados", "Invitados", "entero"),
    col("plazas", "Plazas ocupadas", "entero"),
    col("aforo", "Aforo", "entero"),
    col("ocupacion", "Ocupación", "porcentaje"),
    col("importe", "Importe", "euros"),
    col("cobrado", "Cobrado", "euros"),
  ],
  puntos: [
    col("matricula", "Matrícula", "entero"),
    col("socio", "Socio"),
    col("actos", "Actos", "entero"),
    col("puntos", "Puntos", "entero"),
  ],
  cumpleanyos: [
    col("dia", "Día"),
    col("socio", "Socio"),
    col("edad", "Cumple", "entero"),
    col("fechaNacimiento", "Fecha de nacimiento", "fecha"),
    col("telefono", "Teléfono"),
    col("email", "Email"),
  ],
  aniversarios: [
    col("edadFestera", "Años de fester", "entero"),
    col("socio", "Socio"),
    col("tipo", "Tipo"),
    col("telefono", "Teléfono"),
    col("email", "Email"),
  ],
};
