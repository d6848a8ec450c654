/**
 * The member list's filters, kept in the URL query (`#/socios?q=…&tipo=…`) so that a reload or
 * a shared link shows the same list. Defaults are left out of the URL.
 */

export const ESTADOS = ["1", "0", "todos"] as const;
export type Estado = (typeof ESTADOS)[number];

export const TAMANYOS_PAGINA = [25, 50, 100, 200] as const;

export type FiltrosSocios = {
  q: string;
  tipo: string;
  /** "1" active members, "0" leavers (bajas), "todos" both. */
  activo: Estado;
  sexo: string;
  edadMin: string;
  edadMax: string;
  /** A group or escuadra (issue 49): its members. */
  grupo: string;
  /** "1" with a charge still to collect, "0" without any, "" either (issue 51). */
  conDeuda: "" | "1" | "0";
  page: number;
  pageSize: number;
  /** `campo` ascending, `-campo` descending. */
  sort: string;
};

export const FILTROS_POR_DEFECTO: FiltrosSocios = {
  q: "",
  tipo: "",
  activo: "1",
  sexo: "",
  edadMin: "",
  edadMax: "",
  grupo: "",
  conDeuda: "",
  page: 1,
  pageSize: 50,
  sort: "apellidos",
};

const CAMPO_ORDEN = /^-?[a-zA-Z]+$/;

function entero(texto: string | null, minimo: number, maximo: number): number | null {
  if (texto === null || !/^\d+$/.test(texto)) return null;
  const n = Number(texto);
  return n >= minimo && n <= maximo ? n : null;
}

function edad(texto: string | null): string {
  const n = entero(texto, 0, 150);
  return n === null ? "" : String(n);
}

/** Reads the filters from a URL query; anything missing or malformed takes its default. */
export function filtrosDesdeUrl(params: URLSearchParams): FiltrosSocios {
  const d = FILTROS_POR_DEFECTO;
  const activo = params.get("activo");
  const sort = params.get("sort");
  const pageSize = entero(params.get("pageSize"), 1, 200);
  return {
    q: params.get("q")?.trim() ?? d.q,
    tipo:
      entero(params.get("tipo"), 1, Number.MAX_SAFE_INTEGER) === null
        ? d.tipo
        : String(params.get("tipo")),
    activo: (ESTADOS as readonly string[]).includes(activo ?? "") ? (activo as Estado) : d.activo,
    sexo:
      params.get("sexo") === "hombre" || params.get("sexo") === "mujer"
        ? String(params.get("sexo"))
        : d.sexo,
    edadMin: edad(params.get("edadMin")),
    edadMax: edad(params.get("edadMax")),
    grupo:
      entero(params.get("grupo"), 1, 2_147_483_647) === null
        ? d.grupo
        : String(params.get("grupo")),
    conDeuda:
      params.get("conDeuda") === "1" || params.get("conDeuda") === "0"
        ? (params.get("conDeuda") as "1" | "0")
        : d.conDeuda,
    page: entero(params.get("page"), 1, Number.MAX_SAFE_INTEGER) ?? d.page,
    pageSize: pageSize ?? d.pageSize,
    sort: sort !== null && CAMPO_ORDEN.test(sort) ? sort : d.sort,
  };
}

/** The URL query for some filters: only what differs from the defaults. */
export function filtrosAUrl(filtros: FiltrosSocios): URLSearchParams {
  const params = new URLSearchParams();
  for (const clave of Object.keys(FILTROS_POR_DEFECTO) as (keyof FiltrosSocios)[]) {
    const valor = filtros[clave];
    if (valor !== FILTROS_POR_DEFECTO[clave] && valor !== "") params.set(clave, String(valor));
  }
  return params;
}

/** The query of `GET /api/socios` for some filters ("todos" sends no `activo`). */
export function filtrosAApi(filtros: FiltrosSocios): URLSearchParams {
  const params = new URLSearchParams();
  if (filtros.q !== "") params.set("q", filtros.q);
  if (filtros.tipo !== "") params.set("tipo", filtros.tipo);
  if (filtros.activo !== "todos") params.set("activo", filtros.activo);
  if (filtros.sexo !== "") params.set("sexo", filtros.sexo);
  if (filtros.edadMin !== "") params.set("edadMin", filtros.edadMin);
  if (filtros.edadMax !== "") params.set("edadMax", filtros.edadMax);
  if (filtros.grupo !== "") params.set("grupo", filtros.grupo);
  if (filtros.conDeuda !== "") params.set("conDeuda", filtros.conDeuda);
  params.set("page", String(filtros.page));
  params.set("pageSize", String(filtros.pageSize));
  params.set("sort", filtros.sort);
  return params;
}

/** Changing any filter other than the page goes back to the first page. */
export function conCambio(filtros: FiltrosSocios, cambio: Partial<FiltrosSocios>): FiltrosSocios {
  const siguiente = { ...filtros, ...cambio };
  if (!("page" in cambio)) siguiente.page = 1;
  return siguiente;
}
